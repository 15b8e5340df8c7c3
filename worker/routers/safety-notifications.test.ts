/**
 * Blocks and suspensions where members hear of things away from the page: the bell, the
 * notifications list, the e-mail digest and pushes to their devices. And a message a moderator
 * removed, in a push that had not gone yet.
 */
import { and, desc, eq, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REMOVED_BY_MODERATOR } from "@core/safety-rules";
import { namedBatch } from "@db/batch";
import { notifications, outbox, pushOutbox, reports } from "@db/schema";
import { createTestApp, vapidEnv, type TestApp, type TestMember } from "@testing/harness";
import { befriend } from "@testing/friends";
import { linkIn } from "@testing/outbox";
import { startPushStandIn, type PushStandIn, type TestDevice } from "@testing/push-stand-in";
import { runScheduledJobs } from "../jobs/scheduled";
import type { Mailer, OutgoingEmail } from "../mail/mailer";
import { DIGEST_SUBJECT } from "../notifications/digest-email";
import { notificationStatements } from "../notifications/write";
import { RETRY_DELAYS_MS } from "../push/outbox";

const MINUTE = 60_000;
const ADMIN = "moderator@example.com";

let standIn: PushStandIn;
let t: TestApp;
let admin: TestMember;
const sent: OutgoingEmail[] = [];
const recordingMailer: Mailer = { delivers: true, send: async (email) => void sent.push(email) };

beforeAll(async () => {
  standIn = await startPushStandIn();
  t = await createTestApp(
    { ...(await vapidEnv()), ...standIn.env, RATE_LIMIT_SIGNUP_PER_IP: "10000", ADMIN_EMAILS: ADMIN },
    { outbound: standIn.outbound, mailer: recordingMailer },
  );
  admin = await member("Mo Derator", ADMIN);
});
afterAll(() => standIn.close());

/** The clock the scheduled job runs at: each test starts from now and moves forward. */
let clock: number;
beforeEach(() => {
  clock = Date.now();
});
const run = (afterMs: number) =>
  runScheduledJobs(t.db, t.mailer, t.config, clock + afterMs, {
    rooms: t.rooms,
    vapid: t.config.push,
    outbound: standIn.outbound,
    operatorHosts: t.config.pushEndpointHosts,
  });

/** A member who confirmed their address from the e-mailed link (digests go to confirmed ones only). */
async function member(name: string, email?: string) {
  const m = await t.member(name, email);
  const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, m.email)).orderBy(desc(outbox.id)).limit(1);
  const token = new URL(linkIn(mail!.body, "/auth/verify")!).searchParams.get("token")!;
  await m.trpc.auth.verifyEmail.mutate({ token });
  return m;
}

async function friendsInChat(aName: string, bName: string) {
  const [a, b] = [await member(aName), await member(bName)];
  await befriend(a, b);
  const { chatId } = await a.trpc.chats.openPrivate.mutate({ friendId: b.me.id });
  return { a, b, chatId };
}

const say = (from: TestMember, chatId: string, content: string) =>
  from.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content });
const block = (by: TestMember, whom: TestMember) => by.trpc.safety.block.mutate({ memberId: whom.me.id });
const unblock = (by: TestMember, whom: TestMember) => by.trpc.safety.unblock.mutate({ memberId: whom.me.id });

/** What the bell and /notifications show the member: who did what, and whether it is read. */
const shown = async (m: TestMember) =>
  (await m.trpc.notifications.list.query({ filter: "all" })).items.map((n) => ({
    actor: n.actor?.name,
    text: n.text,
    read: n.read,
  }));
const unread = (m: TestMember) => m.trpc.notifications.unreadCount.query();

/** Pokes that told the member's open pages to look at their notifications again. */
async function notificationPokes(m: TestMember) {
  await t.settle();
  return t.notices.filter(
    (n) =>
      n.room === "member-room" && n.name === m.me.id && n.notice.type === "poke" && n.notice.reason === "notification",
  ).length;
}

/** A row of `from`'s doing, for `to`, written as an event path writes it (as if it raced the block). */
async function slippedIn(from: TestMember, to: TestMember) {
  await t.db.insert(notifications).values({
    recipientId: to.me.id,
    actorId: from.me.id,
    kind: "friend_request",
    eventKey: crypto.randomUUID(),
  });
}

/** A phone of the member's that gets pushes. */
async function phoneOf(m: TestMember) {
  const phone = standIn.device();
  await m.trpc.push.subscribe.mutate(phone.subscription);
  return phone;
}
/** What the phone showed: pushes its push service took (answered 201). */
const bodiesOn = (phone: TestDevice, since = 0) =>
  standIn.received
    .filter((push) => push.deviceId === phone.id)
    .slice(since)
    .map((push) => {
      const { title, body } = push.payload as { title: string; body: string };
      return { title, body };
    });
const receivedCount = (phone: TestDevice) => standIn.received.filter((push) => push.deviceId === phone.id).length;

const digestsTo = (m: TestMember) => sent.filter((mail) => mail.to === m.email && mail.subject === DIGEST_SUBJECT);

describe("notifications between blocked members", () => {
  it("leave the bell, the list and the count of both, and come back, read, when the block is lifted", async () => {
    const [ada, bob, cat] = [await member("Ada Bell"), await member("Bob Blocked"), await member("Cat Control")];
    await befriend(bob, ada); // Ada: Bob's request (answered); Bob: Ada accepted.
    await cat.trpc.friends.request.mutate({ memberId: ada.me.id });
    expect(await unread(ada)).toBe(1);
    expect(await unread(bob)).toBe(1);
    const pokesBefore = [await notificationPokes(ada), await notificationPokes(bob)];

    await block(ada, bob);
    expect(await shown(ada)).toEqual([{ actor: "Cat Control", text: "sent you a friend request", read: false }]);
    expect(await unread(ada)).toBe(1);
    // The blocked member loses what the blocker did, as the blocker loses theirs.
    expect(await shown(bob)).toEqual([]);
    expect(await unread(bob)).toBe(0);
    // Both bells look again at once.
    expect([await notificationPokes(ada), await notificationPokes(bob)]).toEqual(pokesBefore.map((n) => n + 1));

    await unblock(ada, bob);
    expect(await shown(bob)).toEqual([{ actor: "Ada Bell", text: "accepted your friend request", read: true }]);
    expect(await unread(bob)).toBe(0);
    expect(await shown(ada)).toEqual([
      { actor: "Cat Control", text: "sent you a friend request", read: false },
      { actor: "Bob Blocked", text: "sent you a friend request", read: true },
    ]);
    expect([await notificationPokes(ada), await notificationPokes(bob)]).toEqual(pokesBefore.map((n) => n + 2));
  });

  it("are not written while the block stands, either way, nor their pushes queued", async () => {
    const [ada, bob, cat] = [await member("Ada Writer"), await member("Bob Writer"), await member("Cat Writer")];
    await phoneOf(ada);
    await phoneOf(bob);
    await block(bob, ada);
    const tell = (from: TestMember, to: TestMember) =>
      notificationStatements(t.db, {
        kind: "friend_request",
        recipient: to.me.id,
        actorId: from.me.id,
        eventKey: crypto.randomUUID(),
        happened: sql`1`,
      });
    const {
      toAda: [toAda],
      toBob: [toBob],
      toCat: [toCat],
    } = await namedBatch(t.db, { toAda: tell(bob, ada), toBob: tell(ada, bob), toCat: tell(ada, cat) });
    expect([toAda, toBob, toCat]).toEqual([[], [], [{ recipient_id: cat.me.id }]]);
    const between = or(
      and(eq(notifications.recipientId, ada.me.id), eq(notifications.actorId, bob.me.id)),
      and(eq(notifications.recipientId, bob.me.id), eq(notifications.actorId, ada.me.id)),
    );
    expect(await t.db.select().from(notifications).where(between)).toEqual([]);
    const pushedTo = (m: TestMember) => t.db.select().from(pushOutbox).where(eq(pushOutbox.memberId, m.me.id));
    expect(await pushedTo(ada)).toEqual([]);
    expect(await pushedTo(bob)).toEqual([]);
    expect(await pushedTo(cat)).toHaveLength(1);
    // What no member did (a payment confirmed) still reaches a member who blocked someone.
    const [paid] = await t.db.batch([
      notificationStatements(t.db, {
        kind: "pro_confirmed",
        recipient: bob.me.id,
        actorId: null,
        eventKey: crypto.randomUUID(),
        happened: sql`1`,
      })[0],
    ]);
    expect(paid).toEqual([{ recipient_id: bob.me.id }]);
  });

  it("that a block came after are neither shown, counted nor e-mailed, whoever blocked", async () => {
    const [ada, bob] = [await member("Ada Digest"), await member("Bob Digest")];
    await block(bob, ada);
    await slippedIn(bob, ada);
    await slippedIn(ada, bob);
    expect([await unread(ada), await unread(bob)]).toEqual([0, 0]);
    expect([await shown(ada), await shown(bob)]).toEqual([[], []]);
    await run(11 * MINUTE);
    expect([digestsTo(ada), digestsTo(bob)]).toEqual([[], []]);
  });

  it("leave the digest when their private chat waits unread, whoever blocked", async () => {
    const { a: ada, b: bob, chatId } = await friendsInChat("Ada Unread", "Bob Unread");
    const cat = await member("Cat Unread");
    await befriend(ada, cat);
    const { chatId: catChat } = await ada.trpc.chats.openPrivate.mutate({ friendId: cat.me.id });
    await say(bob, chatId, "Ada, are you there?");
    await say(ada, chatId, "Bob, answer me");
    await say(cat, catChat, "Lunch?");
    await bob.trpc.safety.block.mutate({ memberId: ada.me.id });

    await run(11 * MINUTE);
    const [mail, ...more] = digestsTo(ada);
    expect(more).toEqual([]);
    expect(mail!.text).toContain("1 new message from Cat Unread");
    expect(mail!.text).not.toContain("Bob Unread");
    expect(digestsTo(bob)).toEqual([]);
  });
});

describe("pushes between blocked members", () => {
  it("still waiting to be sent are dropped, of a message and of a notification, and no others", async () => {
    const { a: ada, b: bob, chatId } = await friendsInChat("Ada Away", "Bob Away");
    const cat = await member("Cat Away");
    const phone = await phoneOf(ada);
    const bobsPhone = await phoneOf(bob);
    await t.settle();
    // Ada's push service is down: what is pushed to her waits to be tried again.
    standIn.answer(phone, 500);
    standIn.answer(bobsPhone, 500);
    await say(bob, chatId, "Call me back");
    await say(ada, chatId, "Later");
    await cat.trpc.friends.request.mutate({ memberId: ada.me.id });
    await t.settle();
    const [adaTried, bobTried] = [receivedCount(phone), receivedCount(bobsPhone)];
    expect(adaTried).toBe(2);
    expect(bobTried).toBe(1);

    await block(ada, bob);
    standIn.answer(phone, 201);
    standIn.answer(bobsPhone, 201);
    await run(RETRY_DELAYS_MS[0] + MINUTE);
    expect(bodiesOn(phone, adaTried)).toEqual([
      { title: "New friend request", body: "Cat Away sent you a friend request" },
    ]);
    expect(bodiesOn(bobsPhone, bobTried)).toEqual([]);
  });
});

describe("a suspended member", () => {
  it("gets no pushes while suspended, and gets them again once reinstated", async () => {
    const [sam, cat, dan] = [await member("Sam Suspended"), await member("Cat Asker"), await member("Dan Asker")];
    const phone = await phoneOf(sam);
    await admin.trpc.admin.suspend.mutate({ memberId: sam.me.id, reason: "Spam" });
    await cat.trpc.friends.request.mutate({ memberId: sam.me.id });
    await t.settle();
    expect(bodiesOn(phone)).toEqual([]);
    // Settled unsent, as for a member with no device: it is not tried again.
    expect(
      await t.db.select({ next: pushOutbox.nextAttemptAt }).from(pushOutbox).where(eq(pushOutbox.memberId, sam.me.id)),
    ).toEqual([{ next: null }]);

    await admin.trpc.admin.reinstate.mutate({ memberId: sam.me.id, reason: "Appeal accepted" });
    await dan.trpc.friends.request.mutate({ memberId: sam.me.id });
    await t.settle();
    expect(bodiesOn(phone)).toEqual([{ title: "New friend request", body: "Dan Asker sent you a friend request" }]);
  });

  it("gets no digest while suspended; once reinstated, the next one tells of what waits", async () => {
    const [sam, cat, dan] = [await member("Sam Digest"), await member("Cat Digest"), await member("Dan Digest")];
    await cat.trpc.friends.request.mutate({ memberId: sam.me.id });
    await admin.trpc.admin.suspend.mutate({ memberId: sam.me.id, reason: "Spam" });
    await run(11 * MINUTE);
    expect(digestsTo(sam)).toEqual([]);

    await admin.trpc.admin.reinstate.mutate({ memberId: sam.me.id, reason: "Appeal accepted" });
    await dan.trpc.friends.request.mutate({ memberId: sam.me.id });
    await run(22 * MINUTE);
    const [mail, ...more] = digestsTo(sam);
    expect(more).toEqual([]);
    expect(mail!.text).toContain("Cat Digest sent you a friend request");
    expect(mail!.text).toContain("Dan Digest sent you a friend request");
  });
});

describe("a message a moderator removed", () => {
  it("reads 'Removed by a moderator' in a push of it that had not gone yet", async () => {
    const { a: ada, b: bob, chatId } = await friendsInChat("Ada Reporter", "Bob Rude");
    const phone = await phoneOf(ada);
    await t.settle();
    standIn.answer(phone, 500);
    const message = await say(bob, chatId, "Something rude\nand more of it");
    await t.settle();
    const tried = receivedCount(phone);
    expect(bodiesOn(phone, tried - 1)).toEqual([{ title: "Bob Rude", body: "Something rude" }]);

    await ada.trpc.safety.report.mutate({ target: { kind: "message", messageId: message.id }, reason: "harassment" });
    const [report] = await t.db
      .select()
      .from(reports)
      .where(eq(reports.targetId, String(message.id)));
    await admin.trpc.admin.removeContent.mutate({ reportId: report!.id, reason: "Harassment" });
    standIn.answer(phone, 201);
    await run(RETRY_DELAYS_MS[0] + MINUTE);
    expect(bodiesOn(phone, tried)).toEqual([{ title: "Bob Rude", body: REMOVED_BY_MODERATOR }]);
  });
});
