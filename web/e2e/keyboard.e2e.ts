/**
 * The signed-in pages' keyboard: Ctrl+K opens the switcher from anywhere (the composer included)
 * and goes to a chat, a friend or a project by part of its name; `?` lists the shortcuts, except
 * while the member is typing.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { befriend, call, friendsInChat, person } from "./people";
import { axeScanner, createProject, expectUrl, finishOnboarding, signedInPage } from "./ui";

const switcher = (page: Page) => page.getByRole("dialog", { name: "Go to a chat, friend or project" });

const chosen = (page: Page) => switcher(page).getByRole("option", { selected: true }).textContent();

/** Ctrl+K, part of a name, and Enter on the option it leaves first (the one chosen). */
async function goTo(page: Page, typed: string, expected: string) {
  await page.keyboard.press("Control+K");
  const box = switcher(page).getByRole("combobox");
  await box.fill(typed);
  await expect.poll(() => chosen(page)).toContain(expected);
  await box.press("Enter");
  await switcher(page).waitFor({ state: "hidden" });
}

test("Ctrl+K opens a chat, a friend's chat or a project by typing part of its name, from inside the composer too", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Keys", "Bob Quasarian");
  await finishOnboarding(ada.page, ada);
  const cy = await person(newPage, "Cy Zebulon");
  await befriend(ada, cy);
  const { chatId: groupId } = await call<{ chatId: string }>(ada, "chats.createGroup", {
    name: "Nebula crew",
    memberIds: [bob.id],
  });
  const { id: projectId } = (await createProject(ada.page, {
    title: "Zephyrine engine",
    category: "Web Development",
  })) as { id: string };

  await ada.page.goto("/dashboard");
  await signedInPage(ada.page, "Dashboard");
  const axe = axeScanner(ada.page);
  await ada.page.keyboard.press("Control+K");
  await switcher(ada.page)
    .getByRole("option", { name: /Bob Quasarian/ })
    .waitFor();
  await axe.scan("switcher");
  await ada.page.keyboard.press("Escape");
  await switcher(ada.page).waitFor({ state: "hidden" });

  await goTo(ada.page, "quasar", "Bob Quasarian");
  await expectUrl(ada.page, `/chat/${chatId}`);

  // From inside the composer. 'ne' begins a group's name and is inside a project's: the group comes
  // first, and the arrows move between them.
  await ada.page.getByRole("textbox", { name: "Message" }).focus();
  await ada.page.keyboard.press("Control+K");
  await switcher(ada.page).getByRole("combobox").fill("ne");
  await expect.poll(() => chosen(ada.page)).toContain("Nebula crew");
  await ada.page.keyboard.press("ArrowDown");
  await expect.poll(() => chosen(ada.page)).toContain("Zephyrine engine");
  await ada.page.keyboard.press("ArrowUp");
  await expect.poll(() => chosen(ada.page)).toContain("Nebula crew");
  await ada.page.keyboard.press("Enter");
  await expectUrl(ada.page, `/chat/${groupId}`);

  // A friend with no chat yet: their private chat starts.
  await goTo(ada.page, "zebu", "Cy Zebulon");
  await expect.poll(() => new URL(ada.page.url()).pathname).toMatch(/^\/chat\//);
  await ada.page.getByRole("heading", { name: "Cy Zebulon" }).waitFor();

  await goTo(ada.page, "ZEPHYR", "Zephyrine engine");
  await expectUrl(ada.page, `/project/${projectId}`);
  expect(axe.found).toEqual([]);
});

test("? lists the keyboard shortcuts, but in the composer it is only a question mark", async ({ newPage }) => {
  const { ada, chatId } = await friendsInChat(newPage, "Ada Help", "Bob Help");
  await ada.page.goto(`/chat/${chatId}`);
  const box = ada.page.getByRole("textbox", { name: "Message" });
  await box.pressSequentially("Why?");
  expect(await box.inputValue()).toBe("Why?");
  expect(await ada.page.getByRole("dialog", { name: "Keyboard shortcuts" }).count()).toBe(0);

  await box.blur();
  await ada.page.keyboard.press("?");
  const list = ada.page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await list.waitFor();
  const axe = axeScanner(ada.page);
  await axe.scan("shortcuts");
  const texts = await list.locator("dt, dd").allInnerTexts();
  const rows = Object.fromEntries(
    Array.from({ length: texts.length / 2 }, (_, i) => [texts[2 * i + 1], texts[2 * i]!.replace(/\s+/g, " ")]),
  );
  expect(rows).toMatchObject({
    "Find a chat, friend or project": "Ctrl K",
    "Show keyboard shortcuts": "?",
    "Send, always": "Ctrl Enter",
    "New line": "Shift Enter",
    "Edit your last message (in an empty composer)": "↑",
    "Cancel a reply or an edit": "Esc",
  });
  await ada.page.keyboard.press("Escape");
  await list.waitFor({ state: "hidden" });
  expect(axe.found).toEqual([]);
});
