/**
 * Replies, edits, deletions, reactions, pins and read receipts through the whole live path: the real
 * procedures on a real database tell the rooms in workerd over HTTP, as `npm start` wires them, and
 * real partysocket clients, let in with tickets from the API, receive what changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { friends } from "@db/schema";
import { eventually, roomSocket, type RoomsProcess } from "@testing/rooms-process";
import { liveRooms } from "@testing/live-rooms";
import type { TestApp, TestMember } from "@testing/harness";
import type { WireMessage } from "./protocol";

const SECRET = "message-changes-secret";
let rooms: RoomsProcess;
let t: TestApp;

beforeAll(async () => void ({ rooms, t } = await liveRooms(SECRET)));
afterAll(() => rooms?.stop());

/** A group Ada created with Bob and Cy, and each one's open chat page (its socket). */
async function groupOnline() {
  const [ada, bob, cy] = [await t.member("Ada"), await t.member("Bob"), await t.member("Cy")];
  for (const other of [bob, cy]) {
    await t.db
      .insert(friends)
      .values({ id: crypto.randomUUID(), userId: ada.me.id, friendId: other.me.id, status: "accepted" });
  }
  const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Live", memberIds: [bob.me.id, cy.me.id] });
  const open = (m: TestMember) =>
    roomSocket(rooms.host, "chat-room", chatId, async () => (await m.trpc.chats.ticket.query({ chatId })).ticket);
  const pages = { ada: open(ada), bob: open(bob), cy: open(cy) };
  await Promise.all(Object.values(pages).map((p) => p.opened));
  return { ada, bob, cy, chatId, pages };
}

type Page = ReturnType<typeof roomSocket>;
const changes = (page: Page) =>
  page.events.filter((e) => e.type === "changes").flatMap((e) => e.messages as WireMessage[]);
const seen = (page: Page) => page.events.filter((e) => e.type === "seen");

describe("changes to stored messages reach every open page of the chat", () => {
  it("a reply arrives quoting its original; edits, reactions and a deletion arrive as the message's new state, in order", async () => {
    const { ada, bob, chatId, pages } = await groupOnline();
    const question = await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Ready?" });
    const reply = await bob.trpc.chats.send.mutate({
      chatId,
      clientId: crypto.randomUUID(),
      content: "Almost",
      replyToId: question.id,
    });
    await eventually(() =>
      expect(pages.cy.events.filter((e) => e.type === "messages").flatMap((e) => e.messages as WireMessage[])).toEqual([
        question,
        reply,
      ]),
    );
    expect(reply.replyTo).toMatchObject({ id: question.id, excerpt: "Ready?" });

    const target = { chatId, messageId: question.id };
    const edited = await ada.trpc.messages.edit.mutate({ ...target, content: "Ready now?" });
    const liked = await bob.trpc.messages.react.mutate({ ...target, emoji: "👍", on: true });
    const unliked = await bob.trpc.messages.react.mutate({ ...target, emoji: "👍", on: false });
    const deleted = await ada.trpc.messages.remove.mutate(target);

    for (const page of Object.values(pages)) {
      await eventually(() => expect(changes(page)).toEqual([edited, liked, unliked, deleted]));
    }
    expect(changes(pages.cy).map((m) => m.changeSeq)).toEqual([1, 2, 3, 4]);
    expect(liked.reactions).toEqual({ "👍": [bob.me.id] });
    expect(deleted).toMatchObject({ content: "", deletedAt: expect.any(Number) });
    for (const page of Object.values(pages)) page.socket.close();
  });

  it("a pin or an unpin tells every open page of the chat to read its pins again", async () => {
    const { ada, bob, chatId, pages } = await groupOnline();
    const sent = await bob.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Runbook" });
    await ada.trpc.messages.pin.mutate({ chatId, messageId: sent.id });
    await ada.trpc.messages.unpin.mutate({ chatId, messageId: sent.id });
    for (const page of Object.values(pages)) {
      await eventually(() => expect(page.events.filter((e) => e.type === "pins")).toHaveLength(2));
    }
    for (const page of Object.values(pages)) page.socket.close();
  });

  it("a read receipt reaches those who see receipts, not the reader's own page nor a member who turned them off", async () => {
    const { ada, bob, cy, chatId, pages } = await groupOnline();
    await cy.trpc.profiles.setSwitch.mutate({ name: "sendReadReceipts", on: false });
    const sent = await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Seen it?" });
    await bob.trpc.chats.markRead.mutate({ chatId, seq: sent.seq });

    await eventually(() =>
      expect(seen(pages.ada)).toEqual([{ type: "seen", marks: [{ userId: bob.me.id, seq: sent.seq }] }]),
    );
    // Cy's markRead tells no one, and Ada's own page gets what Bob saw only.
    await cy.trpc.chats.markRead.mutate({ chatId, seq: sent.seq });
    await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "flush" });
    await eventually(() => expect(pages.cy.events.filter((e) => e.type === "messages")).toHaveLength(2));
    expect(seen(pages.bob)).toEqual([]);
    expect(seen(pages.cy)).toEqual([]);
    expect(seen(pages.ada)).toHaveLength(1);
    for (const page of Object.values(pages)) page.socket.close();
  });

  it("read receipts that come together reach a page as one frame, with each reader's newest mark", async () => {
    const { ada, bob, cy, chatId, pages } = await groupOnline();
    const sent = [];
    for (const content of ["one", "two", "three"]) {
      sent.push(await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content }));
    }
    await Promise.all([
      bob.trpc.chats.markRead.mutate({ chatId, seq: sent[1]!.seq }),
      cy.trpc.chats.markRead.mutate({ chatId, seq: sent[0]!.seq }),
    ]);
    await bob.trpc.chats.markRead.mutate({ chatId, seq: sent[2]!.seq });
    await eventually(() => expect(seen(pages.ada)).toHaveLength(1));
    const [frame] = seen(pages.ada);
    expect(frame!.marks).toEqual(
      expect.arrayContaining([
        { userId: bob.me.id, seq: sent[2]!.seq },
        { userId: cy.me.id, seq: sent[0]!.seq },
      ]),
    );
    // Bob's page hears of Cy only.
    await eventually(() => expect(seen(pages.bob)).toEqual([{ type: "seen", marks: [{ userId: cy.me.id, seq: 1 }] }]));
    for (const page of Object.values(pages)) page.socket.close();
  });
});

describe("the room keeps the order of what it is told", () => {
  it("sends messages and then a run of changes told together as two frames, in that order", async () => {
    const { ada, chatId, pages } = await groupOnline();
    const first = await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "a" });
    await eventually(() => expect(pages.bob.events.filter((e) => e.type === "messages")).toHaveLength(1));
    const changed = { ...first, content: "a, edited", editedAt: Date.now(), changeSeq: 7 };
    const next = { ...first, id: first.id + 1000, seq: first.seq + 1, clientId: "next", content: "b" };
    const response = await fetch(`${rooms.origin}/parties/chat-room/${encodeURIComponent(chatId)}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${SECRET}` },
      body: JSON.stringify([
        { type: "message", message: next, recipients: [] },
        { type: "changed", message: changed },
        { type: "changed", message: { ...changed, changeSeq: 8 } },
      ]),
    });
    expect(response.status).toBe(204);
    await eventually(() => expect(changes(pages.bob)).toHaveLength(2));
    const frames = pages.bob.events.filter((e) => e.type === "messages" || e.type === "changes").slice(1);
    expect(frames.map((e) => [e.type, (e.messages as WireMessage[]).length])).toEqual([
      ["messages", 1],
      ["changes", 2],
    ]);
    for (const page of Object.values(pages)) page.socket.close();
  });
});
