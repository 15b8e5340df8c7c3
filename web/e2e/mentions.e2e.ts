/**
 * Mentions in a group, between members in separate browsers: `@` offers the group's members and is
 * worked by keyboard; the mentioned member's bell counts it live and opens the chat, where the
 * mention is highlighted with their name as it is now. A mention added by an edit tells the member
 * the same way.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { befriend, call, groupChat, person } from "./people";
import { call as callFromPage, messageList } from "./ui";

const suggestions = (page: Page) => page.getByRole("listbox", { name: "Mention a member" });
const bell = (page: Page, unread?: number) =>
  page
    .getByRole("banner")
    .getByRole("button", { name: unread ? `Notifications, ${unread} unread` : "Notifications", exact: true });

test("@ offers the group's members by keyboard; the one mentioned sees it highlighted, and a bell notification opens the chat", async ({
  app,
  newPage,
}) => {
  const {
    chatId,
    members: [ada, bob, cy],
  } = await groupChat(newPage, "Launch", ["Ada Mention", "Bob Mention", "Cy Mention"]);
  // Bob is elsewhere in the app; being added to the group is his one unread notification.
  await bob.page.goto("/friends");
  await bell(bob.page, 1).waitFor();
  // Cy muted the group: a mention reaches him all the same.
  await call(cy, "chats.setMuted", { chatId, muted: true });

  await ada.page.goto(`/chat/${chatId}`);
  const box = ada.page.getByRole("textbox", { name: "Message" });
  await box.pressSequentially("Hi @");
  const offered = suggestions(ada.page).getByRole("option");
  const names = () => offered.evaluateAll((options) => options.map((option) => option.getAttribute("aria-label")));
  await expect.poll(names).toEqual(["Bob Mention", "Cy Mention"]);
  expect(await offered.first().getAttribute("aria-selected")).toBe("true");
  await box.press("ArrowDown");
  expect(await offered.nth(1).getAttribute("aria-selected")).toBe("true");
  await box.press("ArrowDown");
  expect(await offered.first().getAttribute("aria-selected")).toBe("true");
  // Escape closes the list and leaves the text as typed.
  await box.press("Escape");
  await suggestions(ada.page).waitFor({ state: "hidden" });
  expect(await box.inputValue()).toBe("Hi @");
  await box.press("Backspace");
  await box.pressSequentially("@cy");
  await expect.poll(names).toEqual(["Cy Mention"]);
  await box.press("Tab");
  await box.pressSequentially("and @b");
  await box.press("Enter");
  expect(await box.inputValue()).toBe("Hi @Cy Mention and @Bob Mention ");
  await box.pressSequentially("ready?");
  await box.press("Enter");

  const sent = messageList(ada.page).getByRole("listitem").filter({ hasText: "ready?" });
  await sent.locator(`[data-mention="${bob.id}"]`).filter({ hasText: "@Bob Mention" }).waitFor();
  await sent.locator(`[data-mention="${cy.id}"]`).filter({ hasText: "@Cy Mention" }).waitFor();

  // Bob's bell counts it live; its notification opens the chat, his own mention highlighted.
  await bell(bob.page, 2).click();
  const item = bob.page
    .getByRole("dialog", { name: "Notifications" })
    .getByRole("listitem")
    .filter({ hasText: "mentioned you in Launch" });
  await item.getByText("Ada Mention").waitFor();
  await item.getByRole("link").click();
  await expect.poll(() => new URL(bob.page.url()).pathname).toBe(`/chat/${chatId}`);
  const seen = messageList(bob.page).getByRole("listitem").filter({ hasText: "ready?" });
  const mine = seen.locator(`[data-mention="${bob.id}"]`);
  await mine.filter({ hasText: "@Bob Mention" }).waitFor();
  expect(await mine.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");

  // Cy muted the group, and was told all the same.
  const cyNotifications = await callFromPage<{ items: { kind: string }[] }>(
    cy.page,
    "notifications.list",
    { filter: "all" },
    "GET",
  );
  expect(cyNotifications.items.map((n) => n.kind)).toContain("mention");

  // A rename follows the mention: it is stored as the member's id.
  const db = app.openDatabase();
  try {
    await db.execute({ sql: "UPDATE profiles SET display_name = 'Robert Mention' WHERE id = ?", args: [bob.id] });
  } finally {
    db.close();
  }
  await ada.page.reload();
  await messageList(ada.page).locator(`[data-mention="${bob.id}"]`).filter({ hasText: "@Robert Mention" }).waitFor();
});

test("a member who adds @Name to their message by an edit tells that member: the bell counts it and opens the chat", async ({
  newPage,
}) => {
  const [ada, bob] = [await person(newPage, "Ada Edits"), await person(newPage, "Bob Edited")];
  await befriend(ada, bob);
  const { chatId } = await call<{ chatId: string }>(ada, "chats.createGroup", { name: "Rollout", memberIds: [bob.id] });
  await bob.page.goto("/friends");
  await bell(bob.page, 1).waitFor();

  await ada.page.goto(`/chat/${chatId}`);
  const box = ada.page.getByRole("textbox", { name: "Message" });
  await box.fill("Who checks the deploy?");
  await box.press("Enter");
  const message = messageList(ada.page).getByRole("listitem").filter({ hasText: "Who checks the deploy?" });
  await message.waitFor();
  // Stored, as the member sees once 'Sending…' goes: the row on its way has no toolbar, and the
  // stored one that replaces it under a resting pointer is not hovered until the pointer moves.
  await message.getByText("Sending…").waitFor({ state: "detached" });

  await message.hover();
  await ada.page.getByRole("toolbar", { name: "Message actions" }).getByRole("button", { name: "Edit" }).click();
  await ada.page.getByText("Editing message").waitFor();
  expect(await box.inputValue()).toBe("Who checks the deploy?");
  await box.press("End");
  await box.pressSequentially(" @bo");
  await expect
    .poll(() =>
      suggestions(ada.page)
        .getByRole("option")
        .evaluateAll((o) => o.map((e) => e.getAttribute("aria-label"))),
    )
    .toEqual(["Bob Edited"]);
  await box.press("Enter");
  expect(await box.inputValue()).toBe("Who checks the deploy? @Bob Edited ");
  await box.press("Enter");
  await message.locator(`[data-mention="${bob.id}"]`).filter({ hasText: "@Bob Edited" }).waitFor();
  await message.getByText("(edited)").waitFor();

  // Bob's bell counts it live; its notification opens the chat at the edited message, his mention highlighted.
  await bell(bob.page, 2).click();
  const item = bob.page
    .getByRole("dialog", { name: "Notifications" })
    .getByRole("listitem")
    .filter({ hasText: "mentioned you in Rollout" });
  await item.getByText("Ada Edits").waitFor();
  await item.getByRole("link").click();
  await expect.poll(() => new URL(bob.page.url()).pathname).toBe(`/chat/${chatId}`);
  await messageList(bob.page)
    .getByRole("listitem")
    .filter({ hasText: "Who checks the deploy?" })
    .locator(`[data-mention="${bob.id}"]`)
    .filter({ hasText: "@Bob Edited" })
    .waitFor();
});
