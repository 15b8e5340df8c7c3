import { createClient } from "@libsql/client";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { chats, friends, messages } from "@db/schema";
import { verifyTicket } from "@party/ticket";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";
import { befriend } from "@testing/friends";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

async function friendsPair(aName = "Ada Lovelace", bName = "Bob Babbage") {
  const [a, b] = [await t.member(aName), await t.member(bName)];
  await befriend(a, b);
  return [a, b] as const;
}

const clientId = () => crypto.randomUUID();
const send = (m: TestMember, chatId: string, content: string, id = clientId()) =>
  m.trpc.chats.send.mutate({ chatId, clientId: id, content });
const contents = async (m: TestMember, chatId: string) =>
  (await m.trpc.chats.messages.query({ chatId })).messages.map((msg) => msg.content);

describe("private chats", () => {
  it("opens the same chat for both friends, created once even when both press Message at the same moment", async () => {
    const [ada, bob] = await friendsPair();
    const [fromAda, fromBob] = await Promise.all([
      ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id }),
      bob.trpc.chats.openPrivate.mutate({ friendId: ada.me.id }),
    ]);
    expect(fromAda.chatId).toBe(fromBob.chatId);
    expect((await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id })).chatId).toBe(fromAda.chatId);
    const pair = await t.db.select({ n: count() }).from(chats).where(eq(chats.id, fromAda.chatId));
    expect(pair).toEqual([{ n: 1 }]);
    const chat = await bob.trpc.chats.byId.query({ chatId: fromAda.chatId });
    expect(chat.isGroup).toBe(false);
    expect(chat.participants.map((p) => p.name).sort()).toEqual(["Ada Lovelace", "Bob Babbage"]);
  });

  it("starts chats between friends only; a chat from before stays readable but takes no new messages", async () => {
    const [ada, bob] = await friendsPair();
    const stranger = await t.member("Sam Stranger");
    expect(await rejection(ada.trpc.chats.openPrivate.mutate({ friendId: stranger.me.id }))).toMatchObject({
      message: "You can only message your friends.",
      code: "FORBIDDEN",
    });
    const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    await send(ada, chatId, "hello");
    await t.db.delete(friends).where(eq(friends.userId, ada.me.id));

    expect((await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id })).chatId).toBe(chatId);
    expect(await contents(bob, chatId)).toEqual(["hello"]);
    expect(
      await rejection(bob.trpc.chats.send.mutate({ chatId, clientId: clientId(), content: "still there?" })),
    ).toMatchObject({
      message: "You can only message your friends.",
    });
    expect(await contents(ada, chatId)).toEqual(["hello"]);
  });
});

describe("groups", () => {
  it("creates the group with its creator as admin and the chosen friends as members", async () => {
    const [ada, bob] = await friendsPair();
    const cy = await t.member("Cy Clops");
    await befriend(ada, cy);
    const { chatId } = await ada.trpc.chats.createGroup.mutate({
      name: "  Analytical Engine  ",
      description: "Gears",
      memberIds: [bob.me.id, cy.me.id, bob.me.id],
    });
    const group = await cy.trpc.chats.byId.query({ chatId });
    expect(group).toMatchObject({ isGroup: true, title: "Analytical Engine", description: "Gears" });
    expect(group.participants.map((p) => [p.name, p.role])).toEqual(
      expect.arrayContaining([
        ["Ada Lovelace", "admin"],
        ["Bob Babbage", "member"],
        ["Cy Clops", "member"],
      ]),
    );
    expect(group.participants).toHaveLength(3);
    // Their lists learn of it without a reload.
    await t.settle();
    expect(t.notices).toContainEqual({
      room: "member-room",
      name: cy.me.id,
      notice: { type: "poke", reason: "chats" },
    });
  });

  it("needs a name, takes friends only, and creates nothing when refused", async () => {
    const [ada] = await friendsPair();
    const stranger = await t.member();
    for (const name of ["", "   "]) {
      expect(await rejection(ada.trpc.chats.createGroup.mutate({ name, memberIds: [] }))).toMatchObject({
        message: "Please enter a group name.",
        code: "BAD_REQUEST",
      });
    }
    expect(
      await rejection(ada.trpc.chats.createGroup.mutate({ name: "Sneaky", memberIds: [stranger.me.id] })),
    ).toMatchObject({
      message: "You can only add your friends to a group.",
    });
    expect((await ada.trpc.chats.summary.query()).groups).toBe(0);
  });

  it("lets an admin add a friend later, and no one else", async () => {
    const [ada, bob] = await friendsPair();
    const cy = await t.member("Cy Clops");
    const stranger = await t.member();
    await befriend(ada, cy);
    await befriend(bob, cy);
    const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Team", memberIds: [bob.me.id] });

    expect(await rejection(bob.trpc.chats.addMember.mutate({ chatId, userId: cy.me.id }))).toMatchObject({
      message: "Only a group admin can add members.",
      code: "FORBIDDEN",
    });
    expect(await rejection(ada.trpc.chats.addMember.mutate({ chatId, userId: stranger.me.id }))).toMatchObject({
      message: "You can only add your friends to a group.",
    });
    expect(await rejection(cy.trpc.chats.byId.query({ chatId }))).toMatchObject({ code: "NOT_FOUND" });

    await ada.trpc.chats.addMember.mutate({ chatId, userId: cy.me.id });
    expect((await cy.trpc.chats.byId.query({ chatId })).participants).toHaveLength(3);
    expect(await contents(bob, chatId)).toEqual(["Ada Lovelace added Cy Clops"]);
  });
});

describe("sending", () => {
  it("stores trimmed text in order, each message numbered after the last", async () => {
    const [ada, bob] = await friendsPair();
    const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    const first = await send(ada, chatId, "  Hello Bob  ");
    const second = await send(bob, chatId, "Hi Ada\nhow are you?");
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(first).toMatchObject({ content: "Hello Bob", senderId: ada.me.id, messageType: "text", chatId });
    expect(await contents(bob, chatId)).toEqual(["Hello Bob", "Hi Ada\nhow are you?"]);
  });

  it("stores a retried send once and answers it with the same message", async () => {
    const [ada, bob] = await friendsPair();
    const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    const id = clientId();
    const [a, b] = await Promise.all([send(ada, chatId, "once", id), send(ada, chatId, "once", id)]);
    const c = await send(ada, chatId, "once", id);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(await contents(bob, chatId)).toEqual(["once"]);
  });

  it("numbers concurrent sends 1 to n with no gap and no repeat", async () => {
    const [ada, bob] = await friendsPair();
    const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    const sent = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i % 2 ? ada : bob, chatId, `m${i}`)));
    expect(sent.map((m) => m.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("refuses empty, whitespace and over-long messages with a clear message, storing nothing", async () => {
    const [ada, bob] = await friendsPair();
    const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    for (const content of ["", "  \n "]) {
      expect(await rejection(send(ada, chatId, content))).toMatchObject({
        message: "Please enter a message.",
        code: "BAD_REQUEST",
      });
    }
    expect(await rejection(send(ada, chatId, "x".repeat(4001)))).toMatchObject({
      message: "Messages can be at most 4,000 characters.",
    });
    expect(await contents(ada, chatId)).toEqual([]);
    expect((await send(ada, chatId, "x".repeat(4000))).content).toHaveLength(4000);
  });

  it("refuses anyone who is not in the chat, and an unknown chat, alike", async () => {
    const [ada, bob] = await friendsPair();
    const eve = await t.member("Eve");
    const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    for (const call of [
      send(eve, chatId, "let me in"),
      eve.trpc.chats.messages.query({ chatId }),
      eve.trpc.chats.byId.query({ chatId }),
      eve.trpc.chats.ticket.query({ chatId }),
      send(eve, "no-such-chat", "hello"),
    ]) {
      expect(await rejection(call)).toMatchObject({
        message: "This chat does not exist or you are no longer in it.",
        code: "NOT_FOUND",
      });
    }
    expect(await rejection(t.browser().trpc.chats.summary.query())).toMatchObject({ code: "UNAUTHORIZED" });
    expect(await t.db.select().from(messages).where(eq(messages.senderId, eve.me.id))).toEqual([]);
  });

  it("tells the chat's room about each stored message, with who it is for", async () => {
    const [ada, bob] = await friendsPair();
    const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    const message = await send(ada, chatId, "live");
    await t.settle();
    const told = t.notices.find((n) => n.room === "chat-room" && n.name === chatId && n.notice.type === "message");
    expect(told?.notice).toEqual({
      type: "message",
      message,
      recipients: expect.arrayContaining([ada.me.id, bob.me.id]),
    });
  });

  it("says each message is for whoever is in the chat when it is stored, however others change that", async () => {
    const [ada, bob] = await friendsPair();
    const [cy, dee] = [await t.member("Cy Clops"), await t.member("Dee Dee")];
    const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Crew", memberIds: [bob.me.id] });
    // Another serving process changes who is in the chat: only the database knows.
    const other = createClient({ url: t.databaseUrl });
    const recipientsOf = async (content: string) => {
      await send(ada, chatId, content);
      await t.settle();
      const told = t.notices.findLast((n) => n.notice.type === "message" && n.notice.message.content === content);
      return told?.notice.type === "message" ? told.notice.recipients.sort() : [];
    };

    expect(await recipientsOf("first")).toEqual([ada.me.id, bob.me.id].sort());
    expect(await recipientsOf("second")).toEqual([ada.me.id, bob.me.id].sort());
    await other.execute({
      sql: "INSERT INTO chat_participants (chat_id, user_id) VALUES (?, ?), (?, ?)",
      args: [chatId, cy.me.id, chatId, dee.me.id],
    });
    expect(await recipientsOf("after two joined")).toEqual([ada.me.id, bob.me.id, cy.me.id, dee.me.id].sort());
    await other.execute({
      sql: "UPDATE chat_participants SET left_at = unixepoch() * 1000 WHERE chat_id = ? AND user_id = ?",
      args: [chatId, bob.me.id],
    });
    expect(await recipientsOf("after one left")).toEqual([ada.me.id, cy.me.id, dee.me.id].sort());
    await other.execute({
      sql: "DELETE FROM chat_participants WHERE chat_id = ? AND user_id = ?",
      args: [chatId, dee.me.id],
    });
    expect(await recipientsOf("after one was removed")).toEqual([ada.me.id, cy.me.id].sort());
    other.close();
  });

  it("moves the chat's newest number and the sender's read mark with each message, not the others'", async () => {
    const [ada, bob] = await friendsPair();
    const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Marks", memberIds: [bob.me.id] });
    await send(ada, chatId, "one");
    await send(ada, chatId, "two");
    await send(bob, chatId, "three");
    const mine = (m: TestMember) => m.trpc.chats.byId.query({ chatId }).then((chat) => chat.me.lastReadSeq);
    expect([await mine(ada), await mine(bob)]).toEqual([2, 3]);
    const [row] = await t.db.select({ lastSeq: chats.lastSeq }).from(chats).where(eq(chats.id, chatId));
    expect(row?.lastSeq).toBe(3);
    expect((await ada.trpc.chats.summary.query()).unread).toBe(1);
  });

  it("stores the message even when the room cannot be told", async () => {
    const down = await createTestApp(
      { RATE_LIMIT_SIGNUP_PER_IP: "10000" },
      {
        rooms: {
          tellChat: () => Promise.reject(new Error("down")),
          tellMember: () => Promise.reject(new Error("down")),
          memberOnline: () => Promise.reject(new Error("down")),
          callChat: () => Promise.reject(new Error("down")),
        },
      },
    );
    const [ada, bob] = [await down.member("Ada"), await down.member("Bob")];
    await down.db
      .insert(friends)
      .values({ id: crypto.randomUUID(), userId: ada.me.id, friendId: bob.me.id, status: "accepted" });
    const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    expect((await ada.trpc.chats.send.mutate({ chatId, clientId: clientId(), content: "stored anyway" })).seq).toBe(1);
    expect((await bob.trpc.chats.messages.query({ chatId })).messages.map((m) => m.content)).toEqual(["stored anyway"]);
  });
});

describe("history", () => {
  it("pages 50 at a time: the newest first, older before a number, and what came after a number", async () => {
    const [ada, bob] = await friendsPair();
    const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Busy", memberIds: [bob.me.id] });
    for (let i = 1; i <= 120; i++) await send(i % 2 ? ada : bob, chatId, `m${i}`);

    const newest = await bob.trpc.chats.messages.query({ chatId });
    expect(newest.messages.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => 71 + i));
    expect(newest.hasMore).toBe(true);
    const older = await bob.trpc.chats.messages.query({ chatId, beforeSeq: 71 });
    expect(older.messages.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => 21 + i));
    const oldest = await bob.trpc.chats.messages.query({ chatId, beforeSeq: 21 });
    expect([oldest.messages.length, oldest.hasMore]).toEqual([20, false]);

    const after = await bob.trpc.chats.messages.query({ chatId, afterSeq: 60 });
    expect(after.messages.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => 61 + i));
    expect(after.hasMore).toBe(true);
    const rest = await bob.trpc.chats.messages.query({ chatId, afterSeq: 110 });
    expect([rest.messages.map((m) => m.seq).at(-1), rest.hasMore]).toEqual([120, false]);
  });
});

describe("lists and unread counts", () => {
  it("shows each chat with its members, last message and sender, unread count, newest activity first", async () => {
    const [ada, bob] = await friendsPair("Ada Lovelace", "Bob Babbage");
    const cy = await t.member("Cy Clops");
    await befriend(ada, cy);
    const { chatId: privateId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    const { chatId: groupId } = await ada.trpc.chats.createGroup.mutate({
      name: "Trio",
      memberIds: [bob.me.id, cy.me.id],
    });
    expect((await bob.trpc.chats.list.query({ kind: "groups" })).items[0]).toMatchObject({
      id: groupId,
      title: "Trio",
      memberCount: 3,
      lastMessage: null,
      unread: 0,
    });

    await send(ada, groupId, "first");
    await send(cy, groupId, "second");
    await send(ada, privateId, "just us");

    const groups = await bob.trpc.chats.list.query({ kind: "groups" });
    expect(groups.items).toMatchObject([
      { id: groupId, memberCount: 3, unread: 2, lastMessage: { content: "second", senderName: "Cy Clops" } },
    ]);
    const privates = await bob.trpc.chats.list.query({ kind: "chats" });
    expect(privates.items).toMatchObject([
      { id: privateId, unread: 1, other: { id: ada.me.id, name: "Ada Lovelace" }, lastMessage: { content: "just us" } },
    ]);
    expect(await bob.trpc.chats.summary.query()).toEqual({ chats: 1, groups: 1, unread: 3 });
    // Own messages are read by their sender.
    expect((await ada.trpc.chats.summary.query()).unread).toBe(1);
  });

  it("clears a chat's unread count when read, never moving back, and leaves muted chats out of the badge", async () => {
    const [ada, bob] = await friendsPair();
    const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    for (const text of ["a", "b", "c"]) await send(ada, chatId, text);
    expect((await bob.trpc.chats.summary.query()).unread).toBe(3);
    await bob.trpc.chats.markRead.mutate({ chatId, seq: 2 });
    expect((await bob.trpc.chats.summary.query()).unread).toBe(1);
    await bob.trpc.chats.markRead.mutate({ chatId, seq: 1 });
    expect((await bob.trpc.chats.summary.query()).unread).toBe(1);

    await bob.trpc.chats.setMuted.mutate({ chatId, muted: true });
    expect((await bob.trpc.chats.summary.query()).unread).toBe(0);
    expect((await bob.trpc.chats.list.query({ kind: "chats" })).items[0]).toMatchObject({ muted: true, unread: 1 });
    await bob.trpc.chats.setMuted.mutate({ chatId, muted: false });
    await bob.trpc.chats.markRead.mutate({ chatId, seq: 99 });
    expect((await bob.trpc.chats.summary.query()).unread).toBe(0);
  });

  it("pages the list by last activity", async () => {
    const [ada, bob] = await friendsPair();
    const ids: string[] = [];
    for (let i = 0; i < 23; i++)
      ids.push((await ada.trpc.chats.createGroup.mutate({ name: `g${i}`, memberIds: [bob.me.id] })).chatId);
    await send(ada, ids[0]!, "bump");
    const first = await bob.trpc.chats.list.query({ kind: "groups" });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.id).toBe(ids[0]);
    const second = await bob.trpc.chats.list.query({ kind: "groups", cursor: first.nextCursor });
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((c) => c.id)).size).toBe(23);
  });

  it("moves a chat up for a stored message only, not for a retry or a refused send", async () => {
    const [ada, bob] = await friendsPair();
    const cy = await t.member("Cy Clops");
    const { chatId: older } = await ada.trpc.chats.createGroup.mutate({ name: "Older", memberIds: [bob.me.id] });
    const id = clientId();
    await send(ada, older, "hello", id);
    const { chatId: newer } = await ada.trpc.chats.createGroup.mutate({ name: "Newer", memberIds: [bob.me.id] });
    const order = async () => (await bob.trpc.chats.list.query({ kind: "groups" })).items.map((c) => c.id);
    expect(await order()).toEqual([newer, older]);

    await send(ada, older, "hello", id);
    expect(await rejection(send(cy, older, "let me in"))).toMatchObject({ code: "NOT_FOUND" });
    expect(await order()).toEqual([newer, older]);
    await send(bob, older, "a real reply");
    expect(await order()).toEqual([older, newer]);
  });
});

describe("leaving", () => {
  it("takes the chat away from the member who left; the others read that they left", async () => {
    const [ada, bob] = await friendsPair("Ada Lovelace", "Bob Babbage");
    const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Pair", memberIds: [bob.me.id] });
    await send(bob, chatId, "bye all");
    await bob.trpc.chats.leave.mutate({ chatId });

    expect(await contents(ada, chatId)).toEqual(["bye all", "Bob Babbage left the chat"]);
    const history = await ada.trpc.chats.messages.query({ chatId });
    expect(history.messages.at(-1)).toMatchObject({ messageType: "system", seq: 2 });
    expect(
      (await ada.trpc.chats.byId.query({ chatId })).participants.find((p) => p.userId === bob.me.id)?.current,
    ).toBe(false);
    expect((await ada.trpc.chats.list.query({ kind: "groups" })).items[0]).toMatchObject({ memberCount: 1 });

    expect(await rejection(send(bob, chatId, "one more"))).toMatchObject({ code: "NOT_FOUND" });
    expect(await rejection(bob.trpc.chats.messages.query({ chatId }))).toMatchObject({ code: "NOT_FOUND" });
    expect((await bob.trpc.chats.list.query({ kind: "groups" })).items).toEqual([]);
    await t.settle();
    expect(t.notices).toContainEqual({ room: "chat-room", name: chatId, notice: { type: "left", userId: bob.me.id } });
  });
});

describe("room tickets", () => {
  it("signs a ticket for the member's own room and for chats they are in", async () => {
    const [ada, bob] = await friendsPair();
    const { chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
    const { ticket, host } = await bob.trpc.chats.ticket.query({ chatId });
    expect(host).toBeNull();
    expect(await verifyTicket(t.config.partySecret, ticket, "chat-room", chatId)).toBe(bob.me.id);
    const mine = await bob.trpc.chats.memberTicket.query();
    expect(await verifyTicket(t.config.partySecret, mine.ticket, "member-room", bob.me.id)).toBe(bob.me.id);
  });
});
