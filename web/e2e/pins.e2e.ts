/**
 * Pinned messages between two members in separate browsers: pinned from a message's toolbar, marked
 * on both pages live, listed in the header's pins panel newest first, each jumping to its message
 * (loading older pages to reach it); in a group only an admin pins.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { call, friendsInChat, groupChat, type Person } from "./people";
import { axeScanner, messageList, toNewest } from "./ui";

const row = (page: Page, text: string) =>
  messageList(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(text, { exact: true }) });
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Message actions" });
const pinnedMark = (page: Page, text: string) => row(page, text).getByTitle("Pinned");
const pinsButton = (page: Page) => page.getByRole("button", { name: /^Pinned messages/ });
const pinsPanel = (page: Page) => page.getByRole("dialog", { name: "Pinned messages" });
const pinEntries = (page: Page) => pinsPanel(page).getByRole("list", { name: "Pinned messages" }).getByRole("listitem");

const say = (who: Person, chatId: string, content: string) =>
  call<{ id: number }>(who, "chats.send", { chatId, clientId: crypto.randomUUID(), content });

async function fromToolbar(page: Page, text: string, action: "Pin" | "Unpin") {
  await row(page, text).hover();
  await toolbar(page).getByRole("button", { name: action, exact: true }).click();
}

test("a pinned message shows in the other member's pins panel, newest first, and clicking one jumps to it", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Pins", "Bob Pins");
  await say(ada, chatId, "Release notes: v2 ships Friday");
  await ada.page.goto(`/chat/${chatId}`);
  await fromToolbar(ada.page, "Release notes: v2 ships Friday", "Pin");
  await pinnedMark(ada.page, "Release notes: v2 ships Friday").waitFor();
  for (let n = 1; n <= 70; n++) await say(ada, chatId, `Filler ${n}`);

  // Bob, who has read it all elsewhere, opens the chat at its newest page, which does not hold the
  // pinned message.
  await call(bob, "chats.markRead", { chatId, seq: 71 });
  await bob.page.goto(`/chat/${chatId}`);
  await row(bob.page, "Filler 70").waitFor();
  expect(await row(bob.page, "Release notes: v2 ships Friday").count()).toBe(0);

  // A pin made while Bob's page is open marks the message there at once.
  await fromToolbar(ada.page, "Filler 70", "Pin");
  await pinnedMark(bob.page, "Filler 70").waitFor();
  await bob.page.getByRole("button", { name: "Pinned messages (2)" }).waitFor();

  const axe = axeScanner(bob.page);
  await pinsButton(bob.page).click();
  await expect
    .poll(() => pinEntries(bob.page).allInnerTexts())
    .toEqual([
      expect.stringMatching(/^Ada Pins[\s\S]*Filler 70[\s\S]*Pinned by Ada Pins/),
      expect.stringMatching(/^Ada Pins[\s\S]*Release notes: v2 ships Friday[\s\S]*Pinned by Ada Pins/),
    ]);
  await axe.scan("pins panel");
  await pinEntries(bob.page).nth(1).getByRole("link").click();
  await pinsPanel(bob.page).waitFor({ state: "hidden" });
  const jumped = messageList(bob.page).locator("li[data-highlighted]").filter({ hasText: "Release notes" });
  await jumped.waitFor();
  await expect.poll(() => jumped.evaluate((el) => el.getBoundingClientRect().top > 0)).toBe(true);

  // Back at the newest and unpinned by Bob, it leaves Ada's page and the panel.
  await toNewest(bob.page);
  await fromToolbar(bob.page, "Filler 70", "Unpin");
  await pinnedMark(ada.page, "Filler 70").waitFor({ state: "detached" });
  await ada.page.getByRole("button", { name: "Pinned messages (1)" }).click();
  await expect.poll(() => pinEntries(ada.page).allInnerTexts()).toEqual([expect.stringContaining("Release notes")]);
  expect(axe.found).toEqual([]);
});

test("in a group only an admin is offered Pin; a chat with no pins says so", async ({ newPage }) => {
  const {
    chatId,
    members: [admin, member],
  } = await groupChat(newPage, "Pinning crew", ["Ada Admin", "Bob Member"] as const);
  await say(admin, chatId, "Standup moves to 10:00");
  await member.page.goto(`/chat/${chatId}`);
  await pinsButton(member.page).click();
  await pinsPanel(member.page).getByText("No pinned messages yet").waitFor();
  await member.page.keyboard.press("Escape");
  await row(member.page, "Standup moves to 10:00").hover();
  await toolbar(member.page).getByRole("button", { name: "Reply" }).waitFor();
  expect(await toolbar(member.page).getByRole("button", { name: "Pin", exact: true }).count()).toBe(0);

  await admin.page.goto(`/chat/${chatId}`);
  await fromToolbar(admin.page, "Standup moves to 10:00", "Pin");
  await pinnedMark(member.page, "Standup moves to 10:00").waitFor();
});
