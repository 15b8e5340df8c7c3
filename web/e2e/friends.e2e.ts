/** Friends as two members click through them, each in their own browser. */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./harness";
import { axeScanner, call, type Member, newMember, signUpByApi, toast } from "./ui";

/** Two members, each signed up in their own browser. */
async function twoMembers(newPage: () => Promise<Page>) {
  const ann = { page: await newPage(), ...newMember() };
  const bob = { page: await newPage(), ...newMember() };
  ann.displayName = `Ann ${ann.displayName.split(" ")[1]}`;
  bob.displayName = `Bob ${bob.displayName.split(" ")[1]}`;
  await signUpByApi(ann.page, ann);
  await signUpByApi(bob.page, bob);
  return [ann, bob] as const;
}

async function befriend(from: Member & { page: Page }, to: Member & { page: Page }) {
  const { requestId } = await call<{ requestId: string }>(from.page, "friends.request", { email: to.email });
  await call(to.page, "friends.accept", { requestId });
}

/** The sidebar's Requests item, named with its badge's count when requests wait. */
const requestsLink = (page: Page, waiting?: number) =>
  page
    .getByRole("complementary", { name: "Sidebar" })
    .getByRole("link", { name: waiting ? `Requests, ${waiting} waiting` : "Requests", exact: true });

const friendCards = (page: Page) => page.getByRole("list", { name: "Friends" }).getByRole("listitem");

/** What the page does when the member comes back to its tab. */
const regainFocus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));

describe("friend requests", () => {
  test("request by e-mail, seen under Sent and Incoming with the badge, accepted, then friends on both sides", async ({
    newPage,
  }) => {
    const [ann, bob] = await twoMembers(newPage);
    await bob.page.goto("/dashboard");
    await requestsLink(bob.page).waitFor();

    await ann.page.goto("/friends");
    await ann.page.getByRole("heading", { name: "Friends & Chats" }).waitFor();
    await ann.page.getByRole("tab", { name: "Friends (0)" }).waitFor();
    await ann.page.getByText("No friends found").waitFor();
    await ann.page.getByText("No pending friend requests").waitFor();

    await ann.page.getByRole("button", { name: "Add Friend" }).click();
    const dialog = ann.page.getByRole("dialog", { name: "Add Friend" });
    const send = dialog.getByRole("button", { name: "Send Request" });
    await send.click();
    await dialog.getByRole("alert").filter({ hasText: "Please enter an email address." }).waitFor();
    await dialog.getByLabel("Email").fill(ann.email);
    await send.click();
    await dialog.getByRole("alert").filter({ hasText: "You cannot add yourself as a friend." }).waitFor();
    await dialog.getByLabel("Email").fill("nobody-at-all@example.com");
    await send.click();
    await dialog.getByRole("alert").filter({ hasText: "No user found with that email address." }).waitFor();
    await dialog.getByLabel("Email").fill(`  ${bob.email.toUpperCase()} `);
    await send.click();
    await toast(ann.page, "Friend Request Sent!").getByText(`Friend request sent to ${bob.displayName}`).waitFor();
    await dialog.waitFor({ state: "hidden" });

    await ann.page.getByRole("button", { name: "Add Friend" }).click();
    await dialog.getByLabel("Email").fill(bob.email);
    await send.click();
    await dialog
      .getByRole("alert")
      .filter({ hasText: "You have already sent a friend request to this user." })
      .waitFor();
    await ann.page.keyboard.press("Escape");

    await ann.page.getByRole("link", { name: "Requests you sent (1)" }).click();
    await ann.page.getByRole("tab", { name: "Sent (1)", selected: true }).waitFor();
    const sent = ann.page.getByRole("list", { name: "Sent requests" }).getByRole("listitem");
    await sent.getByText(bob.displayName).waitFor();
    await sent.getByText(bob.email).waitFor();
    await sent.getByText("Pending").waitFor();
    await sent.getByText(/^Sent [A-Z][a-z]{2} \d{1,2}/).waitFor();
    await requestsLink(ann.page).waitFor();

    // Bob's page was open all along: coming back to it shows the new request on the badge.
    await regainFocus(bob.page);
    await requestsLink(bob.page, 1).click();
    await bob.page.getByRole("tab", { name: "Incoming (1)", selected: true }).waitFor();
    const incoming = bob.page.getByRole("list", { name: "Incoming requests" }).getByRole("listitem");
    await incoming.getByText(ann.displayName).waitFor();
    await incoming.getByText(ann.email).waitFor();
    await incoming.getByRole("button", { name: `Accept ${ann.displayName}` }).click();
    await toast(bob.page, "Friend Request Accepted").getByText("Friend request accepted!", { exact: true }).waitFor();
    await bob.page.getByText("No pending requests").waitFor();
    await bob.page.getByText("You're all caught up! No friend requests to review.").waitFor();
    await requestsLink(bob.page).waitFor();

    for (const [me, friend] of [
      [bob, ann],
      [ann, bob],
    ] as const) {
      await me.page.goto("/friends");
      await me.page.getByRole("tab", { name: "Friends (1)" }).waitFor();
      const card = friendCards(me.page).filter({ hasText: friend.displayName });
      await card.getByText(friend.email).waitFor();
      await card.getByRole("button", { name: "Message" }).waitFor();
    }
    await ann.page.getByRole("searchbox", { name: "Search friends" }).fill("nobody by that name");
    await ann.page.getByText("No friends found").waitFor();
    await ann.page.getByRole("searchbox", { name: "Search friends" }).fill(bob.email.slice(0, 8).toUpperCase());
    await friendCards(ann.page).filter({ hasText: bob.displayName }).waitFor();
  });

  test("a request rejected from the friends page, and one cancelled from the Sent tab", async ({ newPage }) => {
    const [ann, bob] = await twoMembers(newPage);
    await call(ann.page, "friends.request", { email: bob.email });

    await bob.page.goto("/friends");
    const pending = bob.page.getByRole("list", { name: "Pending friend requests" }).getByRole("listitem");
    await pending.getByText(ann.displayName).waitFor();
    await bob.page.getByLabel("1 pending").waitFor();
    await requestsLink(bob.page, 1).waitFor();
    await pending.getByRole("button", { name: `Reject ${ann.displayName}` }).click();
    await toast(bob.page, "Friend Request Rejected").getByText("Friend request rejected.", { exact: true }).waitFor();
    await bob.page.getByText("No pending friend requests").waitFor();
    await requestsLink(bob.page).waitFor();

    await ann.page.goto("/requests?tab=sent");
    await ann.page.getByText("You haven't sent any friend requests recently.").waitFor();

    await call(ann.page, "friends.request", { email: bob.email });
    await ann.page.reload();
    const sent = ann.page.getByRole("list", { name: "Sent requests" }).getByRole("listitem");
    await sent.getByRole("button", { name: `Cancel request to ${bob.displayName}` }).click();
    await toast(ann.page, "Friend Request Cancelled").getByText("Friend request cancelled", { exact: true }).waitFor();
    await ann.page.getByText("You haven't sent any friend requests recently.").waitFor();
    await ann.page.getByRole("tab", { name: "Sent (0)" }).waitFor();

    await bob.page.goto("/requests");
    await bob.page.getByText("No pending requests").waitFor();
    await bob.page.getByRole("tab", { name: "Incoming (0)" }).waitFor();
  });

  test("accepting a request that was cancelled meanwhile says so and clears it from the list", async ({ newPage }) => {
    const [ann, bob] = await twoMembers(newPage);
    const { requestId } = await call<{ requestId: string }>(ann.page, "friends.request", { email: bob.email });
    // Bob's page never gets into his member room (its tickets fail), so it misses the cancel's poke.
    await bob.page.route("**/api/trpc/**", (route) =>
      new URL(route.request().url()).pathname.includes("chats.memberTicket") ? route.abort() : route.continue(),
    );
    await bob.page.goto("/requests");
    const incoming = bob.page.getByRole("list", { name: "Incoming requests" }).getByRole("listitem");
    await incoming.getByText(ann.displayName).waitFor();

    await call(ann.page, "friends.cancel", { requestId });
    await incoming.getByRole("button", { name: `Accept ${ann.displayName}` }).click();
    await toast(bob.page, "Error processing request").getByText("This friend request no longer exists.").waitFor();
    await bob.page.getByText("No pending requests").waitFor();
    await bob.page.goto("/friends");
    await bob.page.getByText("No friends found").waitFor();
  });

  test("Remove Friend asks first, then ends the friendship for both", async ({ newPage }) => {
    const [ann, bob] = await twoMembers(newPage);
    await befriend(ann, bob);

    await ann.page.goto("/friends");
    const card = friendCards(ann.page).filter({ hasText: bob.displayName });
    await card.getByRole("button", { name: `More actions for ${bob.displayName}` }).click();
    // The calls it offers are web/e2e/calls.e2e.ts's.
    await ann.page.getByRole("menuitem", { name: "Video Call" }).waitFor();
    await ann.page.getByRole("menuitem", { name: "Remove Friend" }).click();
    const confirm = ann.page.getByRole("alertdialog", { name: "Remove Friend" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    await card.waitFor();

    await card.getByRole("button", { name: `More actions for ${bob.displayName}` }).click();
    await ann.page.getByRole("menuitem", { name: "Remove Friend" }).click();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await toast(ann.page, "Friend Removed").waitFor();
    await ann.page.getByText("No friends found").waitFor();
    await ann.page.getByRole("tab", { name: "Friends (0)" }).waitFor();

    await bob.page.goto("/friends");
    await bob.page.getByText("No friends found").waitFor();
  });

  test("Create Group opens its dialog; a new member's Chats and Groups are empty", async ({ page }) => {
    await signUpByApi(page);
    await page.goto("/friends");
    await page.getByRole("button", { name: "Create Group" }).click();
    await page.getByRole("dialog").getByLabel("Group name").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("tab", { name: "Chats (0)" }).click();
    await page.getByText("No chats yet").waitFor();
    await page.getByRole("tab", { name: "Groups (0)" }).click();
    await page.getByText("No groups yet").waitFor();
  });
});

describe("the member profile", () => {
  test("from a project's owner card: Add Friend, Request Sent, accepted from the profile, e-mail only between friends", async ({
    newPage,
  }) => {
    const [ann, bob] = await twoMembers(newPage);
    const { id: projectId } = await call<{ id: string }>(bob.page, "projects.create", {
      title: "Orbit Planner",
      category: "IoT",
    });
    await call(bob.page, "profiles.update", {
      displayName: bob.displayName,
      bio: "Builds satellites.",
      age: null,
      developerType: "Backend Developer",
      experience: null,
      specialization: "Embedded Systems",
      region: "Canada",
      interestedProjects: ["Game Development"],
      skills: ["Rust"],
    });

    await ann.page.goto(`/project/${projectId}`);
    await ann.page.getByRole("heading", { name: "Project Owner" }).waitFor();
    await ann.page.getByRole("link", { name: bob.displayName }).first().click();
    await ann.page.getByRole("heading", { name: bob.displayName, level: 1 }).waitFor();
    await ann.page.getByText("Builds satellites.").waitFor();
    await ann.page.getByText("Embedded Systems").waitFor();
    await ann.page.getByRole("list", { name: "Skills" }).getByText("Rust").waitFor();
    await ann.page.getByRole("list", { name: "Projects", exact: true }).getByText("Orbit Planner").waitFor();
    expect(await ann.page.getByText(bob.email).count()).toBe(0);

    await ann.page.getByRole("button", { name: "Add Friend" }).click();
    await toast(ann.page, "Friend Request Sent!").getByText(`Friend request sent to ${bob.displayName}`).waitFor();
    await ann.page.getByRole("button", { name: "Request Sent" }).waitFor();
    expect(await ann.page.getByRole("button", { name: "Request Sent" }).isDisabled()).toBe(true);

    // Bob finds Ann through his incoming request and answers from her profile.
    await bob.page.goto("/requests");
    await bob.page
      .getByRole("list", { name: "Incoming requests" })
      .getByRole("link", { name: ann.displayName })
      .click();
    await bob.page.getByRole("heading", { name: ann.displayName, level: 1 }).waitFor();
    expect(await bob.page.getByText(ann.email).count()).toBe(0);
    await bob.page.getByRole("button", { name: "Accept" }).click();
    await toast(bob.page, "Friend Request Accepted").waitFor();
    await bob.page.getByRole("main").getByText("Friends", { exact: true }).waitFor();
    await bob.page.getByText(ann.email).waitFor();

    await ann.page.reload();
    await ann.page.getByRole("main").getByText("Friends", { exact: true }).waitFor();
    await ann.page.getByText(bob.email).waitFor();
    await ann.page.getByRole("main").getByRole("button", { name: "Message" }).click();
    await ann.page.waitForURL(/\/chat\/[^/]+$/);

    // A friend card leads to the same profile.
    await ann.page.goto("/friends");
    await friendCards(ann.page).getByRole("link", { name: bob.displayName }).click();
    await ann.page.getByRole("heading", { name: bob.displayName, level: 1 }).waitFor();
  });

  test("a sent request can be cancelled from the profile, and the team card leads there too", async ({ newPage }) => {
    const [ann, bob] = await twoMembers(newPage);
    const { id: projectId } = await call<{ id: string }>(ann.page, "projects.create", {
      title: "Team Up",
      category: "IoT",
    });
    await call(bob.page, "joinRequests.request", { projectId });
    const { pending } = await call<{ pending: { id: string }[] }>(
      ann.page,
      "joinRequests.forProject",
      { projectId },
      "GET",
    );
    await call(ann.page, "joinRequests.accept", { requestId: pending[0]!.id });

    await ann.page.goto(`/project/${projectId}`);
    await ann.page.getByRole("list", { name: "Team members" }).getByRole("link", { name: bob.displayName }).click();
    await ann.page.getByRole("heading", { name: bob.displayName, level: 1 }).waitFor();
    await ann.page.getByRole("button", { name: "Add Friend" }).click();
    await ann.page.getByRole("button", { name: "Cancel" }).click();
    await toast(ann.page, "Friend Request Cancelled").waitFor();
    await ann.page.getByRole("button", { name: "Add Friend" }).waitFor();

    await bob.page.goto("/requests");
    await bob.page.getByText("No pending requests").waitFor();
  });
});

describe("friends pages at a glance", () => {
  test("no serious accessibility problems on /friends, /requests, the Add Friend dialog and a profile", async ({
    newPage,
  }) => {
    const [ann, bob] = await twoMembers(newPage);
    await befriend(ann, bob);
    const page = ann.page;
    const { found, scan } = axeScanner(page);
    await page.goto("/friends");
    await friendCards(page).first().waitFor();
    await scan("/friends");
    await page.getByRole("button", { name: "Add Friend" }).click();
    await page.getByRole("dialog").waitFor();
    await scan("add friend dialog");
    await page.keyboard.press("Escape");
    await page.goto("/requests");
    await page.getByRole("tab", { name: "Incoming (0)" }).waitFor();
    await scan("/requests");
    await page.goto("/friends");
    await friendCards(page).getByRole("link", { name: bob.displayName }).click();
    await page.getByRole("heading", { name: bob.displayName, level: 1 }).waitFor();
    await page.getByText(bob.email).waitFor();
    await scan("profile");
    expect(found).toEqual([]);
  });
});
