/**
 * Finding a message by its words, between two members in separate browsers: from Friends & Chats
 * across the member's chats, and from a chat's header within it. A result opens the chat at the
 * message, highlighted, loading older pages to reach it; a deleted message is never found.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { call, friendsInChat } from "./people";
import { messageList } from "./ui";

const results = (page: Page) => page.getByRole("list", { name: "Messages found" }).getByRole("listitem");

/** The message's row, highlighted and on screen. */
async function openedAt(page: Page, text: string) {
  const row = messageList(page).locator("li[data-highlighted]").filter({ hasText: text });
  await row.waitFor();
  await expect.poll(() => row.evaluate((el) => el.getBoundingClientRect().top > 0)).toBe(true);
  expect(await row.isVisible()).toBe(true);
}

test("a search on Friends & Chats or in a chat's header opens the chat at the message found, highlighted", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Search", "Bob Search");
  const say = (content: string) =>
    call<{ id: number }>(ada, "chats.send", { chatId, clientId: crypto.randomUUID(), content });
  await say("The blue whale surfaced at dawn");
  await call(bob, "chats.send", { chatId, clientId: crypto.randomUUID(), content: "Dawn is too early for me" });
  const gone = await say("A whale of a secret, deleted");
  for (let n = 1; n <= 70; n++) await say(`Filler ${n}`);
  await say("Meet at the lighthouse");
  await call(ada, "messages.remove", { chatId, messageId: gone.id });

  // Across all of Bob's chats each result names its chat and who wrote it, the words found marked.
  await bob.page.goto("/friends");
  const everywhere = bob.page.getByRole("searchbox", { name: "Search messages in all chats" });
  await everywhere.fill("DAWN");
  await expect.poll(() => results(bob.page).count()).toBe(2);
  const [mine, hers] = [results(bob.page).nth(0), results(bob.page).nth(1)];
  await mine.getByText("Ada Search · You", { exact: true }).waitFor();
  expect(await mine.locator("mark").allTextContents()).toEqual(["Dawn"]);
  await hers.getByText("Ada Search · Ada Search", { exact: true }).waitFor();
  expect(await hers.locator("mark").allTextContents()).toEqual(["dawn"]);

  // The first message, which the chat's newest page does not hold.
  await everywhere.fill("whal");
  await expect
    .poll(() => results(bob.page).allTextContents())
    .toEqual([expect.stringContaining("The blue whale surfaced at dawn")]);
  expect(await results(bob.page).first().locator("mark").allTextContents()).toEqual(["whale"]);
  await results(bob.page).first().getByRole("link").click();
  await expect.poll(() => new URL(bob.page.url()).pathname).toBe(`/chat/${chatId}`);
  await openedAt(bob.page, "The blue whale surfaced at dawn");

  // Within the chat, from its header: nothing for words no message has, then a result by keyboard.
  await bob.page.getByRole("button", { name: "Search messages" }).click();
  const box = bob.page.getByRole("searchbox", { name: "Search this chat" });
  await box.fill("nothing like it");
  await bob.page.getByRole("status").filter({ hasText: "No messages found" }).waitFor();
  await box.fill("lighthouse");
  await results(bob.page).filter({ hasText: "Meet at the lighthouse" }).waitFor();
  expect(await results(bob.page).first().locator("mark").allTextContents()).toEqual(["lighthouse"]);
  await box.press("Tab");
  await bob.page.keyboard.press("Enter");
  await bob.page.getByRole("searchbox", { name: "Search this chat" }).waitFor({ state: "hidden" });
  await openedAt(bob.page, "Meet at the lighthouse");
});
