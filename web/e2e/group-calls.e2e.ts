// Own host: a browser with fake media devices, and calls load both cores enough to slow whatever shares the host.
/**
 * Every pair of a call connects, or says it cannot: three members, a fourth joining late and one
 * leaving, a lost first offer, a pair whose signals never arrive and its Retry, a block keeping a
 * member out of a call, and a deleted project ending its team chat's call. Separate browsers with
 * Chromium's fake camera and microphone, through the rooms as `npm start` runs them.
 */
import { expect } from "vitest";
import {
  answer,
  CALL_TEST_MS,
  callView,
  everyoneSeesEveryone,
  framesDecoded,
  GROUP_CALL_TEST_MS,
  holdSignals,
  keepsRising,
  loseFirstOffer,
  openAt,
  remoteTiles,
  ringing,
  rosterSays,
  tileOf,
} from "./call-pages";
import { mediaTest as test } from "./harness";
import { call, friendsInChat, groupChat, person } from "./people";
import { messageList, toast } from "./ui";

test(
  "three members in a group call each see the other two",
  async ({ newPage }) => {
    const {
      chatId,
      members: [ada, bob, cy],
    } = await groupChat(newPage, "Launch crew", ["Ada Group", "Bob Group", "Cy Group"]);
    for (const who of [bob, cy]) await openAt(who, "/dashboard");
    await openAt(ada, `/chat/${chatId}`);
    await ada.page.getByRole("banner").getByRole("button", { name: "Video call" }).click();

    for (const who of [bob, cy]) {
      await ringing(who.page, "Ada Group").getByText("Incoming video call in a group").waitFor();
      await answer(who.page, "Ada Group");
    }
    await everyoneSeesEveryone([ada, bob, cy]);
  },
  GROUP_CALL_TEST_MS,
);

test(
  "a fourth member joining a group call late connects to all three, and one who hangs up leaves every page",
  async ({ newPage }) => {
    const {
      chatId,
      members: [ada, bob, cy, dan],
    } = await groupChat(newPage, "Late crew", ["Ada Late", "Bob Late", "Cy Late", "Dan Late"]);
    for (const who of [bob, cy]) await openAt(who, "/dashboard");
    await openAt(dan, `/chat/${chatId}`);
    await openAt(ada, `/chat/${chatId}`);
    await ada.page.getByRole("banner").getByRole("button", { name: "Video call" }).click();
    for (const who of [bob, cy]) await answer(who.page, "Ada Late");
    // Dan says no at first, and joins from the chat once the others are talking.
    await ringing(dan.page, "Ada Late").getByRole("button", { name: "Decline" }).click();
    await everyoneSeesEveryone([ada, bob, cy]);
    await dan.page.getByRole("banner").getByRole("button", { name: "Join call" }).click();
    await callView(dan.page).waitFor();
    await everyoneSeesEveryone([ada, bob, cy, dan]);

    await callView(cy.page).getByRole("button", { name: "Hang up" }).click();
    for (const who of [ada, bob, dan]) {
      await tileOf(who.page, "Cy Late").waitFor({ state: "hidden", timeout: 5000 });
      expect(await remoteTiles(who.page).count()).toBe(2);
    }
    await keepsRising(dan.page, framesDecoded);
  },
  GROUP_CALL_TEST_MS,
);

test(
  "a pair whose first offer is lost on the way still connects",
  async ({ newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Lossy", "Bob Lossy");
    // Each page loses the first offer it sends, whichever of the two offers first.
    for (const who of [ada, bob]) await who.page.addInitScript(loseFirstOffer);
    await openAt(bob, "/dashboard");
    await openAt(ada, `/chat/${chatId}`);
    await ada.page.getByRole("banner").getByRole("button", { name: "Video call" }).click();
    await answer(bob.page, "Ada Lossy");
    await keepsRising(ada.page, framesDecoded);
    await keepsRising(bob.page, framesDecoded);
    const lost = await Promise.all([ada, bob].map((who) => who.page.evaluate(() => window.offersLost)));
    expect(lost[0]! + lost[1]!).toBeGreaterThan(0);
  },
  CALL_TEST_MS,
);

test(
  "a pair that cannot reach each other says 'Could not connect to …', and Retry connects it once it can",
  async ({ newPage }) => {
    const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Unreachable", "Bob Waiting");
    await ada.page.addInitScript(holdSignals);
    await openAt(bob, "/dashboard");
    await openAt(ada, `/chat/${chatId}`);
    await ada.page.getByRole("banner").getByRole("button", { name: "Video call" }).click();
    await answer(bob.page, "Ada Unreachable");
    await rosterSays(bob.page, "Ada Unreachable", "Connecting...").waitFor();

    // Every try spent: said on the tile, with the name, and in the list of people.
    const failed = tileOf(bob.page, "Ada Unreachable").getByRole("alert");
    await failed.getByText("Could not connect to Ada Unreachable").waitFor({ timeout: 40_000 });
    await rosterSays(bob.page, "Ada Unreachable", "Could not connect").waitFor();

    await ada.page.evaluate(() => (window.signalsHeld = false));
    await failed.getByRole("button", { name: "Retry" }).click();
    await keepsRising(bob.page, framesDecoded);
    await keepsRising(ada.page, framesDecoded);
    await rosterSays(bob.page, "Ada Unreachable", "Connected").waitFor();
    expect(await failed.count()).toBe(0);
  },
  CALL_TEST_MS,
);

test(
  "a member cannot join a call that someone who blocked them is in, and is told it is not available",
  async ({ newPage }) => {
    const {
      chatId,
      members: [ada, bob, cy],
    } = await groupChat(newPage, "Split crew", ["Ada Between", "Bob Blocker", "Cy Blocked"]);
    await call(bob, "safety.block", { memberId: cy.id });
    for (const who of [bob, cy]) await openAt(who, "/dashboard");
    await openAt(ada, `/chat/${chatId}`);
    await ada.page.getByRole("banner").getByRole("button", { name: "Voice call" }).click();
    await answer(cy.page, "Ada Between");
    await rosterSays(ada.page, "Cy Blocked", "Connected").waitFor({ timeout: 30_000 });

    await ringing(bob.page, "Ada Between").getByRole("button", { name: "Accept" }).click();
    await toast(bob.page, "This call is not available.").waitFor();
    await callView(bob.page).waitFor({ state: "hidden" });
    expect(await remoteTiles(ada.page).count()).toBe(1);
  },
  CALL_TEST_MS,
);

test(
  "deleting a project ends its team chat's call for everyone, with the call's line before the chat goes read-only",
  async ({ app, newPage }) => {
    const owner = await person(newPage, "Olga Deleting");
    const ada = await person(newPage, "Ada Team");
    const { id: projectId } = await call<{ id: string }>(owner, "projects.create", {
      title: "Beacon",
      category: "Mobile Apps",
    });
    const { id: requestId } = await call<{ id: string }>(ada, "joinRequests.request", { projectId });
    await call(owner, "joinRequests.accept", { requestId });
    const db = app.openDatabase();
    const chatId = await db
      .execute({ sql: "SELECT id FROM chats WHERE project_id = ?", args: [projectId] })
      .then(({ rows }) => String(rows[0]!.id))
      .finally(() => db.close());

    await openAt(ada, "/dashboard");
    await openAt(owner, `/chat/${chatId}`);
    await owner.page.getByRole("banner").getByRole("button", { name: "Video call" }).click();
    await answer(ada.page, "Olga Deleting");
    await keepsRising(ada.page, framesDecoded);

    await call(owner, "projects.remove", { id: projectId });
    await callView(ada.page).waitFor({ state: "hidden" });
    await callView(owner.page).waitFor({ state: "hidden" });
    const lines = messageList(owner.page).getByRole("listitem");
    await lines.filter({ hasText: "deleted the project" }).waitFor();
    const texts = await lines.allInnerTexts();
    const callLine = texts.findIndex((text) => /Video call · 0:\d\d/.test(text));
    expect(callLine).toBeGreaterThanOrEqual(0);
    expect(texts.findIndex((text) => text.includes("Olga Deleting deleted the project."))).toBeGreaterThan(callLine);
  },
  CALL_TEST_MS,
);
