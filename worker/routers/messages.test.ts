import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { chats, friends, messageEdits, messageReactions, messages } from "@db/schema";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";
import { befriend, friendsInChat } from "@testing/friends";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

/** A group Ada created (its admin) with Bob and Cy as members. */
async function group() {
  const [ada, bob, cy] = [await t.member("Ada Lovelace"), await t.member("Bob Babbage"), await t.member("Cy Clops")];
  await befriend(ada, bob);
  await befriend(ada, cy);
  const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Crew", memberIds: [bob.me.id, cy.me.id] });
  return { ada, bob, cy, chatId };
}

const send = (m: TestMember, chatId: string, content: string, replyToId?: number) =>
  m.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content, replyToId });

const stored = async (id: number) => (await t.db.select().from(messages).where(eq(messages.id, id)))[0]!;
const changeSeqOf = async (chatId: string) =>
  (await t.db.select({ n: chats.changeSeq }).from(chats).where(eq(chats.id, chatId)))[0]!.n;

/** The notices the chat's room was told of this kind, once the requests' after-work is done. */
async function told(chatId: string, type: "changed" | "seen") {
  await t.settle();
  return t.notices.filter((n) => n.room === "chat-room" && n.name === chatId && n.notice.type === type);
}

const NOT_IN_CHAT = { message: "This chat does not exist or you are no longer in it.", code: "NOT_FOUND" };
const NO_MESSAGE = { message: "This message does not exist or was deleted.", code: "NOT_FOUND" };

describe("replies", () => {
  it("quote the sender and first line of what they answer, in the send's answer and in the history", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const question = await send(ada, chatId, `Shall we meet on ${"Monday ".repeat(40)}?\nSecond line`);
    const answer = await send(bob, chatId, "Yes", question.id);
    const excerpt = `Shall we meet on ${"Monday ".repeat(40)}?`.slice(0, 200);
    expect(answer.replyTo).toEqual({
      id: question.id,
      seq: question.seq,
      senderId: ada.me.id,
      excerpt,
      deleted: false,
    });
    const history = await ada.trpc.chats.messages.query({ chatId });
    expect(history.messages.map((m) => m.replyTo?.excerpt ?? null)).toEqual([null, excerpt]);
  });

  it("answer only a message of the same chat, and a retried reply is stored once", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const elsewhere = await group();
    const other = await send(elsewhere.ada, elsewhere.chatId, "not yours");
    expect(await rejection(send(ada, chatId, "Re", other.id))).toMatchObject({
      message: "The message you are replying to is not in this chat.",
      code: "BAD_REQUEST",
    });
    expect(await rejection(send(ada, chatId, "Re", 987654321))).toMatchObject({ code: "BAD_REQUEST" });
    expect((await bob.trpc.chats.messages.query({ chatId })).messages).toEqual([]);

    const first = await send(ada, chatId, "first");
    const clientId = crypto.randomUUID();
    const [a, b] = await Promise.all([
      bob.trpc.chats.send.mutate({ chatId, clientId, content: "Re", replyToId: first.id }),
      bob.trpc.chats.send.mutate({ chatId, clientId, content: "Re", replyToId: first.id }),
    ]);
    expect(a).toEqual(b);
    expect((await ada.trpc.chats.messages.query({ chatId })).messages).toHaveLength(2);
  });

  it("show that their original was deleted, with none of its words", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const original = await send(ada, chatId, "regrettable");
    await send(bob, chatId, "what?", original.id);
    await ada.trpc.messages.remove.mutate({ chatId, messageId: original.id });
    const [, reply] = (await bob.trpc.chats.messages.query({ chatId })).messages;
    expect(reply!.replyTo).toMatchObject({ id: original.id, deleted: true, excerpt: "" });
  });
});

describe("editing", () => {
  it("replaces the author's text for everyone, marks it edited, keeps the earlier versions and tells the room", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const sent = await send(ada, chatId, "Helo");
    const before = await changeSeqOf(chatId);
    const edited = await ada.trpc.messages.edit.mutate({ chatId, messageId: sent.id, content: "  Hello  " });
    expect(edited).toMatchObject({ id: sent.id, content: "Hello", changeSeq: before + 1 });
    expect(edited.editedAt).toBeGreaterThanOrEqual(sent.createdAt);
    await ada.trpc.messages.edit.mutate({ chatId, messageId: sent.id, content: "Hello, Bob" });

    expect((await bob.trpc.chats.messages.query({ chatId })).messages[0]).toMatchObject({ content: "Hello, Bob" });
    const history = await t.db.select().from(messageEdits).where(eq(messageEdits.messageId, sent.id));
    expect(history.map((h) => h.content)).toEqual(["Helo", "Hello"]);
    expect((await told(chatId, "changed")).map((n) => n.notice)).toEqual([
      { type: "changed", message: edited },
      { type: "changed", message: expect.objectContaining({ content: "Hello, Bob" }) },
    ]);
  });

  it("takes the same text again as done, changing nothing: a retry neither adds history nor a change", async () => {
    const { ada, chatId } = await friendsInChat(t);
    const sent = await send(ada, chatId, "typo");
    const edits = await Promise.all(
      [1, 2, 3].map(() => ada.trpc.messages.edit.mutate({ chatId, messageId: sent.id, content: "fixed" })),
    );
    expect(new Set(edits.map((e) => e.changeSeq)).size).toBe(1);
    expect(await t.db.select().from(messageEdits).where(eq(messageEdits.messageId, sent.id))).toHaveLength(1);
    expect(await changeSeqOf(chatId)).toBe(1);
  });

  it("is the author's alone: not the other member's, not a group admin's, not an outsider's", async () => {
    const { ada, bob, cy, chatId } = await group();
    const eve = await t.member("Eve");
    const sent = await send(bob, chatId, "mine");
    for (const who of [ada, cy]) {
      expect(await rejection(who.trpc.messages.edit.mutate({ chatId, messageId: sent.id, content: "theirs" }))).toEqual(
        { message: "You can only edit your own messages.", code: "FORBIDDEN", status: 403 },
      );
    }
    expect(
      await rejection(eve.trpc.messages.edit.mutate({ chatId, messageId: sent.id, content: "theirs" })),
    ).toMatchObject(NOT_IN_CHAT);
    expect((await stored(sent.id)).content).toBe("mine");
    expect(await told(chatId, "changed")).toEqual([]);
  });

  it("refuses empty and over-long text, deleted messages, system lines, and a private chat with a former friend", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const sent = await send(ada, chatId, "hello");
    expect(await rejection(ada.trpc.messages.edit.mutate({ chatId, messageId: sent.id, content: "  " }))).toMatchObject(
      { message: "Please enter a message.", code: "BAD_REQUEST" },
    );
    expect(
      await rejection(ada.trpc.messages.edit.mutate({ chatId, messageId: sent.id, content: "x".repeat(4001) })),
    ).toMatchObject({ message: "Messages can be at most 4,000 characters." });
    expect(
      await rejection(ada.trpc.messages.edit.mutate({ chatId, messageId: 987654321, content: "x" })),
    ).toMatchObject(NO_MESSAGE);

    await t.db.delete(friends).where(eq(friends.userId, ada.me.id));
    expect(
      await rejection(ada.trpc.messages.edit.mutate({ chatId, messageId: sent.id, content: "still?" })),
    ).toMatchObject({ message: "You can only message your friends.", code: "FORBIDDEN" });

    await ada.trpc.messages.remove.mutate({ chatId, messageId: sent.id });
    await befriend(ada, bob);
    expect(
      await rejection(ada.trpc.messages.edit.mutate({ chatId, messageId: sent.id, content: "back" })),
    ).toMatchObject(NO_MESSAGE);

    const crew = await group();
    await crew.cy.trpc.chats.leave.mutate({ chatId: crew.chatId });
    const line = (await crew.ada.trpc.chats.messages.query({ chatId: crew.chatId })).messages.at(-1)!;
    expect(line.messageType).toBe("system");
    expect(
      await rejection(crew.cy.trpc.messages.edit.mutate({ chatId: crew.chatId, messageId: line.id, content: "x" })),
    ).toMatchObject(NOT_IN_CHAT);
    expect(
      await rejection(crew.ada.trpc.messages.edit.mutate({ chatId: crew.chatId, messageId: line.id, content: "x" })),
    ).toMatchObject(NO_MESSAGE);
  });
});

describe("deleting", () => {
  it("leaves the message in place for everyone with its content, reactions and earlier versions gone from storage", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const sent = await send(ada, chatId, "first words");
    await ada.trpc.messages.edit.mutate({ chatId, messageId: sent.id, content: "second words" });
    await bob.trpc.messages.react.mutate({ chatId, messageId: sent.id, emoji: "👍", on: true });
    const deleted = await ada.trpc.messages.remove.mutate({ chatId, messageId: sent.id });
    expect(deleted).toMatchObject({ id: sent.id, seq: sent.seq, content: "", reactions: {}, editedAt: null });
    expect(deleted.deletedAt).not.toBeNull();

    const row = await stored(sent.id);
    expect(row).toMatchObject({ content: "", reactions: {}, deletedBy: ada.me.id });
    expect(await t.db.select().from(messageReactions).where(eq(messageReactions.messageId, sent.id))).toEqual([]);
    expect(await t.db.select().from(messageEdits).where(eq(messageEdits.messageId, sent.id))).toEqual([]);
    const everything = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM messages, message_edits WHERE instr(messages.content || message_edits.content, 'words') > 0`,
    );
    expect(everything[0]!.n).toBe(0);
    expect((await bob.trpc.chats.messages.query({ chatId })).messages).toEqual([deleted]);
    expect((await bob.trpc.chats.list.query({ kind: "chats" })).items[0]!.lastMessage).toMatchObject({
      content: "This message was deleted",
    });
    expect((await ada.trpc.account.export.query()).chats[0]!.myMessages).toEqual([]);
    expect((await told(chatId, "changed")).at(-1)?.notice).toEqual({ type: "changed", message: deleted });

    // A retry is answered as done, and changes nothing more.
    const change = await changeSeqOf(chatId);
    expect(await ada.trpc.messages.remove.mutate({ chatId, messageId: sent.id })).toEqual(deleted);
    expect(await changeSeqOf(chatId)).toBe(change);
  });

  it("is the author's, or in a group any admin's; not another member's, nor the other side of a private chat", async () => {
    const { ada, bob, cy, chatId } = await group();
    const bobs = await send(bob, chatId, "from bob");
    const adas = await send(ada, chatId, "from ada");
    expect(await rejection(cy.trpc.messages.remove.mutate({ chatId, messageId: bobs.id }))).toEqual({
      message: "You can only delete your own messages, or any message as a group admin.",
      code: "FORBIDDEN",
      status: 403,
    });
    expect(await rejection(bob.trpc.messages.remove.mutate({ chatId, messageId: adas.id }))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await ada.trpc.messages.remove.mutate({ chatId, messageId: bobs.id })).deletedAt).not.toBeNull();
    expect((await stored(bobs.id)).deletedBy).toBe(ada.me.id);

    // The one who opened a private chat is its 'admin' in the rows, but a private chat has no admin.
    const pair = await friendsInChat(t);
    const fromBob = await send(pair.bob, pair.chatId, "mine");
    expect(
      await rejection(pair.ada.trpc.messages.remove.mutate({ chatId: pair.chatId, messageId: fromBob.id })),
    ).toMatchObject({ code: "FORBIDDEN" });
    expect((await stored(fromBob.id)).deletedAt).toBeNull();
  });

  it("refuses outsiders and those who left, and a message of another chat", async () => {
    const { ada, bob, chatId } = await group();
    const eve = await t.member("Eve");
    const sent = await send(bob, chatId, "stay");
    expect(await rejection(eve.trpc.messages.remove.mutate({ chatId, messageId: sent.id }))).toMatchObject(NOT_IN_CHAT);
    const other = await friendsInChat(t);
    expect(
      await rejection(ada.trpc.messages.remove.mutate({ chatId: other.chatId, messageId: sent.id })),
    ).toMatchObject(NOT_IN_CHAT);
    await bob.trpc.chats.leave.mutate({ chatId });
    expect(await rejection(bob.trpc.messages.remove.mutate({ chatId, messageId: sent.id }))).toMatchObject(NOT_IN_CHAT);
    const mine = await send(other.ada, other.chatId, "here");
    expect(await rejection(ada.trpc.messages.remove.mutate({ chatId, messageId: mine.id }))).toMatchObject(NO_MESSAGE);
    expect((await stored(sent.id)).deletedAt).toBeNull();
  });
});

describe("reactions", () => {
  it("count one per member, emoji and message, with who reacted in order; taken back, they go", async () => {
    const { ada, bob, cy, chatId } = await group();
    const sent = await send(ada, chatId, "ship it?");
    const react = (m: TestMember, emoji: "👍" | "❤️", on = true) =>
      m.trpc.messages.react.mutate({ chatId, messageId: sent.id, emoji, on });

    await react(bob, "👍");
    await Promise.all([react(cy, "👍"), react(cy, "👍"), react(cy, "👍")]);
    const after = await react(bob, "❤️");
    expect(after.reactions).toEqual({ "👍": [bob.me.id, cy.me.id], "❤️": [bob.me.id] });
    expect(await t.db.select().from(messageReactions).where(eq(messageReactions.messageId, sent.id))).toHaveLength(3);

    const taken = await react(bob, "👍", false);
    expect(taken.reactions).toEqual({ "👍": [cy.me.id], "❤️": [bob.me.id] });
    expect(await react(bob, "👍", false)).toEqual(taken);
    expect((await react(bob, "❤️", false)).reactions).toEqual({ "👍": [cy.me.id] });
    expect((await ada.trpc.chats.messages.query({ chatId })).messages[0]!.reactions).toEqual({ "👍": [cy.me.id] });
  });

  it("take only the six emoji, on messages of the chat still there, from participants", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const eve = await t.member("Eve");
    const sent = await send(ada, chatId, "react to me");
    expect(
      await rejection(bob.trpc.messages.react.mutate({ chatId, messageId: sent.id, emoji: "💩" as "👍", on: true })),
    ).toMatchObject({ code: "BAD_REQUEST" });
    expect(
      await rejection(eve.trpc.messages.react.mutate({ chatId, messageId: sent.id, emoji: "👍", on: true })),
    ).toMatchObject(NOT_IN_CHAT);
    expect(
      await rejection(eve.trpc.messages.react.mutate({ chatId, messageId: sent.id, emoji: "👍", on: false })),
    ).toMatchObject(NOT_IN_CHAT);
    await ada.trpc.messages.remove.mutate({ chatId, messageId: sent.id });
    expect(
      await rejection(bob.trpc.messages.react.mutate({ chatId, messageId: sent.id, emoji: "👍", on: true })),
    ).toMatchObject(NO_MESSAGE);
    expect(await t.db.select().from(messageReactions).where(eq(messageReactions.messageId, sent.id))).toEqual([]);
  });

  it("reach the room as the message's new state, each with the chat's next change number", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const sent = await send(ada, chatId, "numbers");
    const one = await bob.trpc.messages.react.mutate({ chatId, messageId: sent.id, emoji: "😂", on: true });
    const two = await ada.trpc.messages.react.mutate({ chatId, messageId: sent.id, emoji: "😂", on: true });
    expect([one.changeSeq, two.changeSeq]).toEqual([1, 2]);
    expect((await told(chatId, "changed")).map((n) => n.notice)).toEqual([
      { type: "changed", message: one },
      { type: "changed", message: two },
    ]);
  });
});

describe("catching up on changes", () => {
  it("pages the messages changed after a number, as they are now, in the order of their latest change", async () => {
    const { ada, bob, chatId } = await group();
    const sent = [];
    for (let i = 0; i < 60; i++) sent.push(await send(ada, chatId, `m${i}`));
    const { changedUpTo: start } = await bob.trpc.chats.messages.query({ chatId });
    expect(start).toBe(0);
    for (const m of sent) await bob.trpc.messages.react.mutate({ chatId, messageId: m.id, emoji: "👍", on: true });
    await ada.trpc.messages.edit.mutate({ chatId, messageId: sent[0]!.id, content: "m0, edited" });

    const first = await bob.trpc.messages.changes.query({ chatId, afterChange: start });
    expect([first.messages.length, first.hasMore, first.changedUpTo]).toEqual([50, true, 51]);
    // The first message changed again later: it comes with its latest change, in the next page.
    expect(first.messages[0]!.id).toBe(sent[1]!.id);
    const second = await bob.trpc.messages.changes.query({ chatId, afterChange: first.changedUpTo });
    expect([second.messages.length, second.hasMore, second.changedUpTo]).toEqual([10, false, 61]);
    expect(second.messages.at(-1)).toMatchObject({ id: sent[0]!.id, content: "m0, edited", changeSeq: 61 });
    expect(await bob.trpc.messages.changes.query({ chatId, afterChange: 61 })).toEqual({
      messages: [],
      changedUpTo: 61,
      hasMore: false,
    });
    expect((await bob.trpc.chats.messages.query({ chatId })).changedUpTo).toBe(61);
    expect(
      await rejection((await t.member("Eve")).trpc.messages.changes.query({ chatId, afterChange: 0 })),
    ).toMatchObject(NOT_IN_CHAT);
  });
});

describe("read receipts", () => {
  it("tell the others what a member displayed, and only those who share their own", async () => {
    const { ada, bob, cy, chatId } = await group();
    await send(ada, chatId, "one");
    const two = await send(ada, chatId, "two");
    await cy.trpc.profiles.setSwitch.mutate({ name: "sendReadReceipts", on: false });

    await bob.trpc.chats.markRead.mutate({ chatId, seq: two.seq });
    const [notice] = await told(chatId, "seen");
    expect(notice?.notice).toEqual({ type: "seen", userId: bob.me.id, seq: 2, audience: [ada.me.id] });
    expect(await ada.trpc.messages.receipts.query({ chatId })).toEqual([{ userId: bob.me.id, seq: 2 }]);
    // Cy, who sends none, sees none.
    expect(await cy.trpc.messages.receipts.query({ chatId })).toEqual([]);

    // Reading again, or less, tells no one.
    await bob.trpc.chats.markRead.mutate({ chatId, seq: 1 });
    await bob.trpc.chats.markRead.mutate({ chatId, seq: 2 });
    expect(await told(chatId, "seen")).toHaveLength(1);
  });

  it("are not sent while a member has them off, though their unread count still clears", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const sent = await send(ada, chatId, "did you see?");
    await bob.trpc.profiles.setSwitch.mutate({ name: "sendReadReceipts", on: false });
    await bob.trpc.chats.markRead.mutate({ chatId, seq: sent.seq });
    expect((await bob.trpc.chats.summary.query()).unread).toBe(0);
    expect(await ada.trpc.messages.receipts.query({ chatId })).toEqual([]);
    expect(await told(chatId, "seen")).toEqual([]);

    // Turned on again, what they display from then on is told; what they saw before stays unsaid.
    expect((await bob.trpc.profiles.setSwitch.mutate({ name: "sendReadReceipts", on: true })).sendReadReceipts).toBe(
      true,
    );
    expect(await ada.trpc.messages.receipts.query({ chatId })).toEqual([]);
    const next = await send(ada, chatId, "and now?");
    await bob.trpc.chats.markRead.mutate({ chatId, seq: next.seq });
    expect(await ada.trpc.messages.receipts.query({ chatId })).toEqual([{ userId: bob.me.id, seq: next.seq }]);
  });

  it("come from displaying only: a member's own send marks their read mark, never their receipt", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    await send(ada, chatId, "hello");
    await send(bob, chatId, "hi");
    expect(await ada.trpc.messages.receipts.query({ chatId })).toEqual([]);
    expect((await bob.trpc.chats.byId.query({ chatId })).me.lastReadSeq).toBe(2);
  });

  it("are read and sent by participants only", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const eve = await t.member("Eve");
    await send(ada, chatId, "private");
    await bob.trpc.chats.markRead.mutate({ chatId, seq: 1 });
    expect(await rejection(eve.trpc.messages.receipts.query({ chatId }))).toMatchObject(NOT_IN_CHAT);
    expect(await rejection(eve.trpc.chats.markRead.mutate({ chatId, seq: 1 }))).toMatchObject(NOT_IN_CHAT);
    expect(await ada.trpc.messages.receipts.query({ chatId })).toEqual([{ userId: bob.me.id, seq: 1 }]);
  });
});
