/**
 * What members do to messages, between two members in separate browsers, live through the rooms:
 * reply (and jump to the original, loading older pages), react and take it back, edit, delete, read
 * receipts and the 'New messages' line.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { call, friendsInChat, groupChat, type Person } from "./people";
import { axeScanner, messageList, toast } from "./ui";

/** The row of the message with this text (its own words, not a quote of it). */
const row = (page: Page, text: string) =>
  messageList(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(text, { exact: true }) });
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Message actions" });

async function sendMessage(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
}

/** Stored through the API, as the sender's page would store it. */
const say = (who: Person, chatId: string, content: string, replyToId?: number) =>
  call<{ id: number; seq: number }>(who, "chats.send", { chatId, clientId: crypto.randomUUID(), content, replyToId });

/** Hovers the message and picks from its toolbar. */
async function fromToolbar(page: Page, text: string, action: string) {
  await row(page, text).hover();
  await toolbar(page).getByRole("button", { name: action }).click();
}

test("a reply quotes its original; clicking the quote scrolls to it, loading older pages, and a deleted original says so", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Reply", "Bob Reply");
  const original = await say(ada, chatId, "Where shall we start?\nThe second line stays out of quotes");
  for (let n = 1; n <= 70; n++) await say(ada, chatId, `Filler ${n}`);
  await call(bob, "chats.markRead", { chatId, seq: 71 });
  await ada.page.goto(`/chat/${chatId}`);
  await bob.page.goto(`/chat/${chatId}`);
  await row(bob.page, "Filler 70").waitFor();

  // Bob answers the newest from its toolbar: the quote shows above the composer, then in the message.
  await fromToolbar(bob.page, "Filler 70", "Reply");
  await bob.page.getByRole("status").filter({ hasText: "Replying to Ada Reply" }).waitFor();
  await sendMessage(bob.page, "Seventy it is");
  const answer = row(ada.page, "Seventy it is");
  await answer.getByRole("button", { name: /^Reply to Ada Reply: Filler 70\./ }).waitFor();
  expect(await bob.page.getByText("Replying to Ada Reply").count()).toBe(0);

  // A reply to the very first message, which neither page holds (the newest 50 are loaded).
  await say(bob, chatId, "Back to the start", original.id);
  const quote = row(ada.page, "Back to the start").getByRole("button", { name: /^Reply to Ada Reply/ });
  await quote.waitFor();
  expect(await quote.textContent()).toBe("Ada ReplyWhere shall we start?");
  expect(
    await messageList(ada.page)
      .getByText(/^Where shall we start\?/)
      .count(),
  ).toBe(1);
  await quote.click();
  const first = messageList(ada.page).getByRole("listitem").filter({ hasText: "The second line stays out of quotes" });
  await first.waitFor();
  await expect.poll(() => first.evaluate((el) => el.getBoundingClientRect().top > 0)).toBe(true);
  expect(await first.isVisible()).toBe(true);

  // The original goes: the quote says so, live on the other page.
  await first.hover();
  await toolbar(ada.page).getByRole("button", { name: "Delete" }).click();
  await ada.page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await row(bob.page, "Back to the start").getByText("Original message deleted").waitFor();
  expect(await row(bob.page, "Back to the start").getByText("Where shall we start?").count()).toBe(0);
});

test("reactions: picked from the toolbar or by keyboard, counted live on both pages with who on hover, and taken back", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada React", "Bob React");
  await say(bob, chatId, "Ship it on Friday?");
  await ada.page.goto(`/chat/${chatId}`);
  await bob.page.goto(`/chat/${chatId}`);
  await row(ada.page, "Ship it on Friday?").waitFor();

  await fromToolbar(ada.page, "Ship it on Friday?", "React with thumbs up");
  const onBob = row(bob.page, "Ship it on Friday?").getByRole("button", { name: /^👍 1: Ada React$/ });
  await onBob.waitFor();

  // Bob, by keyboard: the message's actions button, its toolbar, the first reaction.
  await row(bob.page, "Ship it on Friday?").getByRole("button", { name: "Message actions" }).focus();
  await bob.page.keyboard.press("Enter");
  await expect
    .poll(() =>
      toolbar(bob.page)
        .getByRole("button", { name: "React with thumbs up" })
        .evaluate((el) => el === document.activeElement),
    )
    .toBe(true);
  await bob.page.keyboard.press("Enter");
  const both = row(ada.page, "Ship it on Friday?").getByRole("button", { name: /^👍 2: / });
  await both.waitFor();
  expect(await both.getAttribute("aria-pressed")).toBe("true");
  await both.hover();
  await ada.page.getByRole("tooltip").filter({ hasText: "You and Bob React reacted with thumbs up" }).waitFor();

  // Taken back from the count itself, live on the other page; one reaction each, however often pressed.
  await both.click();
  await row(bob.page, "Ship it on Friday?")
    .getByRole("button", { name: /^👍 1: You$/ })
    .waitFor();
  await row(bob.page, "Ship it on Friday?")
    .getByRole("button", { name: /^👍 1: You$/ })
    .click();
  await row(ada.page, "Ship it on Friday?").getByRole("button", { name: /^👍/ }).waitFor({ state: "detached" });
  expect(await row(bob.page, "Ship it on Friday?").getByRole("button", { name: /^👍/ }).count()).toBe(0);

  // On a phone, a finger resting on the message opens the same reactions, in a sheet.
  await ada.page.mouse.move(0, 0);
  await row(ada.page, "Ship it on Friday?").dispatchEvent("pointerdown", { pointerType: "touch", isPrimary: true });
  await ada.page
    .getByRole("dialog", { name: "Message actions" })
    .getByRole("button", { name: "React with heart" })
    .click();
  await row(bob.page, "Ship it on Friday?")
    .getByRole("button", { name: /^❤️ 1: Ada React$/ })
    .waitFor();
});

test("an edit replaces the text on both pages and is marked '(edited)' with its time on hover", async ({ newPage }) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Edit", "Bob Edit");
  await ada.page.goto(`/chat/${chatId}`);
  await bob.page.goto(`/chat/${chatId}`);
  await sendMessage(ada.page, "Meet at 3");
  await row(bob.page, "Meet at 3").waitFor();

  // Only one's own messages offer Edit.
  await row(bob.page, "Meet at 3").hover();
  await toolbar(bob.page).waitFor();
  expect(await toolbar(bob.page).getByRole("button", { name: "Edit" }).count()).toBe(0);

  await fromToolbar(ada.page, "Meet at 3", "Edit");
  const box = ada.page.getByRole("textbox", { name: "Message" });
  expect(await box.inputValue()).toBe("Meet at 3");
  await ada.page.getByText("Editing message").waitFor();
  await box.fill("Meet at 4");
  await box.press("Enter");

  const edited = row(bob.page, "Meet at 4");
  await edited.getByText("(edited)").waitFor();
  expect(await messageList(bob.page).getByText("Meet at 3", { exact: true }).count()).toBe(0);
  await row(ada.page, "Meet at 4").getByText("(edited)").waitFor();
  await edited.getByText("(edited)").hover();
  await bob.page
    .getByRole("tooltip")
    .filter({ hasText: /^Edited / })
    .waitFor();

  // Escape leaves an edit without saving it.
  await fromToolbar(ada.page, "Meet at 4", "Edit");
  await box.fill("Never sent");
  await box.press("Escape");
  expect(await box.inputValue()).toBe("");
  expect(await ada.page.getByText("Editing message").count()).toBe(0);
  await bob.page.reload();
  await row(bob.page, "Meet at 4").getByText("(edited)").waitFor();
});

test("a deleted message shows 'This message was deleted' on both pages, its reactions gone", async ({ newPage }) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Delete", "Bob Delete");
  const sent = await say(ada, chatId, "Oops, wrong chat");
  await call(bob, "messages.react", { chatId, messageId: sent.id, emoji: "😂", on: true });
  await ada.page.goto(`/chat/${chatId}`);
  await bob.page.goto(`/chat/${chatId}`);
  await row(bob.page, "Oops, wrong chat").getByRole("button", { name: /^😂 1/ }).waitFor();

  // Bob may not delete Ada's message in a private chat.
  await row(bob.page, "Oops, wrong chat").hover();
  await toolbar(bob.page).waitFor();
  expect(await toolbar(bob.page).getByRole("button", { name: "Delete" }).count()).toBe(0);

  await fromToolbar(ada.page, "Oops, wrong chat", "Delete");
  const dialog = ada.page.getByRole("alertdialog", { name: "Delete message?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await row(ada.page, "Oops, wrong chat").waitFor();
  await fromToolbar(ada.page, "Oops, wrong chat", "Delete");
  await dialog.getByRole("button", { name: "Delete" }).click();

  for (const page of [ada.page, bob.page]) {
    await messageList(page).getByText("This message was deleted").waitFor();
    expect(await messageList(page).getByText("Oops, wrong chat").count()).toBe(0);
    expect(await messageList(page).getByRole("button", { name: /^😂/ }).count()).toBe(0);
  }
  await row(bob.page, "This message was deleted").hover();
  expect(await toolbar(bob.page).count()).toBe(0);
});

test("'Seen' shows under the member's last message once the other opens the chat, unless receipts are off", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Seen", "Bob Seen");
  await ada.page.goto(`/chat/${chatId}`);
  await sendMessage(ada.page, "Are you there?");
  await row(ada.page, "Are you there?").waitFor();
  await ada.page.waitForTimeout(500);
  expect(await messageList(ada.page).getByText("Seen", { exact: true }).count()).toBe(0);

  await bob.page.goto(`/chat/${chatId}`);
  await row(bob.page, "Are you there?").waitFor();
  await row(ada.page, "Are you there?").getByText("Seen", { exact: true }).waitFor();
  const { found, scan } = axeScanner(ada.page);
  await scan("chat with a read receipt");

  // Bob stops sending receipts: Ada's next message stays unseen, and Bob sees none of hers either.
  await bob.page.goto("/settings");
  await bob.page.getByRole("checkbox", { name: "Send read receipts" }).click();
  await toast(bob.page, "Read receipts off").waitFor();
  await sendMessage(ada.page, "Still there?");
  await bob.page.goto(`/chat/${chatId}`);
  await row(bob.page, "Still there?").waitFor();
  await sendMessage(bob.page, "Yes");
  await row(ada.page, "Yes").waitFor();
  await ada.page.waitForTimeout(1000);
  expect(await messageList(ada.page).getByText("Seen", { exact: true }).count()).toBe(0);
  expect(await messageList(bob.page).getByText("Seen", { exact: true }).count()).toBe(0);
  expect(found).toEqual([]);
});

test("an edit, a reaction and a deletion made while a page was cut off from the room show once it reconnects", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Away", "Bob Away");
  const plan = await say(ada, chatId, "Plan A");
  const scratch = await say(ada, chatId, "Scratch that");

  // Bob's page hears nothing from the room while `away`, and its socket drops when he is back.
  let away = false;
  let heard = 0;
  let drop = () => {};
  await bob.page.routeWebSocket(/\/parties\/chat-room\//, (page) => {
    const room = page.connectToServer();
    room.onMessage((frame) => {
      heard++;
      if (!away) page.send(frame);
    });
    drop = () => void page.close();
  });
  await bob.page.goto(`/chat/${chatId}`);
  await row(bob.page, "Scratch that").waitFor();
  // The room has spoken (presence), so the socket is open, and the catch-up on opening is done.
  await expect.poll(() => heard).toBeGreaterThan(0);
  await bob.page.waitForTimeout(1000);

  away = true;
  await call(ada, "messages.edit", { chatId, messageId: plan.id, content: "Plan B" });
  await call(ada, "messages.react", { chatId, messageId: plan.id, emoji: "🙏", on: true });
  await call(ada, "messages.remove", { chatId, messageId: scratch.id });
  await bob.page.waitForTimeout(500);
  expect(await messageList(bob.page).getByText("Plan B").count()).toBe(0);

  away = false;
  drop();
  await row(bob.page, "Plan B").getByText("(edited)").waitFor();
  await row(bob.page, "Plan B")
    .getByRole("button", { name: /^🙏 1: Ada Away$/ })
    .waitFor();
  await messageList(bob.page).getByText("This message was deleted").waitFor();
  expect(await messageList(bob.page).getByText("Scratch that").count()).toBe(0);
});

test("in a group, 'Seen by N' counts who has displayed the member's last message, with their names on hover", async ({
  newPage,
}) => {
  const {
    chatId,
    members: [ada, bob, cy],
  } = await groupChat(newPage, "Receipts", ["Ada Group", "Bob Group", "Cy Group"]);
  await ada.page.goto(`/chat/${chatId}`);
  await sendMessage(ada.page, "Stand-up in five");
  const mine = row(ada.page, "Stand-up in five");
  await mine.waitFor();

  await bob.page.goto(`/chat/${chatId}`);
  await mine.getByText("Seen by 1").waitFor();
  await cy.page.goto(`/chat/${chatId}`);
  await mine.getByText("Seen by 2").hover();
  await ada.page.getByRole("tooltip").filter({ hasText: "Bob Group and Cy Group" }).waitFor();
});

test("opening a chat with unread messages starts at a 'New messages' line above the first unread", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Unread", "Bob Unread");
  const note = (n: number) => `Update ${String(n).padStart(3, "0")}`;
  for (let n = 1; n <= 30; n++) await say(ada, chatId, note(n));
  // Bob's page displayed the first 30.
  await call(bob, "chats.markRead", { chatId, seq: 30 });
  for (let n = 31; n <= 100; n++) await say(ada, chatId, note(n));

  // The newest page holds 51 to 100: the first unread, 31, is on the page before it.
  await bob.page.goto(`/chat/${chatId}`);
  const line = messageList(bob.page).getByRole("separator", { name: "New messages" });
  await line.waitFor();
  await expect
    .poll(() => line.evaluate((el) => el.closest("li")?.nextElementSibling?.textContent ?? ""))
    .toContain(note(31));
  await expect.poll(() => line.evaluate((el) => el.getBoundingClientRect().top >= 0)).toBe(true);
  /** Rendered and wholly inside the scroller's view (rows far from the view are not rendered at all). */
  const inView = async (text: string) =>
    (await row(bob.page, text).count()) > 0 &&
    (await row(bob.page, text).evaluate((el) => {
      const view = el.closest("[data-testid=message-scroller]")!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return box.top >= view.top && box.bottom <= view.bottom;
    }));
  expect(await inView(note(31))).toBe(true);
  expect(await inView(note(100))).toBe(false);
  // Nothing before it counts as new.
  expect(await messageList(bob.page).getByRole("separator", { name: "New messages" }).count()).toBe(1);
});

test("a member reading the newest message stays at the bottom as it grows; one scrolled up stays where they were", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Bottom", "Bob Bottom");
  for (let n = 1; n <= 30; n++) await say(ada, chatId, `Line ${n}`);
  const last = await say(ada, chatId, "The newest line");
  await call(bob, "chats.markRead", { chatId, seq: last.seq });
  await bob.page.goto(`/chat/${chatId}`);
  const scroller = bob.page.getByTestId("message-scroller");
  const newest = row(bob.page, "The newest line");
  await newest.waitFor();
  /** How far the newest message's bottom edge lies below the scroller's: 0 or less is in view. */
  const belowView = () =>
    newest.evaluate((el) => {
      const view = el.closest('[data-testid="message-scroller"]')!.getBoundingClientRect();
      return Math.round(el.getBoundingClientRect().bottom - view.bottom);
    });
  await expect.poll(belowView).toBeLessThanOrEqual(0);

  // Ada reacts to it: the reactions under it make it taller on Bob's page, which follows.
  await call(ada, "messages.react", { chatId, messageId: last.id, emoji: "👍", on: true });
  await newest.getByRole("button", { name: /^👍 1: Ada Bottom$/ }).waitFor();
  await expect.poll(belowView).toBeLessThanOrEqual(0);

  // Scrolled up to read (the newest just out of view, still rendered), Bob is left there when it grows again.
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight - el.clientHeight - 300 }));
  await expect.poll(belowView).toBeGreaterThan(0);
  const before = await scroller.evaluate((el) => el.scrollTop);
  await call(ada, "messages.react", { chatId, messageId: last.id, emoji: "❤️", on: true });
  await newest.getByRole("button", { name: /^❤️ 1: Ada Bottom$/ }).waitFor();
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(before);
});
