import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messagePins } from "@db/schema";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";
import { befriend, friendsInChat } from "@testing/friends";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

/** A group Ada created (its admin) with Bob as a member. */
async function group() {
  const [ada, bob] = [await t.member("Ada Lovelace"), await t.member("Bob Babbage")];
  await befriend(ada, bob);
  const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Crew", memberIds: [bob.me.id] });
  return { ada, bob, chatId };
}

const send = (m: TestMember, chatId: string, content: string) =>
  m.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content });

const pinRows = (chatId: string) => t.db.select().from(messagePins).where(eq(messagePins.chatId, chatId));

/** How many times the chat's room was told its pins changed, once the requests' after-work is done. */
async function toldPins(chatId: string) {
  await t.settle();
  return t.notices.filter((n) => n.room === "chat-room" && n.name === chatId && n.notice.type === "pins").length;
}

const NOT_IN_CHAT = { message: "This chat does not exist or you are no longer in it.", code: "NOT_FOUND" };
const NO_MESSAGE = { message: "This message does not exist or was deleted.", code: "NOT_FOUND" };

describe("pinned messages", () => {
  it("either member of a private chat pins; both list them newest pin first, with who pinned and when", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const first = await send(ada, chatId, "Deploy checklist:\n1. tag\n2. ship");
    const second = await send(bob, chatId, "Staging is at https://staging.example.com");
    expect(await bob.trpc.messages.pins.query({ chatId })).toEqual([]);

    const before = Date.now();
    await bob.trpc.messages.pin.mutate({ chatId, messageId: first.id });
    const answer = await ada.trpc.messages.pin.mutate({ chatId, messageId: second.id });

    expect(answer.map((p) => [p.messageId, p.pinnedBy])).toEqual([
      [second.id, ada.me.id],
      [first.id, bob.me.id],
    ]);
    expect(answer[1]).toMatchObject({
      seq: first.seq,
      senderId: ada.me.id,
      excerpt: "Deploy checklist:\n1. tag\n2. ship",
      createdAt: first.createdAt,
    });
    expect(answer[1]!.pinnedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(await bob.trpc.messages.pins.query({ chatId })).toEqual(answer);
    expect(await toldPins(chatId)).toBe(2);
  });

  it("pinning a pinned message or unpinning an unpinned one is answered as done, and tells nobody", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const sent = await send(ada, chatId, "Pin me");
    const pinned = await ada.trpc.messages.pin.mutate({ chatId, messageId: sent.id });
    expect(await bob.trpc.messages.pin.mutate({ chatId, messageId: sent.id })).toEqual(pinned);
    expect(await toldPins(chatId)).toBe(1);

    expect(await bob.trpc.messages.unpin.mutate({ chatId, messageId: sent.id })).toEqual([]);
    expect(await ada.trpc.messages.unpin.mutate({ chatId, messageId: sent.id })).toEqual([]);
    expect(await pinRows(chatId)).toEqual([]);
    expect(await toldPins(chatId)).toBe(2);
  });

  it("in a group only an admin pins or unpins; a plain member is refused and nothing changes", async () => {
    const { ada, bob, chatId } = await group();
    const bobs = await send(bob, chatId, "Meeting notes");
    expect(await rejection(bob.trpc.messages.pin.mutate({ chatId, messageId: bobs.id }))).toMatchObject({
      message: "Only a group admin can pin or unpin messages.",
      code: "FORBIDDEN",
    });
    expect(await pinRows(chatId)).toEqual([]);

    await ada.trpc.messages.pin.mutate({ chatId, messageId: bobs.id });
    expect(await rejection(bob.trpc.messages.unpin.mutate({ chatId, messageId: bobs.id }))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await bob.trpc.messages.pins.query({ chatId })).map((p) => p.messageId)).toEqual([bobs.id]);
  });

  it("someone outside the chat can neither pin nor list its pins, and cannot tell it exists", async () => {
    const { ada, chatId } = await friendsInChat(t);
    const sent = await send(ada, chatId, "Ours");
    const eve = await t.member("Eve Dropper");
    expect(await rejection(eve.trpc.messages.pin.mutate({ chatId, messageId: sent.id }))).toMatchObject(NOT_IN_CHAT);
    expect(await rejection(eve.trpc.messages.pins.query({ chatId }))).toMatchObject(NOT_IN_CHAT);
    expect(await rejection(eve.trpc.messages.pins.query({ chatId: "no-such-chat" }))).toMatchObject(NOT_IN_CHAT);
    expect(await pinRows(chatId)).toEqual([]);
  });

  it("a member who left a group can no longer pin there, even once an admin", async () => {
    const { ada, bob, chatId } = await group();
    const sent = await send(bob, chatId, "Bye");
    await ada.trpc.chats.leave.mutate({ chatId });
    expect(await rejection(ada.trpc.messages.pin.mutate({ chatId, messageId: sent.id }))).toMatchObject(NOT_IN_CHAT);
    expect(await pinRows(chatId)).toEqual([]);
  });

  it("a deleted message cannot be pinned, and a pinned message drops out when it is deleted", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const gone = await send(ada, chatId, "Oops");
    await ada.trpc.messages.remove.mutate({ chatId, messageId: gone.id });
    expect(await rejection(bob.trpc.messages.pin.mutate({ chatId, messageId: gone.id }))).toMatchObject(NO_MESSAGE);

    const kept = await send(ada, chatId, "Keep this");
    const dropped = await send(ada, chatId, "Then delete this");
    await bob.trpc.messages.pin.mutate({ chatId, messageId: kept.id });
    await bob.trpc.messages.pin.mutate({ chatId, messageId: dropped.id });
    await ada.trpc.messages.remove.mutate({ chatId, messageId: dropped.id });
    expect((await bob.trpc.messages.pins.query({ chatId })).map((p) => p.messageId)).toEqual([kept.id]);

    // Taken down by a moderator, it leaves the panel as well.
    await t.db.run(sql`UPDATE messages SET message_type = 'removed', content = '' WHERE id = ${kept.id}`);
    expect(await bob.trpc.messages.pins.query({ chatId })).toEqual([]);
    expect(await rejection(bob.trpc.messages.pin.mutate({ chatId, messageId: 987654321 }))).toMatchObject(NO_MESSAGE);
  });

  it("members who are no longer friends cannot pin in their private chat", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const sent = await send(ada, chatId, "Before");
    await ada.trpc.friends.remove.mutate({ memberId: bob.me.id });
    expect(await rejection(bob.trpc.messages.pin.mutate({ chatId, messageId: sent.id }))).toMatchObject({
      message: "You can only message your friends.",
      code: "FORBIDDEN",
    });
  });

  it("a chat holds at most 50 pins; the 51st is refused with a clear message until one is unpinned", async () => {
    const { ada, bob, chatId } = await friendsInChat(t);
    const sent = [];
    for (let i = 0; i < 51; i++) sent.push(await send(ada, chatId, `Line ${i}`));
    for (const message of sent.slice(0, 50)) await bob.trpc.messages.pin.mutate({ chatId, messageId: message.id });
    expect(await rejection(ada.trpc.messages.pin.mutate({ chatId, messageId: sent[50]!.id }))).toMatchObject({
      message: "A chat can have at most 50 pinned messages. Unpin one first.",
      code: "BAD_REQUEST",
    });
    expect(await pinRows(chatId)).toHaveLength(50);

    await ada.trpc.messages.unpin.mutate({ chatId, messageId: sent[0]!.id });
    const pins = await ada.trpc.messages.pin.mutate({ chatId, messageId: sent[50]!.id });
    expect(pins).toHaveLength(50);
    expect(pins[0]!.messageId).toBe(sent[50]!.id);
  });
});
