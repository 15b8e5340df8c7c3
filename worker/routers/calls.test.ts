/**
 * Calls through the API with the real rooms in workerd behind it (the call lives in the chat's
 * room), and TURN credentials minted by a local stand-in of Cloudflare's TURN API.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALL_ALONE, CALL_FULL, CALL_NOT_AVAILABLE, CALL_NOT_FRIENDS } from "@core/call-rules";
import { friends, notifications, pushOutbox } from "@db/schema";
import { callMessages } from "@party/call-wire";
import { signTicket } from "@party/ticket";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";
import { befriend, friendsInChat } from "@testing/friends";
import { eventually, roomSocket, type RoomsProcess } from "@testing/rooms-process";
import { liveRooms } from "@testing/live-rooms";
import { startTurnStandIn, TEST_TURN_API_TOKEN, TEST_TURN_KEY_ID, type TurnStandIn } from "@testing/turn-stand-in";
import { TURN_CREDENTIAL_TTL_S } from "../calls/ice-servers";
import { CHAT_NOT_FOUND } from "../chats/access";

const SECRET = "calls-router-secret";
let rooms: RoomsProcess;
let t: TestApp;

beforeAll(async () => void ({ rooms, t } = await liveRooms(SECRET)));
afterAll(() => rooms?.stop());

const memberPage = (m: TestMember) =>
  roomSocket(rooms.host, "member-room", m.me.id, () =>
    signTicket(SECRET, { userId: m.me.id, room: "member-room", name: m.me.id }),
  );
const chatPage = (m: TestMember, chatId: string) =>
  roomSocket(rooms.host, "chat-room", chatId, () =>
    signTicket(SECRET, { userId: m.me.id, room: "chat-room", name: chatId }),
  );
const ofType = (page: { events: { type: string }[] }, type: string) => page.events.filter((e) => e.type === type);

const history = async (m: TestMember, chatId: string) =>
  (await m.trpc.chats.messages.query({ chatId })).messages.map((msg) => [msg.messageType, msg.content, msg.senderId]);

const missedCalls = (recipientId: string) =>
  t.db
    .select({ actorId: notifications.actorId, subjectId: notifications.subjectId, eventKey: notifications.eventKey })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.kind, "missed_call")));

describe("ringing", () => {
  it("rings the friend's pages with the caller's name, and a second start joins the same call", async () => {
    const { ada, bob, chatId } = await friendsInChat(t, ["Ada Caller", "Bob Callee"]);
    const bobsPage = memberPage(bob);
    await bobsPage.opened;
    const { callId, kind } = await ada.trpc.calls.start.mutate({ chatId, kind: "video" });
    expect(kind).toBe("video");
    await eventually(() =>
      expect(ofType(bobsPage, "ring")).toEqual([
        {
          type: "ring",
          ring: expect.objectContaining({
            callId,
            chatId,
            kind: "video",
            isGroup: false,
            caller: { id: ada.me.id, name: "Ada Caller", avatarUrl: null },
          }),
        },
      ]),
    );
    // Bob pressing Video Call meanwhile joins Ada's call instead of ringing her.
    expect(await bob.trpc.calls.start.mutate({ chatId, kind: "voice" })).toEqual({ callId, kind: "video" });
    bobsPage.socket.close();
  });

  it("lets only friends ring in a private chat, and only participants anywhere", async () => {
    const { ada, bob, chatId } = await friendsInChat(t, ["Ada Caller", "Bob Callee"]);
    const stranger = await t.member("Eve Stranger");
    expect(await rejection(stranger.trpc.calls.start.mutate({ chatId, kind: "voice" }))).toMatchObject({
      code: "NOT_FOUND",
    });
    await t.db.delete(friends).where(eq(friends.userId, ada.me.id));
    expect(await rejection(ada.trpc.calls.start.mutate({ chatId, kind: "voice" }))).toMatchObject({
      code: "FORBIDDEN",
      message: CALL_NOT_FRIENDS,
    });
    expect(await rejection(bob.trpc.calls.start.mutate({ chatId, kind: "video" }))).toMatchObject({
      message: CALL_NOT_FRIENDS,
    });
  });

  it("rings everyone else in a group, and nobody in a group of one", async () => {
    const [ada, bob, cy] = [await t.member("Ada Group"), await t.member("Bob Group"), await t.member("Cy Group")];
    await befriend(ada, bob);
    await befriend(ada, cy);
    const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Crew", memberIds: [bob.me.id, cy.me.id] });
    const pages = [memberPage(bob), memberPage(cy)];
    await Promise.all(pages.map((page) => page.opened));
    await ada.trpc.calls.start.mutate({ chatId, kind: "video" });
    for (const page of pages) {
      await eventually(() => expect(ofType(page, "ring")).toMatchObject([{ ring: { chatId, isGroup: true } }]));
    }
    const { chatId: alone } = await ada.trpc.chats.createGroup.mutate({ name: "Just me" });
    expect(await rejection(ada.trpc.calls.start.mutate({ chatId: alone, kind: "video" }))).toMatchObject({
      message: CALL_ALONE,
    });
    pages.forEach((page) => page.socket.close());
  });

  it("tells a fifth member that the call is full", async () => {
    const people = await Promise.all(["One", "Two", "Three", "Four", "Five"].map((n) => t.member(`Member ${n}`)));
    const [admin, ...others] = people as [TestMember, ...TestMember[]];
    for (const other of others) await befriend(admin, other);
    const { chatId } = await admin.trpc.chats.createGroup.mutate({
      name: "Five",
      memberIds: others.map((o) => o.me.id),
    });
    const { callId } = await admin.trpc.calls.start.mutate({ chatId, kind: "voice" });
    const pages = people.slice(0, 4).map((m) => chatPage(m, chatId));
    await Promise.all(pages.map((page) => page.opened));
    pages.forEach((page, i) => page.socket.send(callMessages.join(callId, `session-${i}-abcdef`)));
    await eventually(async () =>
      expect(await rejection(people[4]!.trpc.calls.start.mutate({ chatId, kind: "voice" }))).toMatchObject({
        code: "CONFLICT",
        message: CALL_FULL,
      }),
    );
    pages.forEach((page) => page.socket.close());
  });
});

describe("ringing across a block", () => {
  it("never rings in the private chat, whoever calls: the blocked member is answered as one who is no friend", async () => {
    const { ada, bob, chatId } = await friendsInChat(t, ["Ada Caller", "Bob Callee"]);
    const pages = [memberPage(ada), memberPage(bob)];
    await Promise.all(pages.map((page) => page.opened));
    await bob.trpc.safety.block.mutate({ memberId: ada.me.id });

    const exFriends = await friendsInChat(t, ["Ada Caller", "Bob Callee"]);
    await exFriends.ada.trpc.friends.remove.mutate({ memberId: exFriends.bob.me.id });
    const asNoFriend = await rejection(
      exFriends.ada.trpc.calls.start.mutate({ chatId: exFriends.chatId, kind: "video" }),
    );
    expect(asNoFriend).toMatchObject({ code: "FORBIDDEN", message: CALL_NOT_FRIENDS });
    expect(await rejection(ada.trpc.calls.start.mutate({ chatId, kind: "video" }))).toEqual(asNoFriend);
    // The blocker no longer has the chat at all.
    expect(await rejection(bob.trpc.calls.start.mutate({ chatId, kind: "voice" }))).toMatchObject({
      code: "NOT_FOUND",
      message: CHAT_NOT_FOUND,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pages.map((page) => ofType(page, "ring"))).toEqual([[], []]);
    pages.forEach((page) => page.socket.close());
  });

  it("rings everyone in a group but members across a block, both ways; with only them left, nobody", async () => {
    const [ada, bob, cy] = [await t.member("Ada Shared"), await t.member("Bob Shared"), await t.member("Cy Shared")];
    await befriend(ada, bob);
    await befriend(ada, cy);
    const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Crew", memberIds: [bob.me.id, cy.me.id] });
    const { chatId: pair } = await ada.trpc.chats.createGroup.mutate({ name: "Two of us", memberIds: [bob.me.id] });
    const [adasPage, bobsPage, cysPage] = [memberPage(ada), memberPage(bob), memberPage(cy)];
    await Promise.all([adasPage, bobsPage, cysPage].map((page) => page.opened));
    await ada.trpc.safety.block.mutate({ memberId: bob.me.id });

    // The blocked member calls the group: the third member rings, the blocker does not.
    const { callId } = await bob.trpc.calls.start.mutate({ chatId, kind: "voice" });
    await eventually(() => expect(ofType(cysPage, "ring")).toMatchObject([{ ring: { callId, chatId } }]));
    expect(ofType(adasPage, "ring")).toEqual([]);

    // A group that holds nobody else either may reach is as a group of one, from both sides.
    for (const caller of [ada, bob]) {
      expect(await rejection(caller.trpc.calls.start.mutate({ chatId: pair, kind: "video" }))).toMatchObject({
        message: CALL_ALONE,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ofType(adasPage, "ring")).toEqual([]);
    expect(ofType(bobsPage, "ring")).toEqual([]);
    [adasPage, bobsPage, cysPage].forEach((page) => page.socket.close());
  });
});

describe("joining across a block", () => {
  it("keeps a member out of a call that someone who blocked them is in, and the other way round", async () => {
    const [ada, bob, cy] = [await t.member("Ada Host"), await t.member("Bob Blocker"), await t.member("Cy Blocked")];
    await befriend(ada, bob);
    await befriend(ada, cy);
    const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Split", memberIds: [bob.me.id, cy.me.id] });
    await bob.trpc.safety.block.mutate({ memberId: cy.me.id });

    // Ada may reach both, so both ring; Cy answers first.
    const { callId } = await ada.trpc.calls.start.mutate({ chatId, kind: "voice" });
    const [adasPage, bobsPage, cysPage] = [chatPage(ada, chatId), chatPage(bob, chatId), chatPage(cy, chatId)];
    await Promise.all([adasPage, bobsPage, cysPage].map((page) => page.opened));
    adasPage.socket.send(callMessages.join(callId, "ada-session"));
    cysPage.socket.send(callMessages.join(callId, "cy-session"));
    await eventually(() => expect(ofType(adasPage, "call").at(-1)).toMatchObject({ call: { participants: [{}, {}] } }));

    // The blocker answering is told the call is not available, and so is a join from the chat.
    bobsPage.socket.send(callMessages.join(callId, "bob-session"));
    await eventually(() =>
      expect(ofType(bobsPage, "call-error")).toEqual([{ type: "call-error", callId, message: CALL_NOT_AVAILABLE }]),
    );
    expect(await rejection(bob.trpc.calls.start.mutate({ chatId, kind: "voice" }))).toMatchObject({
      code: "FORBIDDEN",
      message: CALL_NOT_AVAILABLE,
    });
    // The other way round: with Bob in the call, the member he blocked cannot come back in.
    cysPage.socket.send(callMessages.leave(callId));
    await eventually(() => expect(ofType(adasPage, "call").at(-1)).toMatchObject({ call: { participants: [{}] } }));
    expect(await bob.trpc.calls.start.mutate({ chatId, kind: "voice" })).toEqual({ callId, kind: "voice" });
    bobsPage.socket.send(callMessages.join(callId, "bob-session"));
    await eventually(() => expect(ofType(adasPage, "call").at(-1)).toMatchObject({ call: { participants: [{}, {}] } }));
    expect(await rejection(cy.trpc.calls.start.mutate({ chatId, kind: "voice" }))).toMatchObject({
      code: "FORBIDDEN",
      message: CALL_NOT_AVAILABLE,
    });
    [adasPage, bobsPage, cysPage].forEach((page) => page.socket.close());
  });
});

describe("a call ends with its chat", () => {
  it("deleting the project ends its team chat's call for everyone, and the call's line comes before the archive", async () => {
    const owner = await t.member("Olga Calling");
    const ada = await t.member("Ada Teammate");
    const { id: projectId } = await owner.trpc.projects.create.mutate({
      title: "Signal Tower",
      category: "Mobile Apps",
    });
    const { id: requestId } = await ada.trpc.joinRequests.request.mutate({ projectId });
    await owner.trpc.joinRequests.accept.mutate({ requestId });
    const { chatId } = (await ada.trpc.teams.chat.query({ projectId }))!;

    const { callId } = await owner.trpc.calls.start.mutate({ chatId, kind: "video" });
    const [ownersPage, adasPage] = [chatPage(owner, chatId), chatPage(ada, chatId)];
    await Promise.all([ownersPage.opened, adasPage.opened]);
    ownersPage.socket.send(callMessages.join(callId, "owner-session"));
    adasPage.socket.send(callMessages.join(callId, "ada-session"));
    await eventually(() => expect(ofType(adasPage, "call").at(-1)).toMatchObject({ call: { participants: [{}, {}] } }));

    await owner.trpc.projects.remove.mutate({ id: projectId });
    for (const page of [ownersPage, adasPage]) {
      await eventually(() =>
        expect(ofType(page, "call-ended")).toEqual([{ type: "call-ended", callId, outcome: "completed" }]),
      );
    }
    const contents = (await history(ada, chatId)).map(([, content]) => content);
    expect(contents.slice(-2)).toEqual([
      expect.stringMatching(/^Video call · 0:\d\d$/),
      "Olga Calling deleted the project. This chat is now read-only.",
    ]);
    expect((await ada.trpc.chats.byId.query({ chatId })).archived).toBe(true);
    [ownersPage, adasPage].forEach((page) => page.socket.close());
  });
});

describe("the call in the history", () => {
  it("a declined call leaves 'Missed voice call', unread for the callee, and no notification for who declined", async () => {
    const { ada, bob, chatId } = await friendsInChat(t, ["Ada Caller", "Bob Callee"]);
    const { callId } = await ada.trpc.calls.start.mutate({ chatId, kind: "voice" });
    const adasCall = chatPage(ada, chatId);
    await adasCall.opened;
    adasCall.socket.send(callMessages.join(callId, "ada-session-decline"));
    await eventually(() => expect(ofType(adasCall, "call").length).toBeGreaterThan(0));

    await bob.trpc.calls.decline.mutate({ chatId, callId });
    await eventually(() =>
      expect(ofType(adasCall, "call-ended")).toEqual([{ type: "call-ended", callId, outcome: "declined" }]),
    );
    expect(await history(bob, chatId)).toEqual([["system", "Missed voice call", ada.me.id]]);
    expect((await bob.trpc.chats.summary.query()).unread).toBe(1);
    expect((await ada.trpc.chats.summary.query()).unread).toBe(0);
    expect(await missedCalls(bob.me.id)).toEqual([]);
    // Reported again by every page that saw it end: still one line.
    expect(await ada.trpc.calls.record.mutate({ chatId, callId })).toEqual({ recorded: false });
    await t.settle();
    expect(await history(ada, chatId)).toHaveLength(1);
    adasCall.socket.close();
  });

  it("a call the caller gave up on is a missed call for the callee: the line, and a notification", async () => {
    const { ada, bob, chatId } = await friendsInChat(t, ["Ada Caller", "Bob Callee"]);
    const { callId } = await ada.trpc.calls.start.mutate({ chatId, kind: "video" });
    const adasCall = chatPage(ada, chatId);
    await adasCall.opened;
    adasCall.socket.send(callMessages.join(callId, "ada-session-cancel"));
    // Before it ends there is nothing to write.
    expect(await ada.trpc.calls.record.mutate({ chatId, callId })).toEqual({ recorded: false });
    adasCall.socket.send(callMessages.leave(callId));
    await eventually(() => expect(ofType(adasCall, "call-ended")).toMatchObject([{ outcome: "cancelled" }]));

    expect(await ada.trpc.calls.record.mutate({ chatId, callId })).toEqual({ recorded: true });
    expect(await history(bob, chatId)).toEqual([["system", "Missed video call", ada.me.id]]);
    expect(await missedCalls(bob.me.id)).toEqual([{ actorId: ada.me.id, subjectId: chatId, eventKey: callId }]);
    expect(await missedCalls(ada.me.id)).toEqual([]);
    // Bob's bell says it in the words his phone's push does, and opens the chat.
    expect((await bob.trpc.notifications.list.query({ filter: "unread" })).items).toMatchObject([
      { kind: "missed_call", actor: { name: "Ada Caller" }, text: "tried to call you", url: `/chat/${chatId}` },
    ]);
    // The newest push: the friend request before it sent one too.
    const [push] = await t.db
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.memberId, bob.me.id))
      .orderBy(desc(pushOutbox.id))
      .limit(1);
    expect(JSON.parse(push!.payload)).toMatchObject({ title: "Missed call", body: "Ada Caller tried to call you" });
    // Both pages report it: one line, one notification.
    await Promise.all([
      ada.trpc.calls.record.mutate({ chatId, callId }),
      bob.trpc.calls.record.mutate({ chatId, callId }),
    ]);
    expect(await history(bob, chatId)).toHaveLength(1);
    expect(await missedCalls(bob.me.id)).toHaveLength(1);
    adasCall.socket.close();
  });

  it("an answered call leaves 'Video call · m:ss' with its length", async () => {
    const { ada, bob, chatId } = await friendsInChat(t, ["Ada Caller", "Bob Callee"]);
    const { callId } = await ada.trpc.calls.start.mutate({ chatId, kind: "video" });
    const [adasCall, bobsCall] = [chatPage(ada, chatId), chatPage(bob, chatId)];
    await Promise.all([adasCall.opened, bobsCall.opened]);
    adasCall.socket.send(callMessages.join(callId, "ada-session-answered"));
    bobsCall.socket.send(callMessages.join(callId, "bob-session-answered"));
    await eventually(() =>
      expect(ofType(adasCall, "call").at(-1)).toMatchObject({ call: { connectedAt: expect.any(Number) } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    bobsCall.socket.send(callMessages.leave(callId));
    await eventually(() => expect(ofType(bobsCall, "call-ended")).toMatchObject([{ outcome: "completed" }]));
    await bob.trpc.calls.record.mutate({ chatId, callId });
    const [line] = await history(ada, chatId);
    expect(line![1]).toMatch(/^Video call · 0:0[1-3]$/);
    expect(await missedCalls(bob.me.id)).toEqual([]);
    adasCall.socket.close();
    bobsCall.socket.close();
  });

  it("writes nothing for a call id the room never had, nor for someone outside the chat", async () => {
    const { ada, chatId } = await friendsInChat(t, ["Ada Caller", "Bob Callee"]);
    expect(await ada.trpc.calls.record.mutate({ chatId, callId: "made-up" })).toEqual({ recorded: false });
    expect(await ada.trpc.calls.decline.mutate({ chatId, callId: "made-up" })).toEqual({ declined: true });
    const stranger = await t.member("Eve Outsider");
    expect(await rejection(stranger.trpc.calls.record.mutate({ chatId, callId: "made-up" }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await history(ada, chatId)).toEqual([]);
  });
});

describe("ICE servers", () => {
  let turn: TurnStandIn;
  let edge: TestApp;
  beforeAll(async () => {
    turn = await startTurnStandIn();
    edge = await createTestApp({
      ...turn.env,
      ICE_SERVER_URLS: "stun:stun.example.com:3478",
      RATE_LIMIT_SIGNUP_PER_IP: "10000",
    });
  });
  afterAll(() => turn?.close());

  async function chatOn(app: TestApp) {
    const [ada, bob] = [await app.member("Ada Ice"), await app.member("Bob Ice")];
    await befriend(ada, bob);
    return { ada, chatId: (await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id })).chatId };
  }

  it("mints a short-lived TURN credential per call from Cloudflare's API and hands the page what browsers can use", async () => {
    const { ada, chatId } = await chatOn(edge);
    const { iceServers } = await ada.trpc.calls.iceServers.mutate({ chatId });
    expect(turn.requests.at(-1)).toEqual({
      method: "POST",
      path: `/v1/turn/keys/${TEST_TURN_KEY_ID}/credentials/generate-ice-servers`,
      authorization: `Bearer ${TEST_TURN_API_TOKEN}`,
      body: { ttl: TURN_CREDENTIAL_TTL_S },
    });
    expect(iceServers).toEqual([
      { urls: ["stun:stun.example.com:3478"] },
      { urls: ["stun:stun.cloudflare.com:3478"] },
      {
        urls: [
          "turn:turn.cloudflare.com:3478?transport=udp",
          "turn:turn.cloudflare.com:3478?transport=tcp",
          "turns:turn.cloudflare.com:443?transport=tcp",
        ],
        username: expect.stringMatching(/^minted-user-\d+$/),
        credential: expect.stringMatching(/^minted-credential-\d+$/),
      },
    ]);
    // Each call gets its own.
    const again = await ada.trpc.calls.iceServers.mutate({ chatId });
    expect(again.iceServers[2]!.username).not.toBe(iceServers[2]!.username);
    // Never for someone outside the chat: the key's credentials cost money.
    const before = turn.requests.length;
    const stranger = await edge.member("Eve Ice");
    expect(await rejection(stranger.trpc.calls.iceServers.mutate({ chatId }))).toMatchObject({ code: "NOT_FOUND" });
    expect(turn.requests).toHaveLength(before);
  });

  it("falls back to the configured servers when the TURN service fails", async () => {
    const { ada, chatId } = await chatOn(edge);
    turn.fail(503);
    try {
      expect(await ada.trpc.calls.iceServers.mutate({ chatId })).toEqual({
        iceServers: [{ urls: ["stun:stun.example.com:3478"] }],
      });
    } finally {
      turn.fail(null);
    }
  });

  it("needs none on one machine", async () => {
    const { ada, chatId } = await chatOn(t);
    expect(await ada.trpc.calls.iceServers.mutate({ chatId })).toEqual({ iceServers: [] });
  });
});
