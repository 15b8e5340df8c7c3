import { and, eq, or } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MEMBER_NOT_FOUND, NO_USER_WITH_EMAIL, REQUEST_GONE } from "@core/friend-rules";
import { PROJECT_NOT_FOUND } from "@core/project-rules";
import { REPORT_RECEIVED, REPORTS_PER_DAY, YOU_BLOCKED } from "@core/safety-rules";
import { blocks, friends, messages, projectJoinRequests, reports } from "@db/schema";
import { createTestApp, refusal, rejection, type TestApp, type TestMember } from "@testing/harness";
import { befriend } from "@testing/friends";
import { CHAT_NOT_FOUND, NOT_FRIENDS } from "../chats/access";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

/** Two friends with their private chat, which each has written in. */
async function friendsInChat(aName = "Ada Blocker", bName = "Bob Blocked") {
  const [ada, bob] = [await t.member(aName), await t.member(bName)];
  await befriend(ada, bob);
  const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
  await send(ada, chatId, "Hello Bob");
  await send(bob, chatId, "Hello Ada");
  return { ada, bob, chatId };
}

const send = (m: TestMember, chatId: string, content: string) =>
  m.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content });
const contents = async (m: TestMember, chatId: string) =>
  (await m.trpc.chats.messages.query({ chatId })).messages.map((msg) => msg.content);
const block = (by: TestMember, whom: TestMember) => by.trpc.safety.block.mutate({ memberId: whom.me.id });
const pairRows = (a: TestMember, b: TestMember) =>
  t.db
    .select()
    .from(friends)
    .where(
      or(
        and(eq(friends.userId, a.me.id), eq(friends.friendId, b.me.id)),
        and(eq(friends.userId, b.me.id), eq(friends.friendId, a.me.id)),
      ),
    );

/** What the app answers about a member who deleted their account: the words a blocked member must get too. */
async function goneMember() {
  const gone = await t.member("Gone Member");
  await gone.trpc.account.delete.mutate({ password: gone.password });
  return gone;
}

describe("a block between two members", () => {
  it("ends their friendship and every pending request between them, and only the blocker sees it", async () => {
    const { ada, bob } = await friendsInChat();
    const [adaProject, bobProject] = await Promise.all(
      [ada, bob].map((m) => m.trpc.projects.create.mutate({ title: "Open crew", category: "Web Development" })),
    );
    await bob.trpc.joinRequests.request.mutate({ projectId: adaProject!.id });
    await ada.trpc.joinRequests.request.mutate({ projectId: bobProject!.id });

    expect(await block(ada, bob)).toEqual({ memberId: bob.me.id });
    expect(await pairRows(ada, bob)).toEqual([]);
    const pending = await t.db
      .select()
      .from(projectJoinRequests)
      .where(or(eq(projectJoinRequests.userId, ada.me.id), eq(projectJoinRequests.userId, bob.me.id)));
    expect(pending).toEqual([]);
    expect(await ada.trpc.friends.list.query()).toEqual([]);
    expect(await bob.trpc.friends.list.query()).toEqual([]);

    expect(await ada.trpc.friends.relationship.query({ memberId: bob.me.id })).toMatchObject({ status: "blocked" });
    // To the blocked member the blocker is a stranger, whose profile is gone as a deleted member's is.
    expect(await bob.trpc.friends.relationship.query({ memberId: ada.me.id })).toMatchObject({ status: "none" });
    const gone = await goneMember();
    const goneProfile = await rejection(bob.trpc.profiles.byId.query({ id: gone.me.id }));
    expect(await rejection(bob.trpc.profiles.byId.query({ id: ada.me.id }))).toEqual(goneProfile);
    expect(goneProfile).toMatchObject({ code: "NOT_FOUND", message: "Profile not found." });
    expect((await ada.trpc.profiles.byId.query({ id: bob.me.id })).displayName).toBe("Bob Blocked");
  });

  it("refuses friend requests both ways: the blocked member gets the answers for a member who is gone", async () => {
    const [ada, bob] = [await t.member("Ada Requests"), await t.member("Bob Requests")];
    await block(ada, bob);
    const gone = await goneMember();

    const byIdToGone = await rejection(bob.trpc.friends.request.mutate({ memberId: gone.me.id }));
    expect(await rejection(bob.trpc.friends.request.mutate({ memberId: ada.me.id }))).toEqual(byIdToGone);
    expect(byIdToGone).toMatchObject({ code: "NOT_FOUND", message: MEMBER_NOT_FOUND });
    const byEmailToGone = await rejection(bob.trpc.friends.request.mutate({ email: gone.email }));
    expect(await rejection(bob.trpc.friends.request.mutate({ email: ada.email }))).toEqual(byEmailToGone);
    expect(byEmailToGone).toMatchObject({ code: "NOT_FOUND", message: NO_USER_WITH_EMAIL });

    for (const input of [{ memberId: bob.me.id }, { email: bob.email }]) {
      expect(await rejection(ada.trpc.friends.request.mutate(input))).toMatchObject({
        code: "FORBIDDEN",
        message: YOU_BLOCKED,
      });
    }
    expect(await pairRows(ada, bob)).toEqual([]);

    await ada.trpc.safety.unblock.mutate({ memberId: bob.me.id });
    await bob.trpc.friends.request.mutate({ memberId: ada.me.id });
    expect(await pairRows(ada, bob)).toMatchObject([{ status: "pending", userId: bob.me.id }]);
  });

  it("takes away a request waiting to be accepted, whichever side blocks", async () => {
    for (const blockerIsAsker of [true, false]) {
      const [ada, bob] = [await t.member("Ada Asker"), await t.member("Bob Answerer")];
      const { requestId } = await ada.trpc.friends.request.mutate({ memberId: bob.me.id });
      await block(blockerIsAsker ? ada : bob, blockerIsAsker ? bob : ada);
      expect(await rejection(bob.trpc.friends.accept.mutate({ requestId }))).toMatchObject({
        code: "NOT_FOUND",
        message: REQUEST_GONE,
      });
      expect(await pairRows(ada, bob)).toEqual([]);
    }
  });

  it("refuses private messages both ways; the blocked member reads what a departed friend's chat says", async () => {
    const { ada, bob, chatId } = await friendsInChat();
    const gone = await t.member("Gone Friend");
    await befriend(bob, gone);
    const { chatId: goneChat } = await bob.trpc.chats.openPrivate.mutate({ friendId: gone.me.id });
    await gone.trpc.account.delete.mutate({ password: gone.password });

    await block(ada, bob);
    const toGone = await rejection(send(bob, goneChat, "Still there?"));
    expect(toGone).toMatchObject({ code: "FORBIDDEN", message: NOT_FRIENDS });
    expect(await rejection(send(bob, chatId, "Still there?"))).toEqual(toGone);
    // The blocker no longer has the chat at all.
    expect(await rejection(send(ada, chatId, "Bye"))).toMatchObject({ code: "NOT_FOUND", message: CHAT_NOT_FOUND });
    expect(await t.db.select().from(messages).where(eq(messages.chatId, chatId))).toHaveLength(2);

    // Opening it: the blocked member finds it as with anyone who left; the blocker does not.
    expect(await bob.trpc.chats.openPrivate.mutate({ friendId: ada.me.id })).toEqual({ chatId });
    expect(await rejection(ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id }))).toMatchObject({
      code: "FORBIDDEN",
      message: NOT_FRIENDS,
    });
  });

  it("hides the private chat from the blocker's list, counts and pages, history kept until they unblock", async () => {
    const { ada, bob, chatId } = await friendsInChat();
    await block(ada, bob);
    expect((await ada.trpc.chats.list.query({ kind: "chats" })).items).toEqual([]);
    expect(await ada.trpc.chats.summary.query()).toEqual({ chats: 0, groups: 0, unread: 0 });
    for (const call of [
      ada.trpc.chats.byId.query({ chatId }),
      ada.trpc.chats.messages.query({ chatId }),
      ada.trpc.chats.ticket.query({ chatId }),
      ada.trpc.chats.markRead.mutate({ chatId, seq: 2 }),
    ]) {
      expect(await rejection(call)).toMatchObject({ code: "NOT_FOUND", message: CHAT_NOT_FOUND });
    }
    // The blocked member still has the chat and its history, but no pass into its room.
    expect((await bob.trpc.chats.list.query({ kind: "chats" })).items.map((c) => c.id)).toEqual([chatId]);
    expect(await contents(bob, chatId)).toEqual(["Hello Bob", "Hello Ada"]);
    expect(await rejection(bob.trpc.chats.ticket.query({ chatId }))).toMatchObject({
      code: "NOT_FOUND",
      message: CHAT_NOT_FOUND,
    });

    await ada.trpc.safety.unblock.mutate({ memberId: bob.me.id });
    expect((await ada.trpc.chats.list.query({ kind: "chats" })).items.map((c) => c.id)).toEqual([chatId]);
    expect(await contents(ada, chatId)).toEqual(["Hello Bob", "Hello Ada"]);
    await ada.trpc.chats.ticket.query({ chatId });
    await bob.trpc.chats.ticket.query({ chatId });
    // Unblocking does not make friends again: the chat reads, and takes no message until they are.
    expect(await rejection(send(ada, chatId, "Sorry"))).toMatchObject({ message: NOT_FRIENDS });
  });

  it("closes the blocker's open pages of the private chat, and lets them back in once they unblock", async () => {
    const { ada, bob, chatId } = await friendsInChat();
    await t.settle();
    t.notices.splice(0);
    await block(ada, bob);
    await ada.trpc.safety.unblock.mutate({ memberId: bob.me.id });
    await t.settle();
    const chatNotices = t.notices.filter((n) => n.room === "chat-room").map((n) => [n.name, n.notice]);
    expect(chatNotices).toEqual([
      [chatId, { type: "left", userId: ada.me.id }],
      [chatId, { type: "joined", userId: ada.me.id }],
    ]);
  });

  it("refuses requests to join each other's projects, the blocked member told the project is gone", async () => {
    const [ada, bob] = [await t.member("Ada Owner"), await t.member("Bob Owner")];
    const { id: adaProject } = await ada.trpc.projects.create.mutate({ title: "Ada's", category: "IoT" });
    const { id: bobProject } = await bob.trpc.projects.create.mutate({ title: "Bob's", category: "IoT" });
    const declined = await bob.trpc.joinRequests.request.mutate({ projectId: adaProject });
    await ada.trpc.joinRequests.decline.mutate({ requestId: declined.id });
    await block(ada, bob);

    // A first request, and one asking again after a decline: each refused in its own statement.
    const deleted = await ada.trpc.projects.create.mutate({ title: "Gone soon", category: "IoT" });
    await ada.trpc.projects.remove.mutate({ id: deleted.id });
    const goneProject = await rejection(bob.trpc.joinRequests.request.mutate({ projectId: deleted.id }));
    expect(goneProject).toMatchObject({ code: "NOT_FOUND", message: PROJECT_NOT_FOUND });
    expect(await rejection(bob.trpc.joinRequests.request.mutate({ projectId: adaProject }))).toEqual(goneProject);
    expect(await rejection(ada.trpc.joinRequests.request.mutate({ projectId: bobProject }))).toMatchObject({
      code: "FORBIDDEN",
      message: YOU_BLOCKED,
    });
    const rows = await t.db
      .select({ status: projectJoinRequests.status })
      .from(projectJoinRequests)
      .where(or(eq(projectJoinRequests.projectId, adaProject), eq(projectJoinRequests.projectId, bobProject)));
    expect(rows).toEqual([{ status: "declined" }]);

    await ada.trpc.safety.unblock.mutate({ memberId: bob.me.id });
    expect(await bob.trpc.joinRequests.request.mutate({ projectId: adaProject })).toMatchObject({ status: "pending" });
  });

  it("keeps group chats shared, marking the blocked member for the blocker alone", async () => {
    const [ada, bob, cy] = [await t.member("Ada Group"), await t.member("Bob Group"), await t.member("Cy Group")];
    await befriend(ada, bob);
    await befriend(ada, cy);
    const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Crew", memberIds: [bob.me.id, cy.me.id] });
    await block(ada, bob);
    await send(bob, chatId, "Still in the group");
    expect(await contents(ada, chatId)).toEqual(["Still in the group"]);

    const blockedIn = async (m: TestMember) =>
      Object.fromEntries((await m.trpc.chats.byId.query({ chatId })).participants.map((p) => [p.name, p.blocked]));
    expect(await blockedIn(ada)).toEqual({ "Ada Group": false, "Bob Group": true, "Cy Group": false });
    expect(await blockedIn(bob)).toEqual({ "Ada Group": false, "Bob Group": false, "Cy Group": false });
    const preview = async (m: TestMember) => (await m.trpc.chats.list.query({ kind: "groups" })).items[0]!.lastMessage;
    expect(await preview(ada)).toMatchObject({ senderName: "Bob Group", fromBlocked: true });
    expect(await preview(cy)).toMatchObject({ senderName: "Bob Group", fromBlocked: false });
  });

  it("holds while either member still blocks the other", async () => {
    const [ada, bob] = [await t.member("Ada Mutual"), await t.member("Bob Mutual")];
    await block(ada, bob);
    await block(bob, ada);
    await ada.trpc.safety.unblock.mutate({ memberId: bob.me.id });
    expect(await rejection(ada.trpc.friends.request.mutate({ memberId: bob.me.id }))).toMatchObject({
      message: MEMBER_NOT_FOUND,
    });
    expect(await rejection(bob.trpc.friends.request.mutate({ memberId: ada.me.id }))).toMatchObject({
      message: YOU_BLOCKED,
    });
  });
});

describe("blocking and unblocking", () => {
  it("refuses blocking oneself or nobody, stores a block once, and unblocks only what was blocked", async () => {
    const [ada, bob] = [await t.member("Ada Once"), await t.member("Bob Once")];
    expect(await rejection(block(ada, ada))).toMatchObject({
      code: "BAD_REQUEST",
      message: "You cannot block yourself.",
    });
    expect(await rejection(ada.trpc.safety.block.mutate({ memberId: "nobody" }))).toMatchObject({
      code: "NOT_FOUND",
      message: MEMBER_NOT_FOUND,
    });
    await block(ada, bob);
    await block(ada, bob);
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, ada.me.id))).toHaveLength(1);
    expect(await rejection(bob.trpc.safety.unblock.mutate({ memberId: ada.me.id }))).toMatchObject({
      code: "NOT_FOUND",
      message: "You have not blocked this member.",
    });
    await ada.trpc.safety.unblock.mutate({ memberId: bob.me.id });
    expect(await rejection(ada.trpc.safety.unblock.mutate({ memberId: bob.me.id }))).toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("lists the member's blocks newest first, twenty at a time, for them alone", async () => {
    const ada = await t.member("Ada Lister");
    const blocked: TestMember[] = [];
    for (let i = 1; i <= 21; i++) {
      const m = await t.member(`Blocked ${String(i).padStart(2, "0")}`);
      await block(ada, m);
      blocked.push(m);
    }
    const first = await ada.trpc.safety.blocked.query({});
    expect(first.items.map((m) => m.name)).toEqual(
      blocked
        .map((m) => m.me.profile!.displayName)
        .reverse()
        .slice(0, 20),
    );
    const second = await ada.trpc.safety.blocked.query({ cursor: first.nextCursor });
    expect(second).toMatchObject({ items: [{ name: "Blocked 01" }], nextCursor: null });
    expect((await blocked[0]!.trpc.safety.blocked.query({})).items).toEqual([]);
    // Twenty-two sign-ups, each a password hash.
  }, 60_000);
});

describe("reports", () => {
  const storedFor = (m: TestMember) => t.db.select().from(reports).where(eq(reports.reporterId, m.me.id));

  it("takes a report of a member, a project or a message, thanks the reporter and keeps what was reported", async () => {
    const { ada, bob, chatId } = await friendsInChat("Ada Reporter", "Bob Reported");
    const { id: projectId } = await bob.trpc.projects.create.mutate({ title: "Spam project", category: "Other" });
    const [message] = (await ada.trpc.chats.messages.query({ chatId })).messages.filter(
      (m) => m.senderId === bob.me.id,
    );
    const answers = await Promise.all([
      ada.trpc.safety.report.mutate({ target: { kind: "member", memberId: bob.me.id }, reason: "impersonation" }),
      ada.trpc.safety.report.mutate({
        target: { kind: "project", projectId },
        reason: "spam",
        details: "  Links to a shop  ",
      }),
      ada.trpc.safety.report.mutate({ target: { kind: "message", messageId: message!.id }, reason: "harassment" }),
    ]);
    expect(answers).toEqual(Array(3).fill({ message: REPORT_RECEIVED }));
    const stored = (await storedFor(ada)).map((r) => [r.targetKind, r.targetMemberId, r.reason, r.details, r.excerpt]);
    expect(stored.sort()).toEqual([
      ["member", bob.me.id, "impersonation", null, "Bob Reported"],
      ["message", bob.me.id, "harassment", null, "Hello Ada"],
      ["project", bob.me.id, "spam", "Links to a shop", "Spam project"],
    ]);
  });

  it("keeps one report when the same member reports the same thing twice", async () => {
    const [ada, bob] = [await t.member("Ada Twice"), await t.member("Bob Twice")];
    const target = { kind: "member" as const, memberId: bob.me.id };
    await ada.trpc.safety.report.mutate({ target, reason: "spam" });
    expect(await ada.trpc.safety.report.mutate({ target, reason: "other", details: "Again" })).toEqual({
      message: REPORT_RECEIVED,
    });
    expect(await storedFor(ada)).toMatchObject([{ reason: "spam", details: null, status: "open" }]);
  });

  it(`takes at most ${REPORTS_PER_DAY} a day from one member, counting each before anything else`, async () => {
    const reporter = await t.member("Eager Reporter");
    const targets = [];
    for (let i = 0; i < REPORTS_PER_DAY + 2; i++) targets.push(await t.member(`Target ${i}`));
    const answers = await Promise.all(
      targets.map((m) =>
        reporter.trpc.safety.report
          .mutate({ target: { kind: "member", memberId: m.me.id }, reason: "spam" })
          .then(() => "ok", refusal),
      ),
    );
    expect(answers.filter((a) => a === "ok")).toHaveLength(REPORTS_PER_DAY);
    expect(answers.filter((a) => a !== "ok")).toEqual([
      {
        code: "TOO_MANY_REQUESTS",
        status: 429,
        message: `You have sent ${REPORTS_PER_DAY} reports today. Please try again in 24 hours.`,
      },
      expect.objectContaining({ code: "TOO_MANY_REQUESTS" }),
    ]);
    expect(await storedFor(reporter)).toHaveLength(REPORTS_PER_DAY);
  });

  it("refuses oneself, one's own content, what the reporter cannot see, and details past the bound", async () => {
    const { ada, bob, chatId } = await friendsInChat("Ada Own", "Bob Own");
    const outsider = await t.member("Outsider");
    const { id: projectId } = await ada.trpc.projects.create.mutate({ title: "Mine", category: "Other" });
    const [mine, theirs] = (await ada.trpc.chats.messages.query({ chatId })).messages;
    const report = (m: TestMember, target: Parameters<typeof m.trpc.safety.report.mutate>[0]["target"]) =>
      rejection(m.trpc.safety.report.mutate({ target, reason: "spam" }));
    expect(await report(ada, { kind: "member", memberId: ada.me.id })).toMatchObject({
      code: "BAD_REQUEST",
      message: "You cannot report yourself.",
    });
    expect(await report(ada, { kind: "project", projectId })).toMatchObject({
      message: "You cannot report your own content.",
    });
    expect(await report(ada, { kind: "message", messageId: mine!.id })).toMatchObject({
      message: "You cannot report your own content.",
    });
    expect(await report(outsider, { kind: "message", messageId: theirs!.id })).toMatchObject({
      code: "NOT_FOUND",
      message: "This message no longer exists.",
    });
    expect(await report(ada, { kind: "project", projectId: "no-such-project" })).toMatchObject({
      code: "NOT_FOUND",
      message: PROJECT_NOT_FOUND,
    });
    expect(
      await rejection(
        ada.trpc.safety.report.mutate({
          target: { kind: "member", memberId: bob.me.id },
          reason: "other",
          details: "x".repeat(1001),
        }),
      ),
    ).toMatchObject({ code: "BAD_REQUEST", message: "Details can be at most 1000 characters." });
    expect([...(await storedFor(ada)), ...(await storedFor(outsider))]).toEqual([]);
  });
});
