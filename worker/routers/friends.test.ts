import { eq, or } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { friends, rateLimits } from "@db/schema";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";
import { befriend } from "@testing/friends";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

const rowsOf = (a: TestMember, b: TestMember) =>
  t.db
    .select()
    .from(friends)
    .where(
      or(
        eq(friends.userId, a.me.id),
        eq(friends.friendId, a.me.id),
        eq(friends.userId, b.me.id),
        eq(friends.friendId, b.me.id),
      ),
    );

const allRows = () => t.db.select().from(friends).orderBy(friends.id);

async function pair(nameA = "Ann Asker", nameB = "Bob Builder") {
  return [await t.member(nameA), await t.member(nameB)] as const;
}

async function request(from: TestMember, to: TestMember) {
  const { requestId } = await from.trpc.friends.request.mutate({ email: to.email });
  return requestId;
}

describe("adding a friend by e-mail, checked in the spec's order", () => {
  it("refuses an empty address first, even before asking for a login, and writes nothing", async () => {
    const [ann] = await pair();
    const before = await allRows();
    for (const email of ["", "   "]) {
      expect(await rejection(ann.trpc.friends.request.mutate({ email }))).toMatchObject({
        message: "Please enter an email address.",
        code: "BAD_REQUEST",
      });
      expect(await rejection(t.browser().trpc.friends.request.mutate({ email }))).toMatchObject({
        message: "Please enter an email address.",
      });
    }
    expect(await allRows()).toEqual(before);
  });

  it("asks an anonymous visitor to log in", async () => {
    const [, bob] = await pair();
    expect(await rejection(t.browser().trpc.friends.request.mutate({ email: bob.email }))).toMatchObject({
      message: "You must be logged in to add friends.",
      code: "UNAUTHORIZED",
    });
    expect(await rowsOf(bob, bob)).toEqual([]);
  });

  it("says when no member has that address", async () => {
    const [ann] = await pair();
    expect(await rejection(ann.trpc.friends.request.mutate({ email: "nobody-here@example.com" }))).toMatchObject({
      message: "No user found with that email address.",
      code: "NOT_FOUND",
    });
    expect(await rowsOf(ann, ann)).toEqual([]);
  });

  it("refuses the member's own address, whatever its case and spaces", async () => {
    const [ann] = await pair();
    expect(await rejection(ann.trpc.friends.request.mutate({ email: `  ${ann.email.toUpperCase()} ` }))).toMatchObject({
      message: "You cannot add yourself as a friend.",
      code: "BAD_REQUEST",
    });
    expect(await rowsOf(ann, ann)).toEqual([]);
  });

  it("refuses friends, a request already sent, and a request already received, from either side", async () => {
    const [ann, bob] = await pair();
    await request(ann, bob);
    expect(await rejection(ann.trpc.friends.request.mutate({ email: bob.email }))).toMatchObject({
      message: "You have already sent a friend request to this user.",
      code: "CONFLICT",
    });
    expect(await rejection(bob.trpc.friends.request.mutate({ email: ann.email }))).toMatchObject({
      message: "This user has already sent you a friend request.",
      code: "CONFLICT",
    });
    const { incoming } = await bob.trpc.friends.requests.query();
    await bob.trpc.friends.accept.mutate({ requestId: incoming[0]!.id });
    for (const [from, to] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      expect(await rejection(from.trpc.friends.request.mutate({ email: to.email }))).toMatchObject({
        message: "You are already friends with this user.",
        code: "CONFLICT",
      });
    }
    expect(await rowsOf(ann, bob)).toHaveLength(1);
  });

  it("matches the address trimmed and case-insensitively, and names who it went to", async () => {
    const [ann, bob] = await pair();
    const sent = await ann.trpc.friends.request.mutate({ email: `  ${bob.email.toUpperCase()}\t` });
    expect(sent.member).toEqual({ id: bob.me.id, email: bob.email, displayName: "Bob Builder" });
    expect(await rowsOf(ann, bob)).toMatchObject([{ userId: ann.me.id, friendId: bob.me.id, status: "pending" }]);
  });
});

describe("adding a friend from a profile view", () => {
  it("follows the same rules by member id", async () => {
    const [ann, bob] = await pair();
    expect(await rejection(ann.trpc.friends.request.mutate({ memberId: ann.me.id }))).toMatchObject({
      message: "You cannot add yourself as a friend.",
    });
    expect(await rejection(ann.trpc.friends.request.mutate({ memberId: "nobody" }))).toMatchObject({
      message: "This member no longer exists.",
      code: "NOT_FOUND",
    });
    await ann.trpc.friends.request.mutate({ memberId: bob.me.id });
    expect(await rejection(ann.trpc.friends.request.mutate({ memberId: bob.me.id }))).toMatchObject({
      message: "You have already sent a friend request to this user.",
    });
    expect(await rejection(bob.trpc.friends.request.mutate({ memberId: ann.me.id }))).toMatchObject({
      message: "This user has already sent you a friend request.",
    });
    expect(await rejection(t.browser().trpc.friends.request.mutate({ memberId: bob.me.id }))).toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(await rowsOf(ann, bob)).toHaveLength(1);
  });
});

describe("answering and cancelling", () => {
  it("accepting makes both friends, each seeing the other with their e-mail, and empties both request lists", async () => {
    const [ann, bob] = await pair();
    const requestId = await request(ann, bob);
    expect(await bob.trpc.friends.incomingCount.query()).toBe(1);
    expect(await ann.trpc.friends.incomingCount.query()).toBe(0);

    expect(await bob.trpc.friends.accept.mutate({ requestId })).toEqual({ requestId, status: "accepted" });
    expect(await ann.trpc.friends.list.query()).toMatchObject([
      { id: bob.me.id, email: bob.email, displayName: "Bob Builder" },
    ]);
    expect(await bob.trpc.friends.list.query()).toMatchObject([
      { id: ann.me.id, email: ann.email, displayName: "Ann Asker" },
    ]);
    expect(await ann.trpc.friends.requests.query()).toEqual({ incoming: [], sent: [] });
    expect(await bob.trpc.friends.requests.query()).toEqual({ incoming: [], sent: [] });
    expect(await bob.trpc.friends.incomingCount.query()).toBe(0);
  });

  it("rejecting deletes the request for both sides", async () => {
    const [ann, bob] = await pair();
    const requestId = await request(ann, bob);
    expect(await bob.trpc.friends.reject.mutate({ requestId })).toEqual({ requestId });
    expect(await rowsOf(ann, bob)).toEqual([]);
    expect(await ann.trpc.friends.requests.query()).toEqual({ incoming: [], sent: [] });
    expect(await bob.trpc.friends.list.query()).toEqual([]);
    // The way is open again.
    await request(ann, bob);
  });

  it("cancelling deletes the request for both sides", async () => {
    const [ann, bob] = await pair();
    const requestId = await request(ann, bob);
    expect(await ann.trpc.friends.cancel.mutate({ requestId })).toEqual({ requestId });
    expect(await rowsOf(ann, bob)).toEqual([]);
    expect(await bob.trpc.friends.requests.query()).toEqual({ incoming: [], sent: [] });
    await request(bob, ann);
  });

  it("only the recipient answers and only the sender cancels; nothing changes otherwise", async () => {
    const [ann, bob] = await pair();
    const stranger = await t.member("Sam Stranger");
    const requestId = await request(ann, bob);
    const stored = await rowsOf(ann, bob);

    for (const call of [ann.trpc.friends.accept, ann.trpc.friends.reject]) {
      expect(await rejection(call.mutate({ requestId }))).toMatchObject({
        message: "Only the member who received this friend request can answer it.",
        code: "FORBIDDEN",
      });
    }
    expect(await rejection(bob.trpc.friends.cancel.mutate({ requestId }))).toMatchObject({
      message: "Only the member who sent this friend request can cancel it.",
      code: "FORBIDDEN",
    });
    for (const call of [stranger.trpc.friends.accept, stranger.trpc.friends.reject, stranger.trpc.friends.cancel]) {
      expect(await rejection(call.mutate({ requestId }))).toMatchObject({
        message: "This friend request no longer exists.",
        code: "NOT_FOUND",
      });
    }
    const anonymous = t.browser().trpc.friends;
    for (const call of [anonymous.accept, anonymous.reject, anonymous.cancel]) {
      expect(await rejection(call.mutate({ requestId }))).toMatchObject({ code: "UNAUTHORIZED" });
    }
    expect(await rowsOf(ann, bob)).toEqual(stored);
  });

  it("a request already accepted cannot be rejected or cancelled any more", async () => {
    const [ann, bob] = await pair();
    const requestId = await befriend(ann, bob);
    expect(await rejection(bob.trpc.friends.reject.mutate({ requestId }))).toMatchObject({
      message: "You are already friends with this user.",
      code: "CONFLICT",
    });
    expect(await rejection(ann.trpc.friends.cancel.mutate({ requestId }))).toMatchObject({
      message: "You are already friends with this user.",
    });
    expect(await rowsOf(ann, bob)).toMatchObject([{ status: "accepted" }]);
  });

  it("an unknown or answered request is gone", async () => {
    const [ann, bob] = await pair();
    const requestId = await request(ann, bob);
    await bob.trpc.friends.reject.mutate({ requestId });
    for (const call of [bob.trpc.friends.accept, bob.trpc.friends.reject, ann.trpc.friends.cancel]) {
      expect(await rejection(call.mutate({ requestId }))).toMatchObject({
        message: "This friend request no longer exists.",
      });
    }
    expect(await rejection(bob.trpc.friends.accept.mutate({ requestId: "" }))).toMatchObject({
      message: "This friend request no longer exists.",
      code: "BAD_REQUEST",
    });
  });
});

describe("removing a friend", () => {
  it("ends the friendship for both, and only a friend can", async () => {
    const [ann, bob] = await pair();
    const stranger = await t.member();
    await befriend(ann, bob);
    expect(await rejection(stranger.trpc.friends.remove.mutate({ memberId: bob.me.id }))).toMatchObject({
      message: "You are not friends with this user.",
      code: "NOT_FOUND",
    });
    expect(await rejection(t.browser().trpc.friends.remove.mutate({ memberId: bob.me.id }))).toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(await rowsOf(ann, bob)).toHaveLength(1);

    expect(await bob.trpc.friends.remove.mutate({ memberId: ann.me.id })).toEqual({ memberId: ann.me.id });
    expect(await ann.trpc.friends.list.query()).toEqual([]);
    expect(await bob.trpc.friends.list.query()).toEqual([]);
    expect(await rowsOf(ann, bob)).toEqual([]);
    expect(await rejection(ann.trpc.friends.remove.mutate({ memberId: bob.me.id }))).toMatchObject({
      message: "You are not friends with this user.",
    });
  });

  it("leaves a pending request alone", async () => {
    const [ann, bob] = await pair();
    await request(ann, bob);
    expect(await rejection(ann.trpc.friends.remove.mutate({ memberId: bob.me.id }))).toMatchObject({
      message: "You are not friends with this user.",
    });
    expect(await rowsOf(ann, bob)).toMatchObject([{ status: "pending" }]);
  });
});

describe("what each member sees", () => {
  it("lists hold only rows where the caller is a side, with the other side's public card", async () => {
    const [ann, bob] = await pair();
    const [cat, dan] = await pair("Cat Coder", "Dan Dev");
    await bob.trpc.profiles.update.mutate({
      displayName: "Bob Builder",
      bio: "Builds things.",
      age: 30,
      developerType: null,
      experience: null,
      specialization: "Full Stack Development",
      region: "Canada",
      interestedProjects: [],
      skills: [],
    });
    await request(ann, bob);
    await request(cat, ann);
    await befriend(cat, dan);

    const annRequests = await ann.trpc.friends.requests.query();
    expect(annRequests.sent).toMatchObject([
      {
        member: {
          id: bob.me.id,
          email: bob.email,
          displayName: "Bob Builder",
          specialization: "Full Stack Development",
          bio: "Builds things.",
        },
      },
    ]);
    expect(annRequests.incoming).toMatchObject([{ member: { id: cat.me.id, email: cat.email } }]);
    expect(annRequests.sent[0]!.createdAt).toBeInstanceOf(Date);
    expect(await ann.trpc.friends.list.query()).toEqual([]);

    const stranger = await t.member();
    expect(await stranger.trpc.friends.requests.query()).toEqual({ incoming: [], sent: [] });
    expect(await stranger.trpc.friends.list.query()).toEqual([]);
    expect(await stranger.trpc.friends.incomingCount.query()).toBe(0);
    expect(await dan.trpc.friends.list.query()).toMatchObject([{ id: cat.me.id }]);

    const anonymous = t.browser().trpc.friends;
    for (const call of [anonymous.list, anonymous.requests, anonymous.incomingCount]) {
      expect(await rejection(call.query())).toMatchObject({ code: "UNAUTHORIZED" });
    }
  });

  it("friends are listed by name", async () => {
    const ann = await t.member("Ann Asker");
    const zed = await t.member("zed Zephyr");
    const bea = await t.member("Bea Baker");
    await befriend(ann, zed);
    await befriend(bea, ann);
    expect((await ann.trpc.friends.list.query()).map((f) => f.displayName)).toEqual(["Bea Baker", "zed Zephyr"]);
  });

  it("the relationship answers each state, with the e-mail only between friends", async () => {
    const [ann, bob] = await pair();
    expect(await ann.trpc.friends.relationship.query({ memberId: ann.me.id })).toEqual({ status: "self", email: null });
    expect(await ann.trpc.friends.relationship.query({ memberId: bob.me.id })).toEqual({ status: "none", email: null });
    const requestId = await request(ann, bob);
    expect(await ann.trpc.friends.relationship.query({ memberId: bob.me.id })).toEqual({
      status: "sent",
      requestId,
      email: null,
    });
    expect(await bob.trpc.friends.relationship.query({ memberId: ann.me.id })).toEqual({
      status: "received",
      requestId,
      email: null,
    });
    await bob.trpc.friends.accept.mutate({ requestId });
    expect(await ann.trpc.friends.relationship.query({ memberId: bob.me.id })).toEqual({
      status: "friends",
      requestId,
      email: bob.email,
    });
    expect(await bob.trpc.friends.relationship.query({ memberId: ann.me.id })).toEqual({
      status: "friends",
      requestId,
      email: ann.email,
    });
    expect(await rejection(t.browser().trpc.friends.relationship.query({ memberId: bob.me.id }))).toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("the e-mail lookup limit", () => {
  it("allows 30 lookups an hour per member, found or not, then refuses with a clear wait", async () => {
    const [ann, bob] = await pair();
    for (let i = 0; i < 29; i++) {
      await rejection(ann.trpc.friends.request.mutate({ email: `nobody-${i}@example.com` }));
    }
    // The 30th lookup still goes through.
    await request(ann, bob);
    const refused = await rejection(ann.trpc.friends.request.mutate({ email: "someone@example.com" }));
    expect(refused).toEqual({
      message: "You have looked up too many email addresses. Please try again in 60 minutes.",
      code: "TOO_MANY_REQUESTS",
      status: 429,
    });
    // Another member has their own allowance.
    const cat = await t.member();
    await request(cat, bob);
  });

  it("opens again when the hour is over", async () => {
    const [ann, bob] = await pair();
    const lookups = Array.from({ length: 31 }, (_, i) =>
      rejection(ann.trpc.friends.request.mutate({ email: `gone-${i}@example.com` })),
    );
    expect((await Promise.all(lookups)).filter((a) => a.code === "TOO_MANY_REQUESTS")).toHaveLength(1);
    const key = `friends:lookup:${ann.me.id}`;
    // The hour began an hour ago.
    await t.db
      .update(rateLimits)
      .set({ windowStart: Date.now() - 60 * 60 * 1000 })
      .where(eq(rateLimits.key, key));
    await request(ann, bob);
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(row!.count).toBe(1);
  });

  it("refuses lookups sent inside a batch, counting none", async () => {
    const ann = await t.member();
    const input = JSON.stringify({ json: { email: "batched@example.com" } });
    const response = await ann.request("/api/trpc/friends.request,friends.request?batch=1", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"0":${input},"1":${input}}`,
    });
    const answers = (await response.json()) as { error: { json: { message: string } } }[];
    expect(answers.map((a) => a.error.json.message)).toEqual(Array(2).fill("This request must be sent on its own."));
    expect(
      await t.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `friends:lookup:${ann.me.id}`)),
    ).toEqual([]);
  });

  it("does not count an empty address, which looks nobody up", async () => {
    const ann = await t.member();
    await rejection(ann.trpc.friends.request.mutate({ email: " " }));
    const rows = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `friends:lookup:${ann.me.id}`));
    expect(rows).toEqual([]);
  });
});

describe("live updates", () => {
  const pokedFor = (member: TestMember) =>
    t.notices.filter(
      (n) =>
        n.room === "member-room" &&
        n.name === member.me.id &&
        n.notice.type === "poke" &&
        n.notice.reason === "friend-request",
    ).length;

  it("pokes both members' rooms at every step, so badges and lists refresh without a reload", async () => {
    const [ann, ben] = await pair("Ann Live", "Ben Live");
    const counts = () => [pokedFor(ann), pokedFor(ben)];

    const { requestId } = await ann.trpc.friends.request.mutate({ email: ben.email });
    await t.settle();
    expect(counts()).toEqual([1, 1]);

    await ben.trpc.friends.accept.mutate({ requestId });
    await t.settle();
    expect(counts()).toEqual([2, 2]);

    await ann.trpc.friends.remove.mutate({ memberId: ben.me.id });
    await t.settle();
    expect(counts()).toEqual([3, 3]);

    const again = await ben.trpc.friends.request.mutate({ email: ann.email });
    await ben.trpc.friends.cancel.mutate({ requestId: again.requestId });
    await t.settle();
    expect(counts()).toEqual([5, 5]);
  });

  it("pokes nobody when the call is refused", async () => {
    const [ann, ben] = await pair("Ann Quiet", "Ben Quiet");
    const before = t.notices.length;
    await rejection(ann.trpc.friends.remove.mutate({ memberId: ben.me.id }));
    await t.settle();
    expect(t.notices.length).toBe(before);
  });
});
