/**
 * A chat with a long history, as a member who reads it: 500 messages open at the 'New messages'
 * line, then follow new ones at the bottom; a message found by search and a quoted original far
 * back are brought into view, loading the pages between; read to the end, they open at the newest
 * and stay there as a code block arrives and is highlighted; only the rows near the view are in the page.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { call, friendsInChat } from "./people";
import { messageList } from "./ui";

const label = (n: number) => `Message ${String(n).padStart(3, "0")}`;

/** The nth message's own words in its row (not a quote of them): Ada's messages are the chat's only ones, so its nth. */
const words = (page: Page, n: number) =>
  messageList(page).locator(`li[data-seq="${n}"]`).getByText(label(n), { exact: true });

/** Wholly inside the message list's view: what a member sees without scrolling. */
async function inView(locator: Locator) {
  await locator.waitFor();
  await expect
    .poll(() =>
      locator.evaluate((el) => {
        const view = el.closest("[data-testid=message-scroller]")!.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        return box.top >= view.top && box.bottom <= view.bottom;
      }),
    )
    .toBe(true);
}

/** How far the conversation is scrolled above its newest message's end, in pixels. */
const gapBelow = (page: Page) =>
  page.getByTestId("message-scroller").evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

/** Ada's 500 messages to Bob; `say` sends another of hers, `sent` holds each one's id by its number. */
async function longHistory(newPage: () => Promise<Page>, first: string, second: string) {
  const { ada, bob, chatId } = await friendsInChat(newPage, first, second);
  const say = (content: string, replyToId?: number) =>
    call<{ id: number }>(ada, "chats.send", { chatId, clientId: crypto.randomUUID(), content, replyToId });
  const sent: number[] = [];
  for (let n = 1; n <= 500; n++) sent[n] = (await say(label(n))).id;
  return { bob, chatId, say, sent };
}

test("a chat of 500 messages opens at the New messages line, follows new ones, and brings far-back messages into view", async ({
  newPage,
}) => {
  const { bob, chatId, say, sent } = await longHistory(newPage, "Ada Long", "Bob Long");
  // Bob's page displayed the first 480.
  await call(bob, "chats.markRead", { chatId, seq: 480 });

  await bob.page.goto(`/chat/${chatId}`);
  await inView(messageList(bob.page).getByRole("separator", { name: "New messages" }));
  await inView(words(bob.page, 481));
  await expectFewRows(bob.page);

  // At the bottom, a new message shows there and the view stays with it.
  await words(bob.page, 500).scrollIntoViewIfNeeded();
  await inView(words(bob.page, 500));
  await say(label(501));
  await inView(words(bob.page, 501));

  // A search of the chat opens far back, at the message found, highlighted.
  await bob.page.getByRole("button", { name: "Search messages" }).click();
  await bob.page.getByRole("searchbox", { name: "Search this chat" }).fill("042");
  await bob.page.getByRole("list", { name: "Messages found" }).getByRole("link").first().click();
  const found = messageList(bob.page)
    .locator("li[data-highlighted]")
    .filter({ has: bob.page.getByText(label(42), { exact: true }) });
  await inView(found);

  // A reply quoting the twelfth message arrives far below: the New messages pill takes Bob down to
  // it, and its quote brings the original into view.
  const reply = await say("Back to this one", sent[12]);
  await bob.page.getByRole("button", { name: "New messages" }).click();
  await inView(messageList(bob.page).locator(`li[data-message-id="${reply.id}"]`));
  await messageList(bob.page)
    .getByRole("button", { name: /^Reply to Ada Long: Message 012/ })
    .click();
  await inView(words(bob.page, 12));

  // Only the rows near the view are in the page, each message once, wherever the member is.
  await expectFewRows(bob.page);
});

test("a chat of 500 messages read to its end opens at the newest and stays there as a code block arrives and is highlighted", async ({
  newPage,
}) => {
  const { bob, chatId, say } = await longHistory(newPage, "Ada End", "Bob End");
  await call(bob, "chats.markRead", { chatId, seq: 500 });

  await bob.page.goto(`/chat/${chatId}`);
  await inView(words(bob.page, 500));
  await expect.poll(() => gapBelow(bob.page)).toBeLessThan(2);
  expect(await messageList(bob.page).getByRole("separator", { name: "New messages" }).count()).toBe(0);
  await expectFewRows(bob.page);

  // The block grows as its highlighter arrives, after it was first laid out: Bob stays at the bottom.
  await say("```ts\nconst orbit = passes.find((pass) => pass.elevation > 30);\n```");
  const block = messageList(bob.page).locator("[data-code-block]");
  await block.locator(".hljs-keyword").first().waitFor();
  await inView(block);
  await expect.poll(() => gapBelow(bob.page)).toBeLessThan(2);
});

/** The history is long, but the page holds only the rows around what is shown: fewer than a tenth, none twice. */
async function expectFewRows(page: Page) {
  const seqs = await messageList(page)
    .locator("li[data-seq]")
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.seq));
  expect(seqs.length).toBeGreaterThan(0);
  expect(seqs.length).toBeLessThan(50);
  expect(new Set(seqs).size).toBe(seqs.length);
}
