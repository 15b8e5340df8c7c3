import { and, eq, isNull, or } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  DELETED_MEMBER,
  EMAIL_REQUIRED,
  PASSWORD_REQUIRED,
  SESSION_GONE,
  WRONG_EMAIL,
  WRONG_PASSWORD,
} from "@core/account-rules";
import { attachmentUrl } from "@core/attachment-rules";
import {
  chatParticipants,
  chats,
  emailTokens,
  friends,
  messages,
  payments,
  profiles,
  projectJoinRequests,
  projects,
  sessions,
  users,
} from "@db/schema";
import { LAST_ACTIVE_INTERVAL_MS } from "../auth/session";
import { avatarKeyOf } from "../storage/avatar-files";
import { attachmentForm, avatarForm } from "@testing/forms";
import { testBrowser } from "@testing/browser";
import { tableDigests } from "@testing/calls";
import { createTestApp, rejection, TEST_ORIGIN, type TestApp, type TestMember } from "@testing/harness";
import { befriend } from "@testing/friends";

const CHROME_ON_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000", RATE_LIMIT_SIGNIN_PER_IP: "10000" });
});

/** A browser that says what it is, and stands where the edge would say it stands (`cf`). */
function deviceBrowser(userAgent: string, cf?: { country: string; city: string }) {
  return testBrowser(TEST_ORIGIN, (url, init) => {
    const headers = new Headers(init.headers);
    headers.set("User-Agent", userAgent);
    const request = new Request(url, { ...init, headers });
    return t.app.request(cf ? Object.assign(request, { cf }) : request);
  });
}

async function signedInOn(m: TestMember, browser: ReturnType<typeof deviceBrowser>) {
  await browser.trpc.auth.signIn.mutate({ email: m.email, password: m.password });
  return browser;
}

const send = (m: TestMember, chatId: string, content: string) =>
  m.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content });

describe("sessions", () => {
  it("lists the member's devices with browser, system and place, this one first and marked", async () => {
    const m = await t.member("Sessions Owner");
    await m.trpc.auth.signOut.mutate();
    const desk = await signedInOn(m, deviceBrowser(CHROME_ON_MAC));
    await signedInOn(m, deviceBrowser(FIREFOX_ON_WINDOWS, { country: "PT", city: "Lisbon" }));

    const list = await desk.trpc.account.sessions.query();
    expect(list.map(({ current, browser, os, country, city }) => ({ current, browser, os, country, city }))).toEqual([
      { current: true, browser: "Chrome", os: "macOS", country: null, city: null },
      { current: false, browser: "Firefox", os: "Windows", country: "PT", city: "Lisbon" },
    ]);
    // The page never sees a session id: the cookie's value appears nowhere in the answer.
    const cookies = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, m.me.id));
    const answer = JSON.stringify(list);
    for (const { id } of cookies) expect(answer).not.toContain(id);
  });

  it("moves last active forward on use, at most once per interval", async () => {
    const m = await t.member("Active Member");
    const long = Date.now() - 2 * LAST_ACTIVE_INTERVAL_MS;
    await t.db.update(sessions).set({ lastActiveAt: long }).where(eq(sessions.userId, m.me.id));
    const [before] = await m.trpc.account.sessions.query();
    expect(before!.lastActiveAt.getTime()).toBeGreaterThan(long);
    const [stored] = await t.db.select().from(sessions).where(eq(sessions.userId, m.me.id));
    await m.trpc.auth.me.query();
    const [again] = await t.db.select().from(sessions).where(eq(sessions.userId, m.me.id));
    expect(again!.lastActiveAt).toBe(stored!.lastActiveAt);
  });

  it("signs out one chosen device, which is signed out at once; this one stays", async () => {
    const m = await t.member("Two Devices");
    const laptop = await signedInOn(m, deviceBrowser(FIREFOX_ON_WINDOWS));
    const other = (await m.trpc.account.sessions.query()).find((s) => !s.current)!;
    expect(await m.trpc.account.endSession.mutate({ handle: other.handle })).toEqual({ ended: true });
    expect(await laptop.trpc.auth.me.query()).toBeNull();
    expect((await m.trpc.auth.me.query())?.id).toBe(m.me.id);
    expect(await rejection(m.trpc.account.endSession.mutate({ handle: other.handle }))).toMatchObject({
      code: "NOT_FOUND",
      message: SESSION_GONE,
    });
  });

  it("refuses to sign out another member's session, and it keeps working", async () => {
    const victim = await t.member("Victim");
    const attacker = await t.member("Attacker");
    const [handle] = (await victim.trpc.account.sessions.query()).map((s) => s.handle);
    const [id] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, victim.me.id));
    // Work left running by earlier answers (a sign-up's e-mail) must not land between the two digests.
    await t.settle();
    const before = await tableDigests(t.db);
    for (const guess of [handle!, id!.id]) {
      expect(await rejection(attacker.trpc.account.endSession.mutate({ handle: guess }))).toMatchObject({
        code: "NOT_FOUND",
        message: SESSION_GONE,
      });
    }
    expect(await tableDigests(t.db)).toEqual(before);
    expect((await victim.trpc.auth.me.query())?.id).toBe(victim.me.id);
  });

  it("signs out every other device of the member, and nobody else's", async () => {
    const m = await t.member("Many Devices");
    const phones = [
      await signedInOn(m, deviceBrowser(CHROME_ON_MAC)),
      await signedInOn(m, deviceBrowser(FIREFOX_ON_WINDOWS)),
    ];
    const bystander = await t.member("Bystander");
    expect(await m.trpc.account.endOtherSessions.mutate()).toEqual({ ended: 2 });
    for (const phone of phones) expect(await phone.trpc.auth.me.query()).toBeNull();
    expect((await m.trpc.account.sessions.query()).map((s) => s.current)).toEqual([true]);
    expect((await bystander.trpc.auth.me.query())?.id).toBe(bystander.me.id);
  });
});

describe("export my data", () => {
  it("holds everything the member wrote or owns, and of others only what the member sees", async () => {
    const [me, friend, stranger] = [await t.member("Exporter"), await t.member("Friend"), await t.member("Stranger")];
    await befriend(me, friend);
    const { id: mine } = await me.trpc.projects.create.mutate({ title: "My Project", category: "Web Development" });
    const { id: theirs } = await friend.trpc.projects.create.mutate({
      title: "Friend Project",
      category: "Mobile Apps",
    });
    await stranger.trpc.projects.create.mutate({ title: "Stranger Project", category: "Mobile Apps" });
    await me.trpc.joinRequests.request.mutate({ projectId: theirs });
    await friend.trpc.joinRequests.request.mutate({ projectId: mine });
    const { chatId } = await me.trpc.chats.openPrivate.mutate({ friendId: friend.me.id });
    await send(me, chatId, "my own words");
    const file = await me.trpc.attachments.upload.mutate(attachmentForm(chatId));
    await me.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "", attachmentIds: [file.id] });
    await send(friend, chatId, "the friend's words");
    const [friendsWords] = (await me.trpc.chats.messages.query({ chatId })).messages.filter(
      (m) => m.senderId === friend.me.id,
    );
    await me.trpc.safety.report.mutate({
      target: { kind: "message", messageId: friendsWords!.id },
      reason: "other",
      details: "Just testing",
    });
    const blocked = await t.member("Blocked One");
    await me.trpc.safety.block.mutate({ memberId: blocked.me.id });
    await t.db.insert(payments).values({
      id: crypto.randomUUID(),
      userId: me.me.id,
      stripeSessionId: `cs_${crypto.randomUUID()}`,
      amount: 999,
      currency: "usd",
      status: "paid",
      paidAt: new Date(),
    });

    const data = await me.trpc.account.export.query();
    expect(data.account).toMatchObject({ email: me.email, hasPassword: true, googleLinked: false });
    expect(data.profile).toMatchObject({ id: me.me.id, displayName: "Exporter" });
    expect(data.projects.map((p) => p.title)).toEqual(["My Project"]);
    expect(data.joinRequests.sent).toMatchObject([
      { projectId: theirs, projectTitle: "Friend Project", status: "pending" },
    ]);
    expect(data.joinRequests.received).toMatchObject([
      { projectId: mine, fromMemberId: friend.me.id, fromName: "Friend" },
    ]);
    expect(data.friendships).toMatchObject([{ memberId: friend.me.id, name: "Friend", status: "accepted" }]);
    expect(data.chats).toMatchObject([
      {
        id: chatId,
        isGroup: false,
        myMessages: [
          { content: "my own words", files: [] },
          { content: "", files: [{ name: "picture.png", contentType: "image/png", url: attachmentUrl(file.id) }] },
        ],
      },
    ]);
    // The address serves the file to the member who exported it.
    expect((await me.request(attachmentUrl(file.id))).status).toBe(200);
    expect(data.chats[0]!.members.sort()).toEqual(["Exporter", "Friend"]);
    expect(data.payments).toMatchObject([{ amount: 999, currency: "usd", status: "paid" }]);
    expect(data.blocked).toMatchObject([{ memberId: blocked.me.id, name: "Blocked One" }]);
    expect(data.reports).toMatchObject([
      { about: "message", reason: "other", details: "Just testing", status: "open" },
    ]);

    const text = JSON.stringify(data);
    for (const secret of ["the friend's words", friend.email, "Stranger", "password", "correct horse"]) {
      expect(text).not.toContain(secret);
    }
    const [{ id: sessionId }] = (await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, me.me.id))) as [{ id: string }];
    expect(text).not.toContain(sessionId);
  });
});

describe("delete account", () => {
  it("refuses a wrong or missing password and changes nothing", async () => {
    const m = await t.member("Careful Member");
    await t.settle();
    const before = await tableDigests(t.db);
    expect(await rejection(m.trpc.account.delete.mutate({ password: "not my password" }))).toMatchObject({
      code: "FORBIDDEN",
      message: WRONG_PASSWORD,
    });
    expect(await rejection(m.trpc.account.delete.mutate({}))).toMatchObject({
      code: "BAD_REQUEST",
      message: PASSWORD_REQUIRED,
    });
    // Typing the e-mail is for accounts without a password only.
    expect(await rejection(m.trpc.account.delete.mutate({ email: m.email }))).toMatchObject({
      message: PASSWORD_REQUIRED,
    });
    expect(await tableDigests(t.db)).toEqual(before);
    expect((await m.trpc.auth.me.query())?.id).toBe(m.me.id);
  });

  it("stops guessing the password after five tries", async () => {
    const m = await t.member("Guessed Member");
    for (let i = 0; i < 5; i++) await rejection(m.trpc.account.delete.mutate({ password: `guess ${i}` }));
    expect((await rejection(m.trpc.account.delete.mutate({ password: m.password }))).code).toBe("TOO_MANY_REQUESTS");
    expect((await m.trpc.auth.me.query())?.id).toBe(m.me.id);
    // Seven password hashes, on a machine that may be busy with other work.
  }, 60_000);

  it("asks a Google-only member for their e-mail address instead, typed exactly", async () => {
    const m = await t.member("Google Member");
    await t.db
      .update(users)
      .set({ passwordHash: null, googleId: `google-${m.me.id}` })
      .where(eq(users.id, m.me.id));
    expect(await m.trpc.account.deletionCheck.query()).toEqual({ confirmWith: "email" });
    await t.settle();
    const before = await tableDigests(t.db);
    expect(await rejection(m.trpc.account.delete.mutate({}))).toMatchObject({ message: EMAIL_REQUIRED });
    expect(await rejection(m.trpc.account.delete.mutate({ email: "someone@else.com" }))).toMatchObject({
      code: "FORBIDDEN",
      message: WRONG_EMAIL,
    });
    expect(await tableDigests(t.db)).toEqual(before);
    expect(await m.trpc.account.delete.mutate({ email: ` ${m.email.toUpperCase()} ` })).toEqual({ deleted: true });
    expect(await t.db.select().from(users).where(eq(users.id, m.me.id))).toEqual([]);
  });

  it("removes what the member had, keeps what they wrote to others as 'Deleted member', and frees the address", async () => {
    const [gone, bob, cleo, eve, finn] = [
      await t.member("Gone Member"),
      await t.member("Bob"),
      await t.member("Cleo"),
      await t.member("Eve"),
      await t.member("Finn"),
    ];
    expect(await gone.trpc.account.deletionCheck.query()).toEqual({ confirmWith: "password" });
    // What the member has: an avatar, two projects (one with a request), a request to another's
    // project, friends, requests both ways, a group they created, a private chat, a payment, a second device.
    const { avatarUrl: avatar } = await gone.trpc.profiles.uploadAvatar.mutate(avatarForm());
    const { id: own } = await gone.trpc.projects.create.mutate({ title: "Gone's App", category: "Web Development" });
    const { id: ownQuiet } = await gone.trpc.projects.create.mutate({ title: "Gone's Tool", category: "Mobile Apps" });
    await bob.trpc.joinRequests.request.mutate({ projectId: own });
    const { id: cleos } = await cleo.trpc.projects.create.mutate({ title: "Cleo's Game", category: "Mobile Apps" });
    await gone.trpc.joinRequests.request.mutate({ projectId: cleos });
    await befriend(gone, bob);
    await befriend(cleo, gone);
    await befriend(bob, cleo);
    await eve.trpc.friends.request.mutate({ memberId: gone.me.id });
    await gone.trpc.friends.request.mutate({ memberId: finn.me.id });
    const { chatId: group } = await gone.trpc.chats.createGroup.mutate({
      name: "Gone's Crew",
      memberIds: [bob.me.id, cleo.me.id],
    });
    await send(gone, group, "welcome to the crew");
    await send(cleo, group, "thanks");
    const { chatId: pair } = await gone.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    await send(gone, pair, "just between us");
    const paymentId = crypto.randomUUID();
    await t.db.insert(payments).values({
      id: paymentId,
      userId: gone.me.id,
      stripeSessionId: `cs_${paymentId}`,
      amount: 999,
      currency: "usd",
      status: "paid",
      paidAt: new Date(),
    });
    const laptop = await signedInOn(gone, deviceBrowser(CHROME_ON_MAC));
    await t.settle();
    t.notices.length = 0;

    expect(await gone.trpc.account.delete.mutate({ password: gone.password })).toEqual({ deleted: true });
    await t.settle();
    const id = gone.me.id;

    // Removed: the account, its sessions (every device is signed out), its e-mail tokens, profile and avatar file.
    expect(await t.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await t.db.select().from(emailTokens).where(eq(emailTokens.userId, id))).toEqual([]);
    expect(await t.db.select().from(profiles).where(eq(profiles.id, id))).toEqual([]);
    expect(await t.avatars.get(avatarKeyOf(avatar)!)).toBeNull();
    expect(await gone.trpc.auth.me.query()).toBeNull();
    expect(await laptop.trpc.auth.me.query()).toBeNull();
    expect(gone.cookies.has("crewboard_session")).toBe(false);

    // Removed: own projects and the requests to join them, and the member's own join requests.
    expect(await t.db.select().from(projects).where(eq(projects.userId, id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(projectJoinRequests)
        .where(
          or(
            eq(projectJoinRequests.userId, id),
            eq(projectJoinRequests.projectId, own),
            eq(projectJoinRequests.projectId, ownQuiet),
          ),
        ),
    ).toEqual([]);
    expect((await cleo.trpc.projects.byId.query({ id: cleos })).title).toBe("Cleo's Game");

    // Removed: friendships and requests both ways; the others' friendship stays.
    expect(
      await t.db
        .select()
        .from(friends)
        .where(or(eq(friends.userId, id), eq(friends.friendId, id))),
    ).toEqual([]);
    expect((await bob.trpc.friends.list.query()).map((f) => f.id)).toEqual([cleo.me.id]);
    expect((await eve.trpc.friends.requests.query()).sent).toEqual([]);
    expect((await finn.trpc.friends.requests.query()).incoming).toEqual([]);

    // Left every chat: the rows stay, left, so the history keeps its sender.
    const participations = await t.db.select().from(chatParticipants).where(eq(chatParticipants.userId, id));
    expect(participations.map((p) => p.chatId).sort()).toEqual([group, pair].sort());
    expect(participations.every((p) => p.leftAt !== null)).toBe(true);

    // The group survives its creator; its members read the messages under 'Deleted member'.
    expect(await t.db.select({ id: chats.id }).from(chats).where(eq(chats.id, group))).toEqual([{ id: group }]);
    const seen = await cleo.trpc.chats.messages.query({ chatId: group });
    expect(seen.messages.map((msg) => [msg.senderId === id, msg.content])).toEqual([
      [true, "welcome to the crew"],
      [false, "thanks"],
      [true, "Gone Member left the chat"],
    ]);
    const header = await cleo.trpc.chats.byId.query({ chatId: group });
    expect(header.participants.find((p) => p.userId === id)).toMatchObject({ name: DELETED_MEMBER, current: false });
    expect(
      header.participants
        .filter((p) => p.current)
        .map((p) => p.userId)
        .sort(),
    ).toEqual([bob.me.id, cleo.me.id].sort());
    await send(bob, group, "still here");
    expect((await t.db.select().from(messages).where(eq(messages.senderId, id))).map((m) => m.content).sort()).toEqual(
      ["Gone Member left the chat", "Gone Member left the chat", "just between us", "welcome to the crew"].sort(),
    );

    // The private chat stays readable for Bob, with the other side named 'Deleted member'.
    const { items } = await bob.trpc.chats.list.query({ kind: "chats" });
    expect(items.find((c) => c.id === pair)).toMatchObject({ other: { id, name: DELETED_MEMBER } });
    expect((await bob.trpc.chats.messages.query({ chatId: pair })).messages.map((m) => m.content)).toEqual([
      "just between us",
      "Gone Member left the chat",
    ]);

    // The rooms were told: the member's sockets close, and the others get the line live.
    expect(t.notices).toEqual(
      expect.arrayContaining([
        { room: "chat-room", name: group, notice: { type: "left", userId: id } },
        { room: "chat-room", name: pair, notice: { type: "left", userId: id } },
        expect.objectContaining({
          room: "chat-room",
          name: group,
          notice: expect.objectContaining({ type: "message" }),
        }),
        { room: "member-room", name: bob.me.id, notice: { type: "poke", reason: "friend-request" } },
      ]),
    );

    // Kept for the accounts, with no link to anyone.
    expect(await t.db.select().from(payments).where(eq(payments.id, paymentId))).toMatchObject([
      { userId: null, amount: 999, status: "paid" },
    ]);

    // The address is free again, for a new and empty account.
    const again = t.browser();
    const me = await again.trpc.auth.signUp.mutate({
      displayName: "Back Again",
      email: gone.email,
      password: "correct horse",
    });
    expect(me.id).not.toBe(id);
    expect((await again.trpc.account.export.query()).projects).toEqual([]);
    // Eight members are built through the procedures: slow when the machine is shared.
  }, 90_000);

  it("leaves no current participation and no rows about the member behind", async () => {
    const [gone, bob] = [await t.member("Short Stay"), await t.member("Bob Again")];
    await befriend(gone, bob);
    const { chatId } = await bob.trpc.chats.createGroup.mutate({ name: "Bob's group", memberIds: [gone.me.id] });
    await gone.trpc.account.delete.mutate({ password: gone.password });
    expect(
      await t.db
        .select()
        .from(chatParticipants)
        .where(and(eq(chatParticipants.userId, gone.me.id), isNull(chatParticipants.leftAt))),
    ).toEqual([]);
    // Bob can no longer add them back to the group, nor ask them to be friends.
    expect((await rejection(bob.trpc.chats.addMember.mutate({ chatId, userId: gone.me.id }))).code).toBe("BAD_REQUEST");
    expect((await rejection(bob.trpc.friends.request.mutate({ memberId: gone.me.id }))).code).toBe("NOT_FOUND");
  });
});
