import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALREADY_SENT } from "@core/friend-rules";
import {
  DEFAULT_CHANNELS,
  DEFAULT_MESSAGE_CHANNELS,
  PANEL_SIZE,
  PREFERENCE_KEYS,
  UNREAD_COUNT_CAP,
} from "@core/notification-rules";
import { notifications, pushOutbox } from "@db/schema";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";
import {
  completedSession,
  refundedCharge,
  signedDelivery,
  standInEnv,
  startStripeStandIn,
  stripeEvent,
  type StripeStandIn,
} from "@testing/stripe-stand-in";

let standIn: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ ...standInEnv(standIn), RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});
afterAll(() => standIn.close());

/** Every notification row of the member, oldest first, as stored. */
const rowsOf = (m: TestMember) =>
  t.db.select().from(notifications).where(eq(notifications.recipientId, m.me.id)).orderBy(asc(notifications.id));

/** The pushes queued for the member, payloads parsed. */
const pushesOf = async (m: TestMember) =>
  (await t.db.select().from(pushOutbox).where(eq(pushOutbox.memberId, m.me.id)).orderBy(asc(pushOutbox.id))).map(
    (row) => JSON.parse(row.payload) as { title: string; body: string; url: string; tag: string },
  );

const listOf = async (m: TestMember, filter: "unread" | "all" = "all") =>
  (await m.trpc.notifications.list.query({ filter })).items;

const kindsOf = async (m: TestMember) => (await rowsOf(m)).map((row) => row.kind);

/** Pokes that reached the member's room about their notifications. */
const notificationPokes = async (m: TestMember) => {
  await t.settle();
  return t.notices.filter(
    (n) =>
      n.room === "member-room" && n.name === m.me.id && n.notice.type === "poke" && n.notice.reason === "notification",
  ).length;
};

async function friends(a: TestMember, b: TestMember) {
  const { requestId } = await a.trpc.friends.request.mutate({ memberId: b.me.id });
  await b.trpc.friends.accept.mutate({ requestId });
}

describe("a friend request", () => {
  it("tells the recipient once, never the sender, however often it is sent again", async () => {
    const [ada, bob] = [await t.member("Ada Recipient"), await t.member("Bob Sender")];
    const { requestId } = await bob.trpc.friends.request.mutate({ memberId: ada.me.id });
    // Sent again, and from the other side: refused, and nothing more is written.
    expect(await rejection(bob.trpc.friends.request.mutate({ email: ada.email }))).toMatchObject({
      message: ALREADY_SENT,
    });
    await rejection(ada.trpc.friends.request.mutate({ memberId: bob.me.id }));

    expect(await rowsOf(ada)).toMatchObject([
      { kind: "friend_request", actorId: bob.me.id, eventKey: requestId, subjectId: null, readAt: null },
    ]);
    expect(await rowsOf(bob)).toEqual([]);
    expect(await ada.trpc.notifications.unreadCount.query()).toBe(1);
    expect(await listOf(ada)).toMatchObject([
      {
        kind: "friend_request",
        actor: { id: bob.me.id, name: "Bob Sender", avatarUrl: null },
        text: "sent you a friend request",
        url: "/requests",
        read: false,
      },
    ]);
    // Every open page of the recipient looks again; the sender's own pages have nothing new.
    expect(await notificationPokes(ada)).toBe(1);
    expect(await notificationPokes(bob)).toBe(0);
  });

  it("queues one push to the recipient, who wants pushes of requests by default", async () => {
    const [ada, bob] = [await t.member("Ada Pushed"), await t.member("Bob Pusher")];
    await bob.trpc.friends.request.mutate({ memberId: ada.me.id });
    await rejection(bob.trpc.friends.request.mutate({ memberId: ada.me.id }));
    const [row] = await rowsOf(ada);
    expect(await pushesOf(ada)).toEqual([
      {
        title: "New friend request",
        body: "Bob Pusher sent you a friend request",
        url: "/requests",
        tag: `notification-${row!.id}`,
      },
    ]);
    expect(await pushesOf(bob)).toEqual([]);
  });

  it("once accepted, tells the sender once and stops waiting in the recipient's bell", async () => {
    const [ada, bob] = [await t.member("Ada Accepts"), await t.member("Bob Asked")];
    const { requestId } = await bob.trpc.friends.request.mutate({ memberId: ada.me.id });
    await ada.trpc.friends.accept.mutate({ requestId });
    await ada.trpc.friends.accept.mutate({ requestId });

    expect(await rowsOf(bob)).toMatchObject([{ kind: "friend_accepted", actorId: ada.me.id, eventKey: requestId }]);
    expect(await listOf(bob)).toMatchObject([
      { actor: { name: "Ada Accepts" }, text: "accepted your friend request", url: `/member/${ada.me.id}` },
    ]);
    expect(await kindsOf(ada)).toEqual(["friend_request"]);
    expect(await ada.trpc.notifications.unreadCount.query()).toBe(0);
    // In the app only by default: no push.
    expect(DEFAULT_CHANNELS.friend_accepted.push).toBe(false);
    expect(await pushesOf(bob)).toEqual([]);
  });

  it("rejected, tells the sender nothing; cancelled, it leaves the recipient's bell", async () => {
    const [ada, bob, cal] = [await t.member("Ada Busy"), await t.member("Bob Rejected"), await t.member("Cal Cancels")];
    const rejected = await bob.trpc.friends.request.mutate({ memberId: ada.me.id });
    const cancelled = await cal.trpc.friends.request.mutate({ memberId: ada.me.id });
    expect(await ada.trpc.notifications.unreadCount.query()).toBe(2);

    await ada.trpc.friends.reject.mutate({ requestId: rejected.requestId });
    await cal.trpc.friends.cancel.mutate({ requestId: cancelled.requestId });

    expect(await rowsOf(bob)).toEqual([]);
    expect(await rowsOf(ada)).toMatchObject([{ actorId: bob.me.id, readAt: expect.any(Date) }]);
    expect(await ada.trpc.notifications.unreadCount.query()).toBe(0);
    // Each change reached the recipient's open pages: two requests, a rejection, a withdrawal.
    expect(await notificationPokes(ada)).toBe(4);
  });
});

describe("a join request", () => {
  async function project(owner: TestMember, title = "Trail Mapper") {
    return (await owner.trpc.projects.create.mutate({ title, category: "Web Development" })).id;
  }

  it("tells the owner once per asking, and the member of each answer", async () => {
    const [owner, eve] = [await t.member("Olga Owner"), await t.member("Eve Asker")];
    const projectId = await project(owner);
    const asked = await eve.trpc.joinRequests.request.mutate({ projectId });
    await rejection(eve.trpc.joinRequests.request.mutate({ projectId }));

    expect(await rowsOf(owner)).toMatchObject([{ kind: "join_request", actorId: eve.me.id, subjectId: projectId }]);
    expect(await listOf(owner)).toMatchObject([
      {
        actor: { name: "Eve Asker" },
        text: "asked to join Trail Mapper",
        subjectTitle: "Trail Mapper",
        url: `/project/${projectId}`,
      },
    ]);
    expect(await pushesOf(owner)).toMatchObject([
      { title: "New join request", body: "Eve Asker asked to join Trail Mapper" },
    ]);
    expect(await rowsOf(eve)).toEqual([]);

    await owner.trpc.joinRequests.decline.mutate({ requestId: asked.id });
    await rejection(owner.trpc.joinRequests.decline.mutate({ requestId: asked.id }));
    expect(await listOf(eve)).toMatchObject([
      { kind: "join_declined", actor: { name: "Olga Owner" }, text: "declined your request to join Trail Mapper" },
    ]);
    // Answered: the owner's notification no longer waits.
    expect(await owner.trpc.notifications.unreadCount.query()).toBe(0);

    // Asking again is a new asking: the owner is told again, and of the answer the member is too.
    await eve.trpc.joinRequests.request.mutate({ projectId });
    await owner.trpc.joinRequests.accept.mutate({ requestId: asked.id });
    expect(await kindsOf(owner)).toEqual(["join_request", "join_request"]);
    expect(await kindsOf(eve)).toEqual(["join_declined", "join_accepted"]);
    expect((await listOf(eve))[0]).toMatchObject({
      text: "accepted your request to join Trail Mapper",
      url: `/project/${projectId}`,
    });
    expect(await owner.trpc.notifications.unreadCount.query()).toBe(0);
  });

  it("says so when the project is gone", async () => {
    const [owner, eve] = [await t.member("Olga Deletes"), await t.member("Eve Waits")];
    const projectId = await project(owner, "Short Lived");
    const asked = await eve.trpc.joinRequests.request.mutate({ projectId });
    await owner.trpc.joinRequests.decline.mutate({ requestId: asked.id });
    await owner.trpc.projects.remove.mutate({ id: projectId });
    expect(await listOf(eve)).toMatchObject([
      { text: "declined your request to join a deleted project", subjectTitle: null },
    ]);
  });
});

describe("being added to a group", () => {
  it("tells each member the creator added, not the creator, and each later addition once", async () => {
    const [ann, ben, cat, dan] = [
      await t.member("Ann Admin"),
      await t.member("Ben Member"),
      await t.member("Cat Member"),
      await t.member("Dan Later"),
    ];
    for (const friend of [ben, cat, dan]) await friends(friend, ann);
    const { chatId } = await ann.trpc.chats.createGroup.mutate({
      name: "Weekend Hackers",
      memberIds: [ben.me.id, cat.me.id, ann.me.id],
    });
    for (const member of [ben, cat]) {
      expect(await listOf(member)).toMatchObject([
        {
          kind: "group_added",
          actor: { id: ann.me.id, name: "Ann Admin" },
          text: "added you to Weekend Hackers",
          url: `/chat/${chatId}`,
        },
        { kind: "friend_accepted" },
      ]);
    }
    expect(await kindsOf(ann)).toEqual(["friend_request", "friend_request", "friend_request"]);

    await ann.trpc.chats.addMember.mutate({ chatId, userId: dan.me.id });
    expect(await ann.trpc.chats.addMember.mutate({ chatId, userId: dan.me.id })).toEqual({ added: false });
    expect(await kindsOf(dan)).toEqual(["friend_accepted", "group_added"]);

    // Back after leaving is a new addition.
    await dan.trpc.chats.leave.mutate({ chatId });
    await ann.trpc.chats.addMember.mutate({ chatId, userId: dan.me.id });
    expect(await kindsOf(dan)).toEqual(["friend_accepted", "group_added", "group_added"]);
    expect(await notificationPokes(dan)).toBe(3);
  });

  it("queues a push when the member turned pushes of it on", async () => {
    const [ann, ben] = [await t.member("Ann Pushes"), await t.member("Ben Wants Pushes")];
    await friends(ben, ann);
    await ben.trpc.notifications.setPreference.mutate({ key: "group_added", channel: "push", enabled: true });
    const { chatId } = await ann.trpc.chats.createGroup.mutate({ name: "Night Owls", memberIds: [ben.me.id] });
    expect(await pushesOf(ben)).toMatchObject([
      { title: "Added to a group", body: "Ann Pushes added you to Night Owls", url: `/chat/${chatId}` },
    ]);
  });
});

describe("Lifetime Access", () => {
  async function pay(m: TestMember) {
    const { url } = await m.trpc.billing.createCheckout.mutate({ attemptId: crypto.randomUUID() });
    return [...standIn.sessions.values()].find((s) => s.url === url)!;
  }
  async function deliver(event: object) {
    const { body, signature } = signedDelivery(event);
    const response = await t.app.request("/api/stripe/webhook", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    });
    expect(response.status).toBe(200);
  }

  it("tells the buyer once when it is confirmed, and once when it is refunded, however often Stripe repeats", async () => {
    const buyer = await t.member("Pat Payer");
    const session = await pay(buyer);
    const paid = stripeEvent("checkout.session.completed", completedSession(session));
    await deliver(paid);
    await deliver(paid);
    await deliver(stripeEvent("checkout.session.completed", completedSession(session)));
    expect(await listOf(buyer)).toMatchObject([
      {
        kind: "pro_confirmed",
        actor: null,
        text: "Your Lifetime Access is confirmed. Thank you for your support!",
        url: "/settings",
      },
    ]);

    const refund = stripeEvent("charge.refunded", refundedCharge(session));
    await deliver(refund);
    await deliver(refund);
    expect(await kindsOf(buyer)).toEqual(["pro_confirmed", "pro_refunded"]);
    expect((await listOf(buyer))[0]).toMatchObject({ actor: null, text: "Your Lifetime Access payment was refunded." });
    expect(await notificationPokes(buyer)).toBe(2);
  });
});

describe("what the list shows", () => {
  it("names a member who deleted their account 'Deleted member'", async () => {
    const [ada, gone] = [await t.member("Ada Stays"), await t.member("Gus Goes")];
    await gone.trpc.friends.request.mutate({ memberId: ada.me.id });
    await gone.trpc.account.delete.mutate({ password: gone.password });
    expect(await listOf(ada)).toMatchObject([
      { kind: "friend_request", actor: { id: null, name: "Deleted member", avatarUrl: null } },
    ]);
  });

  it("renders a mention, though nothing writes one yet", async () => {
    const [ada, bob] = [await t.member("Ada Mentioned"), await t.member("Bob Mentions")];
    await friends(bob, ada);
    const { chatId } = await bob.trpc.chats.createGroup.mutate({ name: "Standup", memberIds: [ada.me.id] });
    // Mentions arrive with a later feature; the row is written as it will write it.
    await t.db.insert(notifications).values({
      recipientId: ada.me.id,
      actorId: bob.me.id,
      kind: "mention",
      subjectId: chatId,
      eventKey: "message-1",
    });
    expect((await listOf(ada))[0]).toMatchObject({
      kind: "mention",
      actor: { name: "Bob Mentions" },
      text: "mentioned you in Standup",
      url: `/chat/${chatId}`,
    });
  });
});

/** `n` notifications for `m`, each a group a friend adds them to. */
async function groupsFor(m: TestMember, n: number) {
  const friend = await t.member(`Friend of ${m.me.id.slice(0, 4)}`);
  await friends(m, friend);
  for (let i = 1; i <= n; i++) await friend.trpc.chats.createGroup.mutate({ name: `Group ${i}`, memberIds: [m.me.id] });
  return friend;
}

describe("paging", () => {
  it("pages newest first by cursor, and a notification arriving meanwhile moves no page", async () => {
    const m = await t.member("Pia Pages");
    const friend = await groupsFor(m, 2 * PANEL_SIZE + 5);
    const first = await m.trpc.notifications.list.query({ filter: "all" });
    expect(first.items.map((i) => i.subjectTitle)).toEqual(
      Array.from({ length: PANEL_SIZE }, (_, i) => `Group ${2 * PANEL_SIZE + 5 - i}`),
    );
    await friend.trpc.chats.createGroup.mutate({ name: "Arrived meanwhile", memberIds: [m.me.id] });
    const second = await m.trpc.notifications.list.query({ filter: "all", cursor: first.nextCursor });
    const third = await m.trpc.notifications.list.query({ filter: "all", cursor: second.nextCursor });
    expect(second.items.map((i) => i.subjectTitle)).toEqual(
      Array.from({ length: PANEL_SIZE }, (_, i) => `Group ${PANEL_SIZE + 5 - i}`),
    );
    // The friend's acceptance is the oldest.
    expect(third.items.map((i) => i.subjectTitle ?? i.kind)).toEqual([
      "Group 5",
      "Group 4",
      "Group 3",
      "Group 2",
      "Group 1",
      "friend_accepted",
    ]);
    expect(third.nextCursor).toBeNull();
  });

  it("lists only the unread ones under 'unread'", async () => {
    const m = await t.member("Uma Unread");
    await groupsFor(m, 4);
    const [newest, , third] = await listOf(m);
    await m.trpc.notifications.markRead.mutate({ id: newest!.id });
    await m.trpc.notifications.markRead.mutate({ id: third!.id });
    const unread = await listOf(m, "unread");
    expect(unread.map((i) => i.subjectTitle ?? i.kind)).toEqual(["Group 3", "Group 1", "friend_accepted"]);
    expect(unread.every((i) => !i.read)).toBe(true);
  });

  it(`counts unread up to ${UNREAD_COUNT_CAP}, the most the bell shows`, async () => {
    const m = await t.member("Cap Counted");
    await groupsFor(m, UNREAD_COUNT_CAP + 5);
    expect(await m.trpc.notifications.unreadCount.query()).toBe(UNREAD_COUNT_CAP);
    const marked = await m.trpc.notifications.markAllRead.mutate({});
    expect(marked).toEqual({ marked: UNREAD_COUNT_CAP + 6 });
    expect(await m.trpc.notifications.unreadCount.query()).toBe(0);
  });

  it("refuses a cursor that is not an id, and never answers 500", async () => {
    const m = await t.member();
    for (const cursor of [-1, 1.5, 0]) {
      expect(await rejection(m.trpc.notifications.list.query({ filter: "all", cursor }))).toMatchObject({
        code: "BAD_REQUEST",
      });
    }
    expect((await m.trpc.notifications.list.query({ filter: "all", cursor: 2 ** 40 })).items).toEqual([]);
  });
});

describe("marking read", () => {
  it("marks the member's own, once; another member's id is not found and changes nothing", async () => {
    const [ada, bob, cal] = [await t.member("Ada Reads"), await t.member("Bob Other"), await t.member("Cal Asks")];
    await cal.trpc.friends.request.mutate({ memberId: ada.me.id });
    await cal.trpc.friends.request.mutate({ memberId: bob.me.id });
    const [adas] = await listOf(ada);
    const bobsBefore = await rowsOf(bob);

    expect(await rejection(bob.trpc.notifications.markRead.mutate({ id: adas!.id }))).toMatchObject({
      code: "NOT_FOUND",
      message: "This notification no longer exists.",
    });
    expect(await rowsOf(ada)).toMatchObject([{ readAt: null }]);
    expect(await rowsOf(bob)).toEqual(bobsBefore);
    const pokes = await notificationPokes(ada);

    await ada.trpc.notifications.markRead.mutate({ id: adas!.id });
    await ada.trpc.notifications.markRead.mutate({ id: adas!.id });
    expect(await listOf(ada)).toMatchObject([{ id: adas!.id, read: true }]);
    expect(await ada.trpc.notifications.unreadCount.query()).toBe(0);
    expect(await bob.trpc.notifications.unreadCount.query()).toBe(1);
    // The member's other pages drop it from their count: one poke, for the change only.
    expect(await notificationPokes(ada)).toBe(pokes + 1);
  });

  it("marks all up to the newest the member was shown, and only their own", async () => {
    const [ada, bob] = [await t.member("Ada All"), await t.member("Bob Untouched")];
    await groupsFor(ada, 3);
    await groupsFor(bob, 1);
    const shown = await listOf(ada);
    await groupsFor(ada, 1);
    await ada.trpc.notifications.markAllRead.mutate({ upToId: shown[0]!.id });
    // What arrived after the page was shown still waits.
    expect((await listOf(ada, "unread")).map((i) => i.kind)).toEqual(["group_added", "friend_accepted"]);
    expect(await bob.trpc.notifications.unreadCount.query()).toBe(2);
    await ada.trpc.notifications.markAllRead.mutate({});
    expect(await ada.trpc.notifications.unreadCount.query()).toBe(0);
  });
});

describe("preferences", () => {
  it("start at the defaults: requests by e-mail and push, the rest in the app only", async () => {
    const m = await t.member();
    const preferences = await m.trpc.notifications.preferences.query();
    expect(preferences.map((p) => p.key)).toEqual([...PREFERENCE_KEYS]);
    for (const { key, email, push } of preferences) {
      const expected = key === "message" ? DEFAULT_MESSAGE_CHANNELS : DEFAULT_CHANNELS[key];
      expect({ email, push }).toEqual(expected);
    }
    expect(preferences.find((p) => p.key === "friend_request")).toEqual({
      key: "friend_request",
      email: true,
      push: true,
    });
    expect(preferences.find((p) => p.key === "group_added")).toEqual({ key: "group_added", email: false, push: false });
  });

  it("change one channel of one kind, keep the other, and decide the next push", async () => {
    const [ada, bob] = [await t.member("Ada Quiet"), await t.member("Bob Asks")];
    expect(
      await ada.trpc.notifications.setPreference.mutate({ key: "friend_request", channel: "push", enabled: false }),
    ).toEqual({ key: "friend_request", email: true, push: false });
    expect(
      await ada.trpc.notifications.setPreference.mutate({ key: "message", channel: "email", enabled: false }),
    ).toEqual({ key: "message", email: false, push: true });
    const preferences = await ada.trpc.notifications.preferences.query();
    expect(preferences.find((p) => p.key === "friend_request")).toEqual({
      key: "friend_request",
      email: true,
      push: false,
    });
    expect(preferences.find((p) => p.key === "join_request")).toEqual({ key: "join_request", email: true, push: true });
    // Another member's choices are their own.
    expect((await bob.trpc.notifications.preferences.query()).find((p) => p.key === "friend_request")).toMatchObject({
      push: true,
    });

    await bob.trpc.friends.request.mutate({ memberId: ada.me.id });
    // Still in the app, always; no push.
    expect(await kindsOf(ada)).toEqual(["friend_request"]);
    expect(await pushesOf(ada)).toEqual([]);
  });

  it("refuse an unknown kind or channel", async () => {
    const m = await t.member();
    const before = await t.db.all(sql`SELECT * FROM notification_preferences`);
    for (const input of [
      { key: "everything", channel: "push", enabled: true },
      { key: "friend_request", channel: "sms", enabled: true },
      { key: "friend_request", channel: "push", enabled: "yes" },
    ]) {
      // @ts-expect-error: junk, as a hand-made request could send it
      expect(await rejection(m.trpc.notifications.setPreference.mutate(input))).toMatchObject({ code: "BAD_REQUEST" });
    }
    expect(await t.db.all(sql`SELECT * FROM notification_preferences`)).toEqual(before);
  });
});
