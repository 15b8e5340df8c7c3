/**
 * A project team's board as its members use it: tasks made, edited and moved by pointer and by
 * keyboard alone (a screen reader told each step), every change seen live on a teammate's page (and,
 * while the owner is alone on it, on the owner's other tab);
 * `#12` in the team chat opening the task; and the board hidden from anyone outside the team.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { call, person, type Person } from "./people";
import { axeScanner, call as callFrom, expectUrl, finishOnboarding, messageList } from "./ui";

/** A project with its owner and one accepted member, both set up as members are. */
async function team(newPage: () => Promise<Page>, title: string) {
  const owner = await person(newPage, "Ada Owner");
  const member = await person(newPage, "Bo Member");
  await Promise.all([finishOnboarding(owner.page, owner), finishOnboarding(member.page, member)]);
  const { id: projectId } = await call<{ id: string }>(owner, "projects.create", {
    title,
    category: "Web Development",
  });
  const { id: requestId } = await call<{ id: string }>(member, "joinRequests.request", { projectId });
  await call(owner, "joinRequests.accept", { requestId });
  return { owner, member, projectId };
}

/** A member set up as members are, who owns a new project made of `fields`. */
async function ownerOf(newPage: () => Promise<Page>, name: string, fields: Record<string, unknown>) {
  const owner = await person(newPage, name);
  await finishOnboarding(owner.page, owner);
  const { id: projectId } = await call<{ id: string }>(owner, "projects.create", {
    category: "Web Development",
    ...fields,
  });
  return { owner, projectId };
}

const column = (page: Page, name: string) => page.getByRole("list", { name: `${name} tasks`, exact: true });
const card = (page: Page, number: number) => page.getByRole("button", { name: new RegExp(`^#${number} `) });
/**
 * dnd-kit's keyboard sensor listens for a held task's keys from a timer it sets as the task is picked
 * up; a timer set after that one fires after it, so keys pressed then reach the sensor (a hand on a
 * keyboard is always slower than one timer).
 */
const keysHeard = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
/** What a screen reader was last told, from dnd-kit's live region (visually hidden, so read, not seen). */
const said = (page: Page) => page.locator('[id^="DndLiveRegion"]').textContent();

async function openBoard(who: Person, projectId: string) {
  await who.page.goto(`/project/${projectId}`);
  await who.page.getByRole("link", { name: "Board", exact: true }).click();
  await expectUrl(who.page, `/project/${projectId}/board`);
  await column(who.page, "To do").waitFor();
}

async function addTask(page: Page, columnName: string, title: string) {
  const section = page.getByRole("region", { name: new RegExp(`^${columnName}`) });
  await section.getByRole("button", { name: "Add task" }).click();
  await page.getByRole("textbox", { name: `New task in ${columnName}` }).fill(title);
  await section.getByRole("button", { name: "Add", exact: true }).click();
  await column(page, columnName).getByText(title).waitFor();
}

/** A pointer drag, in small steps as a hand moves, from a card to the middle of a column's list. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 2 });
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(b.height / 2, 40), { steps: 10 });
  await page.mouse.up();
}

test("team members create, edit and move a task by pointer, each change seen live on the other's board", async ({
  newPage,
}) => {
  const { owner, member, projectId } = await team(newPage, "Board Pointer");
  await openBoard(owner, projectId);
  await openBoard(member, projectId);
  const { found, scan } = axeScanner(owner.page);

  await addTask(owner.page, "To do", "Set up CI");
  await card(member.page, 1).filter({ hasText: "Set up CI" }).waitFor();
  await scan("the board with a task");

  // Edited in its dialog: a Markdown description, and the teammate as assignee.
  await card(owner.page, 1).click();
  await expectUrl(owner.page, `/project/${projectId}/board`, "?task=1");
  const dialog = owner.page.getByRole("dialog", { name: "Task #1" });
  await dialog.getByRole("textbox", { name: "Title" }).fill("Set up CI on main");
  await dialog.getByRole("textbox", { name: "Description" }).fill("Run **all** the tests");
  await dialog.locator("strong", { hasText: "all" }).waitFor();
  await dialog.getByRole("combobox", { name: "Assignee" }).click();
  await owner.page.getByRole("option", { name: "Bo Member" }).click();
  await scan("a task's dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.waitFor({ state: "detached" });
  await card(member.page, 1).filter({ hasText: "Set up CI on main" }).getByText("Assigned to Bo Member").waitFor();

  // Its history says who changed what.
  await card(member.page, 1).click();
  const history = member.page.getByRole("list", { name: "Task history" });
  await history.getByText(/Ada Owner changed the title from "Set up CI" to "Set up CI on main"/).waitFor();
  await member.page.keyboard.press("Escape");

  await drag(owner.page, card(owner.page, 1), column(owner.page, "In progress"));
  await column(owner.page, "In progress").getByText("Set up CI on main").waitFor();
  await column(member.page, "In progress").getByText("Set up CI on main").waitFor();
  expect(await column(member.page, "To do").getByRole("button").count()).toBe(0);
  expect(found).toEqual([]);
});

test("a task moves by keyboard alone, each step told to a screen reader, and the teammate's board follows", async ({
  newPage,
}) => {
  const { owner, member, projectId } = await team(newPage, "Board Keys");
  for (const title of ["Write the spec", "Draw the screens"]) {
    await call(owner, "board.createTask", { projectId, columnId: await columnId(owner, projectId, "To do"), title });
  }
  await openBoard(owner, projectId);
  await openBoard(member, projectId);
  const page = owner.page;

  await card(page, 1).focus();
  await page.keyboard.press("Space");
  await expect.poll(() => said(page)).toBe("Picked up task #1 Write the spec in column To do, position 1 of 2.");
  await keysHeard(page);
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => said(page)).toBe("Moving task #1 Write the spec: column To do, position 2 of 2.");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => said(page)).toBe("Moving task #1 Write the spec: column In progress, position 1 of 1.");
  await page.keyboard.press("Space");
  await expect.poll(() => said(page)).toBe("Dropped task #1 Write the spec in column In progress, position 1 of 1.");
  await column(member.page, "In progress").getByText("Write the spec").waitFor();

  // Escape puts a held task back where it was.
  await card(page, 2).focus();
  await page.keyboard.press("Space");
  await expect.poll(() => said(page)).toMatch(/^Picked up task #2 Draw the screens/);
  await keysHeard(page);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Escape");
  await expect.poll(() => said(page)).toBe("Move cancelled: task #2 Draw the screens is back where it was.");
  await column(page, "To do").getByText("Draw the screens").waitFor();

  // Enter opens the task.
  await card(page, 2).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("dialog", { name: "Task #2" }).waitFor();
});

test("an owner alone on their board sees a task made in one tab arrive in their other, and then a first member's", async ({
  newPage,
}) => {
  const { owner, projectId } = await ownerOf(newPage, "Ada Alone", { title: "Solo launch" });
  // The same member's second tab: their own room is the only one a board without a team has.
  const tab = { ...owner, page: await owner.page.context().newPage() };
  await openBoard(owner, projectId);
  await openBoard(tab, projectId);

  await addTask(owner.page, "To do", "Write the README");
  await column(tab.page, "To do").getByText("Write the README").waitFor();
  const { tasks } = await callFrom<{ tasks: { id: string }[] }>(owner.page, "board.get", { projectId }, "GET");
  await call(owner, "board.moveTask", {
    projectId,
    taskId: tasks[0]!.id,
    columnId: await columnId(owner, projectId, "Done"),
    afterId: null,
    beforeId: null,
  });
  await column(tab.page, "Done").getByText("Write the README").waitFor();
  await column(owner.page, "Done").getByText("Write the README").waitFor();

  // A first member is accepted: the open boards move to the team chat's room and hear the member.
  const member = await person(newPage, "Bo Joins");
  await finishOnboarding(member.page, member);
  const { id: requestId } = await call<{ id: string }>(member, "joinRequests.request", { projectId });
  await call(owner, "joinRequests.accept", { requestId });
  await call(member, "board.createTask", {
    projectId,
    columnId: await columnId(owner, projectId, "To do"),
    title: "Draw the logo",
  });
  await column(tab.page, "To do").getByText("Draw the logo").waitFor();
  await column(owner.page, "To do").getByText("Draw the logo").waitFor();
});

test("an edit saved over a teammate's newer one names them, keeps the member's text, and saves on the second try", async ({
  newPage,
}) => {
  const { owner, member, projectId } = await team(newPage, "Board Conflict");
  const task = await call<{ id: string }>(owner, "board.createTask", {
    projectId,
    columnId: await columnId(owner, projectId, "To do"),
    title: "Pick a logo",
  });
  await openBoard(owner, projectId);
  await card(owner.page, 1).click();
  const dialog = owner.page.getByRole("dialog", { name: "Task #1" });
  const description = dialog.getByRole("textbox", { name: "Description" });
  await description.fill("Three options by Friday");

  // Meanwhile the teammate renames it: the owner's open board hears of it, their dialog keeps their text.
  await call(member, "board.updateTask", { projectId, taskId: task.id, version: 1, title: "Pick a logo and colours" });
  // The card sits behind the dialog, out of the accessibility tree, so it is found by its words: all of
  // them, number and title, as the dialog's history, heard live too, quotes the new title in a longer line.
  await owner.page.getByText("#1 Pick a logo and colours", { exact: true }).waitFor();
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.getByText("Bo Member changed this task while you were editing").waitFor();
  expect(await description.inputValue()).toBe("Three options by Friday");

  await dialog.getByRole("button", { name: "Save again" }).click();
  await dialog.waitFor({ state: "detached" });
  await openBoard(member, projectId);
  await card(member.page, 1).click();
  const seen = member.page.getByRole("dialog", { name: "Task #1" });
  expect(await seen.getByRole("textbox", { name: "Description" }).inputValue()).toBe("Three options by Friday");
  // Only the task's creator (here the owner) or the project's owner may delete it.
  expect(await seen.getByRole("button", { name: "Delete task" }).count()).toBe(0);
});

test("#12 in the team chat opens the task on the board", async ({ newPage }) => {
  const { owner, member, projectId } = await team(newPage, "Board Links");
  await call(owner, "board.createTask", {
    projectId,
    columnId: await columnId(owner, projectId, "To do"),
    title: "Ship it",
  });
  const { chatId } = await callFrom<{ chatId: string }>(member.page, "teams.chat", { projectId }, "GET");
  await call(member, "chats.send", { chatId, clientId: crypto.randomUUID(), content: "I take #1 today" });
  await owner.page.goto(`/chat/${chatId}`);
  await messageList(owner.page).getByRole("link", { name: "#1" }).click();
  await expectUrl(owner.page, `/project/${projectId}/board`, "?task=1");
  await owner.page.getByRole("dialog", { name: "Task #1" }).getByRole("textbox", { name: "Title" }).waitFor();
  expect(await owner.page.getByRole("dialog").getByRole("textbox", { name: "Title" }).inputValue()).toBe("Ship it");
});

test("someone outside the team gets the 404 page for the board, by either address", async ({ newPage }) => {
  const { projectId } = await team(newPage, "Board Private");
  const stranger = await person(newPage, "Sam Stranger");
  await finishOnboarding(stranger.page, stranger);
  await stranger.page.goto(`/project/${projectId}/board`);
  await stranger.page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
  await stranger.page.goto(`/projects/${projectId}/board`);
  await stranger.page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
  await stranger.page.goto(`/project/${projectId}`);
  await stranger.page.getByRole("button", { name: "Request to Join" }).waitFor();
  expect(await stranger.page.getByRole("link", { name: "Board", exact: true }).count()).toBe(0);
});

test("the owner lets the project's figures follow the board: a task moved to Done shows on the project page", async ({
  newPage,
}) => {
  const { owner, projectId } = await ownerOf(newPage, "Ada Owner", {
    title: "Board Figures",
    progress: 40,
    plannedFeatures: ["Typed by hand"],
  });
  for (const title of ["Set up CI", "Write the spec"]) {
    await call(owner, "board.createTask", { projectId, columnId: await columnId(owner, projectId, "To do"), title });
  }
  const page = owner.page;
  const progress = (percent: number) => page.getByRole("progressbar", { name: `Progress ${percent}%` });
  await page.goto(`/project/${projectId}`);
  await progress(40).waitFor();

  // Turned on, the page takes the board's figures without a reload.
  await page.getByRole("checkbox", { name: "Progress follows the board" }).click();
  await progress(0).waitFor();
  await page.getByText("0 of 2 tasks done").waitFor();
  await page.getByRole("tab", { name: "Planned (2)" }).click();
  await page.getByRole("tabpanel").getByText("Write the spec").waitFor();

  await page.getByRole("link", { name: "Board", exact: true }).click();
  await column(page, "To do").waitFor();
  await drag(page, card(page, 1), column(page, "Done"));
  await column(page, "Done").getByText("Set up CI").waitFor();
  await page.goBack();
  await progress(50).waitFor();
  await page.getByText("1 of 2 tasks done").waitFor();

  // The form shows them, and leaves them to the board.
  await page.getByRole("button", { name: "Edit" }).click();
  const form = page.getByRole("dialog", { name: "Edit Project" });
  await form.getByRole("link", { name: "Open the board" }).waitFor();
  expect(await form.getByRole("slider", { name: "Progress: 50%" }).isDisabled()).toBe(true);
  await form.getByRole("list", { name: "Completed feature list" }).getByText("Set up CI").waitFor();
  expect(await form.getByRole("textbox", { name: "Completed Features" }).count()).toBe(0);
  expect(await form.getByRole("button", { name: "Remove Set up CI" }).count()).toBe(0);
  // What the board does not fill stays the owner's to edit.
  expect(await form.getByRole("textbox", { name: "Skills Required" }).isDisabled()).toBe(false);
});

async function columnId(who: Person, projectId: string, name: string) {
  const board = await callFrom<{ columns: { id: string; name: string }[] }>(
    who.page,
    "board.get",
    { projectId },
    "GET",
  );
  return board.columns.find((c) => c.name === name)!.id;
}
