/**
 * The e-mail digest on a real database, run by the scheduled job at chosen moments: when it goes
 * (not before a notification or a conversation has waited ten minutes; one an hour at most), what
 * it says (a line per notification and per private chat, the links, the unsubscribe headers), what
 * it leaves out (read notifications, kinds whose e-mail is off, muted chats, what an earlier digest
 * told of), and its unsubscribe links, by the page's procedure and by one-click POST.
 */
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NotificationKind } from "@core/enums";
import { DIGEST_DELAY_MS, DIGEST_INTERVAL_MS, type PreferenceKey } from "@core/notification-rules";
import { INVALID_UNSUBSCRIBE_LINK } from "@core/notification-text";
import {
  chatParticipants,
  friends,
  messages,
  notificationDigests,
  notificationPreferences,
  notifications,
  outbox,
} from "@db/schema";
import { createTestApp, rejection, TEST_ORIGIN, type TestApp, type TestMember } from "@testing/harness";
import { linkIn } from "@testing/outbox";
import { runScheduledJobs } from "../jobs/scheduled";
import type { Mailer, OutgoingEmail } from "../mail/mailer";
import { DIGEST_SUBJECT } from "./digest-email";
import { LISTED_NOTIFICATIONS } from "./digest";

const MINUTE = 60_000;

let t: TestApp;
/** Every e-mail the app sent, as the provider received it, headers included. */
const sent: OutgoingEmail[] = [];
const recordingMailer: Mailer = { delivers: true, send: async (email) => void sent.push(email) };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" }, { mailer: recordingMailer });
});

/** The clock the job runs at: every test starts from now and moves forward from there. */
let clock: number;
beforeEach(() => {
  clock = Date.now();
});
const run = (afterMinutes: number) => runScheduledJobs(t.db, t.mailer, t.config, clock + afterMinutes * MINUTE);

/** A member who signed up and confirmed their address from the e-mailed link. */
async function member(name: string) {
  const m = await t.member(name);
  const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, m.email)).orderBy(desc(outbox.id)).limit(1);
  const token = new URL(linkIn(mail!.body, "/auth/verify")!).searchParams.get("token")!;
  await m.trpc.auth.verifyEmail.mutate({ token });
  return m;
}

/** A notification as the event that makes it writes it (the notification centre's part). */
async function notify(
  to: TestMember,
  kind: NotificationKind,
  options: { actor?: TestMember; subjectId?: string; at?: number } = {},
) {
  const [row] = await t.db
    .insert(notifications)
    .values({
      recipientId: to.me.id,
      actorId: options.actor?.me.id ?? null,
      kind,
      subjectId: options.subjectId ?? null,
      eventKey: crypto.randomUUID(),
      createdAt: new Date(options.at ?? clock),
    })
    .returning();
  return row!;
}

async function privateChat(a: TestMember, b: TestMember) {
  await t.db
    .insert(friends)
    .values({ id: crypto.randomUUID(), userId: a.me.id, friendId: b.me.id, status: "accepted" });
  return (await a.trpc.chats.openPrivate.mutate({ friendId: b.me.id })).chatId;
}

const say = (from: TestMember, chatId: string, content: string) =>
  from.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content });

/** The digests a member received, oldest first. */
const digestsTo = (m: TestMember) => sent.filter((mail) => mail.to === m.email && mail.subject === DIGEST_SUBJECT);

/** The text lines of a digest that tell of something, each with the address it opens. */
function linesOf(mail: OutgoingEmail) {
  const lines: { text: string; url: string }[] = [];
  const text = mail.text.split("\n");
  text.forEach((line, i) => {
    if (line.startsWith("- ")) lines.push({ text: line.slice(2), url: text[i + 1]!.trim() });
  });
  return lines;
}
const said = (mail: OutgoingEmail) => linesOf(mail).map((line) => line.text);

async function emailChoice(m: TestMember, kind: PreferenceKey) {
  const [row] = await t.db
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.memberId, m.me.id), eq(notificationPreferences.kind, kind)));
  return row ? { email: row.email, push: row.push } : null;
}

/** The link under the text that stops e-mails of one kind, as the member reads it. */
function stopLink(mail: OutgoingEmail, topic: string) {
  const text = mail.text.split("\n");
  const at = text.indexOf(`Stop e-mails about ${topic}:`);
  if (at < 0) throw new Error(`no link to stop e-mails about ${topic} in:\n${mail.text}`);
  return new URL(text[at + 1]!);
}
const queryOf = (link: URL) => {
  const { member, kinds, sig } = Object.fromEntries(link.searchParams);
  return { member: member ?? "", kinds: kinds ?? "", sig: sig ?? "" };
};

describe("when a digest goes", () => {
  it("not before a notification has waited ten minutes unread, then once, with what happened and where to see it", async () => {
    const [ada, bob] = [await member("Ada Lovelace"), await member("Bob Babbage")];
    await notify(ada, "friend_request", { actor: bob });

    await run(9);
    expect(digestsTo(ada)).toHaveLength(0);

    await run(10);
    const [mail] = digestsTo(ada);
    expect(linesOf(mail!)).toEqual([{ text: "Bob Babbage sent you a friend request", url: `${TEST_ORIGIN}/requests` }]);
    expect(mail!.text).toContain(`Notification settings:\n${TEST_ORIGIN}/settings#notifications`);
    expect(mail!.html).toContain(`href="${TEST_ORIGIN}/requests"`);

    // Told of once: later runs send nothing more.
    await run(20);
    await run(3 * 60);
    expect(digestsTo(ada)).toHaveLength(1);
  });

  it("at most one an hour: what comes after a digest waits for the hour to pass, then goes alone", async () => {
    const [ada, bob, cleo] = [await member("Ada Lovelace"), await member("Bob Babbage"), await member("Cleo Dune")];
    await notify(ada, "friend_request", { actor: bob });
    await run(10);
    expect(digestsTo(ada)).toHaveLength(1);

    await notify(ada, "friend_request", { actor: cleo, at: clock + 11 * MINUTE });
    await run(25);
    await run(69);
    expect(digestsTo(ada)).toHaveLength(1);

    await run(70);
    expect(digestsTo(ada)).toHaveLength(2);
    expect(said(digestsTo(ada)[1]!)).toEqual(["Cleo Dune sent you a friend request"]);
  });

  it("goes in the run that finds it due, when the run's clock is behind the database's (a Cron Trigger's minute)", async () => {
    const [ada, bob] = [await member("Ada Lovelace"), await member("Bob Babbage")];
    await notify(ada, "friend_request", { actor: bob, at: clock - 11 * MINUTE });
    await run(-0.5);
    expect(digestsTo(ada)).toHaveLength(1);
  });

  it("is due ten minutes after the notification, as core/notification-rules says (the trigger's own numbers)", async () => {
    const [ada, bob] = [await member("Ada Lovelace"), await member("Bob Babbage")];
    const first = await notify(ada, "friend_request", { actor: bob });
    const dueAt = async () =>
      (await t.db.select().from(notificationDigests).where(eq(notificationDigests.memberId, ada.me.id)))[0]!.dueAt;
    expect((await dueAt())!.getTime()).toBe(first.createdAt.getTime() + DIGEST_DELAY_MS);
    await run(10);
    // Nothing waits: not due. A new notification: due when the hour since the digest is up.
    expect(await dueAt()).toBeNull();
    await notify(ada, "mention", { actor: bob, at: clock + 11 * MINUTE });
    expect((await dueAt())!.getTime()).toBe(clock + 10 * MINUTE + DIGEST_INTERVAL_MS);
  });

  it("goes only to a confirmed address: an unconfirmed one may be a stranger's", async () => {
    const unconfirmed = await t.member("Una Confirmed");
    await notify(unconfirmed, "friend_request", { actor: await member("Bob Babbage") });
    await run(10);
    expect(digestsTo(unconfirmed)).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(notificationDigests)
      .where(eq(notificationDigests.memberId, unconfirmed.me.id));
    expect(row!.dueAt).toBeNull();
  });
});

describe("what a digest tells", () => {
  it("a line per notification, oldest first, naming the actor, the project or group, and opening its page", async () => {
    const [ada, bob] = [await member("Ada Lovelace"), await member("Bob Babbage")];
    const { id: projectId } = await ada.trpc.projects.create.mutate({
      title: "Trail Mapper",
      category: "Web Development",
    });
    const { id: otherProject } = await bob.trpc.projects.create.mutate({
      title: "Star Atlas",
      category: "Web Development",
    });
    await t.db
      .insert(friends)
      .values({ id: crypto.randomUUID(), userId: ada.me.id, friendId: bob.me.id, status: "accepted" });
    const { chatId: groupId } = await bob.trpc.chats.createGroup.mutate({ name: "Night Owls", memberIds: [ada.me.id] });
    await notify(ada, "join_request", { actor: bob, subjectId: projectId, at: clock - 5 * MINUTE });
    await notify(ada, "join_accepted", { actor: bob, subjectId: otherProject, at: clock - 4 * MINUTE });
    await notify(ada, "group_added", { actor: bob, subjectId: groupId, at: clock - 3 * MINUTE });
    await notify(ada, "mention", { actor: bob, subjectId: groupId, at: clock - 2 * MINUTE });
    // E-mail is on for join_accepted and group_added here; requests and mentions are on by default.
    await t.db.insert(notificationPreferences).values([
      { memberId: ada.me.id, kind: "join_accepted", email: true, push: false },
      { memberId: ada.me.id, kind: "group_added", email: true, push: false },
    ]);

    await run(10);
    expect(linesOf(digestsTo(ada)[0]!)).toEqual([
      { text: "Bob Babbage asked to join Trail Mapper", url: `${TEST_ORIGIN}/project/${projectId}` },
      { text: "Bob Babbage accepted your request to join Star Atlas", url: `${TEST_ORIGIN}/project/${otherProject}` },
      { text: "Bob Babbage added you to Night Owls", url: `${TEST_ORIGIN}/chat/${groupId}` },
      { text: "Bob Babbage mentioned you in Night Owls", url: `${TEST_ORIGIN}/chat/${groupId}` },
    ]);
  });

  it("names an actor whose account is gone 'Deleted member'", async () => {
    const ada = await member("Ada Lovelace");
    const gone = await member("Gone Soon");
    await notify(ada, "friend_request", { actor: gone });
    await gone.trpc.account.delete.mutate({ password: gone.password });
    await run(10);
    expect(said(digestsTo(ada)[0]!)).toEqual(["Deleted member sent you a friend request"]);
  });

  it("leaves out notifications read before it went", async () => {
    const [ada, bob, cleo] = [await member("Ada Lovelace"), await member("Bob Babbage"), await member("Cleo Dune")];
    const read = await notify(ada, "friend_request", { actor: bob });
    await notify(ada, "friend_request", { actor: cleo });
    await t.db
      .update(notifications)
      .set({ readAt: new Date(clock + MINUTE) })
      .where(eq(notifications.id, read.id));
    await run(10);
    expect(said(digestsTo(ada)[0]!)).toEqual(["Cleo Dune sent you a friend request"]);
  });

  it("leaves out kinds whose e-mail is off, by default or by choice; with nothing left, sends nothing", async () => {
    const [ada, bob] = [await member("Ada Lovelace"), await member("Bob Babbage")];
    await notify(ada, "friend_accepted", { actor: bob });
    await notify(ada, "mention", { actor: bob });
    await notify(ada, "join_request", { actor: bob });
    await t.db
      .insert(notificationPreferences)
      .values({ memberId: ada.me.id, kind: "join_request", email: false, push: true });
    await run(10);
    expect(said(digestsTo(ada)[0]!)).toEqual(["Bob Babbage mentioned you in a group"]);

    const cleo = await member("Cleo Dune");
    await notify(cleo, "pro_confirmed");
    await notify(cleo, "friend_accepted", { actor: bob });
    await run(10);
    expect(digestsTo(cleo)).toHaveLength(0);
    const [row] = await t.db.select().from(notificationDigests).where(eq(notificationDigests.memberId, cleo.me.id));
    expect(row).toMatchObject({ dueAt: null, lastSentAt: null });
  });

  it("lists twenty notifications and counts the rest in one line, each told of once", async () => {
    const [ada, bob] = [await member("Ada Lovelace"), await member("Bob Babbage")];
    for (let i = 0; i < LISTED_NOTIFICATIONS + 3; i++) await notify(ada, "mention", { actor: bob, at: clock + i });
    await run(11);
    const lines = linesOf(digestsTo(ada)[0]!);
    expect(lines).toHaveLength(LISTED_NOTIFICATIONS + 1);
    expect(lines.at(-1)).toEqual({ text: "3 more notifications", url: `${TEST_ORIGIN}/notifications` });
    expect(await t.db.$count(notifications, and(eq(notifications.recipientId, ada.me.id)))).toBe(
      LISTED_NOTIFICATIONS + 3,
    );
    const told = await t.db.select().from(notifications).where(eq(notifications.recipientId, ada.me.id));
    expect(told.every((n) => n.emailedAt !== null)).toBe(true);
  });

  it("counts unread private messages per sender, each chat a line opening it; muted chats and groups say nothing", async () => {
    const ada = await member("Ada Lovelace");
    const [bob, cleo, dan] = [await member("Bob Babbage"), await member("Cleo Dune"), await member("Dan Muted")];
    const withBob = await privateChat(ada, bob);
    const withCleo = await privateChat(cleo, ada);
    const withDan = await privateChat(ada, dan);
    await say(ada, withBob, "Hi Bob");
    for (const text of ["One", "Two", "Three"]) await say(bob, withBob, text);
    await say(cleo, withCleo, "Hello Ada");
    await ada.trpc.chats.setMuted.mutate({ chatId: withDan, muted: true });
    await say(dan, withDan, "You will not hear of this");
    const { chatId: group } = await bob.trpc.chats.createGroup.mutate({ name: "Crew", memberIds: [ada.me.id] });
    await say(bob, group, "Group talk is not in the digest");
    // Ada read Bob's first message already.
    await ada.trpc.chats.markRead.mutate({ chatId: withBob, seq: 2 });

    await run(11);
    expect(linesOf(digestsTo(ada)[0]!)).toEqual([
      { text: "2 new messages from Bob Babbage", url: `${TEST_ORIGIN}/chat/${withBob}` },
      { text: "1 new message from Cleo Dune", url: `${TEST_ORIGIN}/chat/${withCleo}` },
    ]);
    // Bob and Cleo were told of nothing: what they wrote, Ada has not answered.
    expect(digestsTo(bob)).toHaveLength(0);
    expect(digestsTo(cleo)).toHaveLength(0);
  });

  it("tells of a conversation once it has been quiet ten minutes, and of each message once", async () => {
    const [ada, bob] = [await member("Ada Lovelace"), await member("Bob Babbage")];
    const chatId = await privateChat(ada, bob);
    await say(bob, chatId, "First");
    const second = await say(bob, chatId, "Second, five minutes later");
    await t.db
      .update(messages)
      .set({ createdAt: new Date(clock + 5 * MINUTE) })
      .where(eq(messages.id, second.id));

    await run(11);
    expect(digestsTo(ada)).toHaveLength(0);
    await run(15);
    expect(said(digestsTo(ada)[0]!)).toEqual(["2 new messages from Bob Babbage"]);
    const [mark] = await t.db
      .select()
      .from(chatParticipants)
      .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, ada.me.id)));
    expect(mark!.notifiedSeq).toBe(second.seq);

    // Still unread, but told of: the next digest counts only what came after.
    await say(bob, chatId, "Third");
    await run(60);
    expect(digestsTo(ada)).toHaveLength(1);
    await run(15 + 60);
    expect(said(digestsTo(ada)[1]!)).toEqual(["1 new message from Bob Babbage"]);
    await run(5 * 60);
    expect(digestsTo(ada)).toHaveLength(2);
  });

  it("leaves out messages when their e-mail is off", async () => {
    const [ada, bob] = [await member("Ada Lovelace"), await member("Bob Babbage")];
    await t.db
      .insert(notificationPreferences)
      .values({ memberId: ada.me.id, kind: "message", email: false, push: true });
    await say(bob, await privateChat(ada, bob), "Unheard");
    await notify(ada, "friend_request", { actor: bob });
    await run(10);
    expect(said(digestsTo(ada)[0]!)).toEqual(["Bob Babbage sent you a friend request"]);
  });

  it("carries one-click unsubscribe headers for every kind it told of, to every transport", async () => {
    const [ada, bob] = [await member("Ada Lovelace"), await member("Bob Babbage")];
    await notify(ada, "friend_request", { actor: bob });
    await say(bob, await privateChat(ada, bob), "Hi");
    await run(11);
    const [mail] = digestsTo(ada);
    expect(mail!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = new URL(/^<(.+)>$/.exec(mail!.headers!["List-Unsubscribe"]!)![1]!);
    expect(`${oneClick.origin}${oneClick.pathname}`).toBe(`${TEST_ORIGIN}/api/email/unsubscribe`);
    expect(oneClick.searchParams.get("member")).toBe(ada.me.id);
    expect(oneClick.searchParams.get("kinds")).toBe("friend_request,message");
    // The headers were kept with the e-mail in the outbox, which is what the transports send.
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, ada.email), eq(outbox.subject, DIGEST_SUBJECT)));
    expect(row!.headers).toEqual(mail!.headers);
  });
});

describe("claims", () => {
  it("two runs at the same moment send each member one digest, each notification in one", async () => {
    const [ada, bob, cleo] = [await member("Ada Lovelace"), await member("Bob Babbage"), await member("Cleo Dune")];
    await notify(ada, "friend_request", { actor: bob });
    await notify(cleo, "friend_request", { actor: bob });
    await say(bob, await privateChat(ada, bob), "Hi");
    await Promise.all([run(11), run(11), run(11)]);
    expect(digestsTo(ada)).toHaveLength(1);
    expect(digestsTo(cleo)).toHaveLength(1);
    expect(said(digestsTo(ada)[0]!)).toEqual([
      "Bob Babbage sent you a friend request",
      "1 new message from Bob Babbage",
    ]);
  });
});

describe("unsubscribing from a digest", () => {
  async function digestFor(name: string) {
    const [m, bob] = [await member(name), await member("Bob Babbage")];
    await notify(m, "friend_request", { actor: bob });
    await notify(m, "mention", { actor: bob });
    await run(10);
    return { m, mail: digestsTo(m)[0]! };
  }

  it("by its link, without signing in: that kind's e-mail is off, push as it was, and the next digest leaves it out", async () => {
    const { m, mail } = await digestFor("Ada Lovelace");
    const link = stopLink(mail, "friend requests");
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_ORIGIN}/unsubscribe`);
    const visitor = t.browser();
    expect(await visitor.trpc.emails.unsubscribe.mutate(queryOf(link))).toEqual({ kinds: ["friend_request"] });
    expect(await emailChoice(m, "friend_request")).toEqual({ email: false, push: true });
    expect(await emailChoice(m, "mention")).toBeNull();
    // Opened twice, it says the same.
    expect(await visitor.trpc.emails.unsubscribe.mutate(queryOf(link))).toEqual({ kinds: ["friend_request"] });

    await notify(m, "friend_request", { actor: await member("Cleo Dune"), at: clock + 2 * 60 * MINUTE });
    await notify(m, "mention", { actor: await member("Dan Dune"), at: clock + 2 * 60 * MINUTE });
    await run(2 * 60 + 10);
    expect(said(digestsTo(m)[1]!)).toEqual(["Dan Dune mentioned you in a group"]);
  });

  it("keeps a push choice the member made", async () => {
    const { m, mail } = await digestFor("Ada Lovelace");
    await t.db.insert(notificationPreferences).values({ memberId: m.me.id, kind: "mention", email: true, push: false });
    await t.browser().trpc.emails.unsubscribe.mutate(queryOf(stopLink(mail, "mentions")));
    expect(await emailChoice(m, "mention")).toEqual({ email: false, push: false });
  });

  it("refuses a tampered link or another member's, changing nothing", async () => {
    const { m: ada, mail } = await digestFor("Ada Lovelace");
    const { m: eve } = await digestFor("Eve Other");
    const genuine = queryOf(stopLink(mail, "friend requests"));
    const attempts = [
      { ...genuine, kinds: "mention" },
      { ...genuine, kinds: "friend_request,mention" },
      { ...genuine, sig: genuine.sig.slice(0, -1) + (genuine.sig.endsWith("A") ? "B" : "A") },
      { ...genuine, sig: "" },
      // Ada's signature on Eve's id.
      { ...genuine, member: eve.me.id },
      { member: "", kinds: "", sig: "" },
    ];
    for (const input of attempts) {
      expect(await rejection(t.browser().trpc.emails.unsubscribe.mutate(input))).toMatchObject({
        message: INVALID_UNSUBSCRIBE_LINK,
        code: "BAD_REQUEST",
      });
    }
    expect(await emailChoice(ada, "friend_request")).toBeNull();
    expect(await emailChoice(ada, "mention")).toBeNull();
    expect(await emailChoice(eve, "friend_request")).toBeNull();
  });

  it("by one-click POST to the List-Unsubscribe address (RFC 8058), with no cookie and no Origin: every kind it told of", async () => {
    const { m, mail } = await digestFor("Ada Lovelace");
    const address = /^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"]!)![1]!;
    const post = (url: string) =>
      t.app.request(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });

    const forged = new URL(address);
    forged.searchParams.set("member", (await member("Eve Other")).me.id);
    const refused = await post(forged.toString());
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: INVALID_UNSUBSCRIBE_LINK });
    expect(await emailChoice(m, "friend_request")).toBeNull();

    const response = await post(address);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "You will no longer get e-mails about friend requests and mentions.",
    });
    expect(await emailChoice(m, "friend_request")).toEqual({ email: false, push: true });
    expect(await emailChoice(m, "mention")).toEqual({ email: false, push: true });
  });

  it("sends a client that opens the List-Unsubscribe address to the page, which does it and says so", async () => {
    const { mail } = await digestFor("Ada Lovelace");
    const address = new URL(/^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"]!)![1]!);
    const response = await t.app.request(address.toString());
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${TEST_ORIGIN}/unsubscribe${address.search}`);
  });
});
