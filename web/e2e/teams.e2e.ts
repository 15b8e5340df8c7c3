/**
 * Teams and discovery as members live them: finding someone by a skill and asking them to be
 * friends from their card, a project's team talking in its own chat, live, and a dismissed
 * suggestion that stays dismissed.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { call, person } from "./people";
import { axeScanner, expectUrl, finishOnboarding, messageList, toast } from "./ui";

/** Each person's card: the list's own items (a card's skills are a list of their own). */
const cards = (page: Page) => page.getByRole("list", { name: "People" }).locator(":scope > li");

async function sendMessage(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
}

test("a member finds another by a skill in Find People and asks to be friends from the card", async ({ newPage }) => {
  const ada = await person(newPage, "Ada Finder");
  const zed = await person(newPage, "Zed Ziglang");
  await call(zed, "profiles.update", {
    displayName: "Zed Ziglang",
    bio: null,
    age: null,
    developerType: "Backend Developer",
    experience: "Expert (5+ years)",
    specialization: "Embedded Systems",
    region: "Germany",
    interestedProjects: [],
    skills: ["Zig", "Embedded C", "RTOS"],
  });
  const { found, scan } = axeScanner(ada.page);

  // From the sidebar, as a member gets there.
  await ada.page.goto("/dashboard");
  await ada.page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "People" }).click();
  await expectUrl(ada.page, "/people");
  // The pointer leaves the sidebar, which folds back over the page.
  await ada.page.mouse.move(900, 700);
  await ada.page.getByRole("heading", { name: "Find People" }).waitFor();
  await ada.page.getByRole("searchbox", { name: "Search people by name or skill" }).fill("zig");
  await expectUrl(ada.page, "/people", "?search=zig");
  // The list before the search stays up until its answer comes, and may hold Zed too.
  await expect.poll(() => cards(ada.page).count()).toBe(1);
  const card = cards(ada.page).filter({ hasText: "Zed Ziglang" });
  await card.getByText("Embedded Systems").waitFor();
  await card.getByText("Germany").waitFor();
  await card.getByText("Embedded C").waitFor();
  await scan("/people, a search");

  await card.getByRole("button", { name: "Add Friend" }).click();
  await toast(ada.page, "Friend Request Sent!").waitFor();
  await card.getByRole("button", { name: "Request Sent" }).waitFor();
  // Zed has the request to answer.
  await zed.page.goto("/requests");
  await zed.page.getByText("Ada Finder").waitFor();

  // A filter that Zed does not match leaves no one; clearing it brings him back.
  await ada.page.getByRole("combobox", { name: "Region" }).click();
  await ada.page.getByRole("option", { name: "Canada" }).click();
  await ada.page.getByText("No one matches").waitFor();
  await ada.page.getByRole("button", { name: "Clear filters" }).click();
  await expectUrl(ada.page, "/people");
  await cards(ada.page).filter({ hasText: "Zed Ziglang" }).waitFor();
  // The card's name opens the member's profile.
  await cards(ada.page).filter({ hasText: "Zed Ziglang" }).getByRole("link", { name: "Zed Ziglang" }).click();
  await expectUrl(ada.page, `/member/${zed.id}`);
  await ada.page.getByRole("heading", { name: "Zed Ziglang" }).waitFor();
  expect(found).toEqual([]);
});

test("an accepted member opens Team chat from the project page and talks with the owner live", async ({ newPage }) => {
  const owner = await person(newPage, "Olga Owner");
  const member = await person(newPage, "Milo Member");
  const { id: projectId } = await call<{ id: string }>(owner, "projects.create", {
    title: "Trail Mapper",
    category: "Mobile Apps",
  });
  await member.page.goto(`/project/${projectId}`);
  await member.page.getByRole("button", { name: "Request to Join" }).click();
  await toast(member.page, "Request to join sent!").waitFor();

  // No team yet, so no chat; accepting the first member starts it.
  await owner.page.goto(`/project/${projectId}`);
  await owner.page.getByRole("button", { name: "Accept Milo Member" }).click();
  await toast(owner.page, "Request Accepted").waitFor();
  await owner.page.getByRole("link", { name: "Team chat" }).waitFor();

  await member.page.goto(`/project/${projectId}`);
  await member.page.getByRole("link", { name: "Team chat" }).click();
  await member.page.waitForURL(/\/chat\/[^/]+$/);
  const chatId = new URL(member.page.url()).pathname.split("/").pop()!;
  await member.page.getByRole("heading", { name: /Trail Mapper/ }).waitFor();
  await messageList(member.page).getByText("Olga Owner added Milo Member").waitFor();

  // The owner gets there from My Projects.
  await owner.page.goto("/my-projects");
  await owner.page
    .getByRole("list", { name: "Owned projects" })
    .getByRole("listitem")
    .filter({ hasText: "Trail Mapper" })
    .getByRole("link", { name: "Team chat" })
    .click();
  await expectUrl(owner.page, `/chat/${chatId}`);

  await owner.page
    .getByRole("banner")
    .getByText(/online/i)
    .first()
    .waitFor();
  await sendMessage(member.page, "Hi Olga, where do I start?");
  await owner.page.getByRole("list", { name: "Messages" }).getByText("Hi Olga, where do I start?").waitFor();
  await sendMessage(owner.page, "Welcome! Start with the map tiles.");
  await member.page.getByRole("list", { name: "Messages" }).getByText("Welcome! Start with the map tiles.").waitFor();
});

test("the owner removes a member from the project page: the team card, counts and chat follow at once", async ({
  newPage,
}) => {
  const owner = await person(newPage, "Olga Remover");
  const member = await person(newPage, "Rita Removed");
  const { id: projectId } = await call<{ id: string }>(owner, "projects.create", {
    title: "Tide Tables",
    category: "Data Science",
    members: 3,
  });
  const { id: requestId } = await call<{ id: string }>(member, "joinRequests.request", { projectId });
  await call(owner, "joinRequests.accept", { requestId });

  await owner.page.goto(`/project/${projectId}`);
  const team = owner.page.getByRole("list", { name: "Team members" });
  await team.getByText("Rita Removed").waitFor();
  await owner.page.getByText("2 of 3", { exact: true }).waitFor();
  await team.getByRole("button", { name: "Remove Rita Removed" }).click();
  const confirm = owner.page.getByRole("alertdialog", { name: "Remove Member" });
  await confirm.getByText('Remove Rita Removed from "Tide Tables"?', { exact: false }).waitFor();
  await confirm.getByRole("button", { name: "Remove" }).click();
  await toast(owner.page, "Member Removed").waitFor();
  await team.getByText("Rita Removed").waitFor({ state: "detached" });
  await owner.page.getByText("1 of 3", { exact: true }).waitFor();

  // Out of the chat too: the owner reads the line, the member no longer has the button.
  await owner.page.getByRole("link", { name: "Team chat" }).click();
  await messageList(owner.page).getByText("Rita Removed left the chat").waitFor();
  await member.page.goto(`/project/${projectId}`);
  await member.page.getByRole("button", { name: "Request to Join" }).waitFor();
  expect(await member.page.getByRole("link", { name: "Team chat" }).count()).toBe(0);
});

test("on a phone Find People's filters fold behind 'Filters', so the first results show above the fold", async ({
  newPage,
}) => {
  const ada = await person(newPage, "Ada Phone");
  await person(newPage, "Pat Listed");
  await ada.page.setViewportSize({ width: 375, height: 740 });
  await ada.page.goto("/people");
  const filters = ada.page.getByRole("button", { name: "Filters" });
  expect(await filters.getAttribute("aria-expanded")).toBe("false");
  expect(await ada.page.getByLabel("Specialization").isVisible()).toBe(false);
  await cards(ada.page).first().waitFor();
  const top = (await cards(ada.page).first().boundingBox())!.y;
  expect(top).toBeLessThan(740);

  await filters.click();
  await ada.page.getByRole("button", { name: "Filters", expanded: true }).waitFor();
  await ada.page.getByLabel("Open to join projects").click();
  await expectUrl(ada.page, "/people", "?open=true");
  // The button counts what is narrowing the list while the panel is folded away.
  await ada.page.getByRole("button", { name: "Filters (1)" }).click();
  await ada.page.getByLabel("Specialization").waitFor({ state: "hidden" });

  // Wide, the filters are simply there.
  await ada.page.setViewportSize({ width: 1280, height: 800 });
  await ada.page.getByLabel("Specialization").waitFor();
  expect(await ada.page.getByRole("button", { name: /^Filters/ }).count()).toBe(0);
});

test("a dismissed suggestion stays gone after a reload", async ({ newPage }) => {
  const owner = await person(newPage, "Otto Owner");
  await call(owner, "projects.create", { title: "Dismissable Dashboard", category: "Web Development" });
  const me = await person(newPage, "Mia Suggested");
  await finishOnboarding(me.page, me);

  await me.page.goto("/dashboard");
  const suggested = me.page.getByRole("list", { name: "Suggested projects" });
  const item = suggested.getByRole("listitem").filter({ hasText: "Dismissable Dashboard" });
  await item.getByText("Matches your interest in Web Development").waitFor();
  await item.getByRole("button", { name: "Dismiss Dismissable Dashboard" }).click();
  await item.waitFor({ state: "detached" });
  await me.page.reload();
  await me.page.getByRole("heading", { name: "Projects that need your skills" }).waitFor();
  await me.page.getByRole("heading", { name: "People you may know" }).waitFor();
  await me.page.getByText("Loading suggested projects").waitFor({ state: "detached" });
  expect(await me.page.getByText("Dismissable Dashboard").count()).toBe(0);
});
