/**
 * A mention through the whole live path: the real send on a real database tells the rooms in workerd
 * over HTTP, as `npm start` wires them. Every open page of the group receives the message with the
 * member's token in it, and every open page of the mentioned member (their member room) is poked to
 * read their bell again; nobody else's is.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mentionToken } from "@core/mentions";
import { friends } from "@db/schema";
import { eventually, roomSocket, type RoomsProcess } from "@testing/rooms-process";
import { liveRooms } from "@testing/live-rooms";
import type { TestApp, TestMember } from "@testing/harness";
import type { WireMessage } from "./protocol";

const SECRET = "mentions-secret";
let rooms: RoomsProcess;
let t: TestApp;

beforeAll(async () => void ({ rooms, t } = await liveRooms(SECRET)));
afterAll(() => rooms?.stop());

const BELL = { type: "poke", reason: "notification" };

describe("a mention, live", () => {
  it("reaches every page of the group with the member's token, and pokes the bell of the mentioned member's pages only", async () => {
    const [ada, bob, cy] = [await t.member("Ada"), await t.member("Bob"), await t.member("Cy")];
    for (const other of [bob, cy]) {
      await t.db
        .insert(friends)
        .values({ id: crypto.randomUUID(), userId: ada.me.id, friendId: other.me.id, status: "accepted" });
    }
    const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Live", memberIds: [bob.me.id, cy.me.id] });
    await t.settle();
    const chatPage = (m: TestMember) =>
      roomSocket(rooms.host, "chat-room", chatId, async () => (await m.trpc.chats.ticket.query({ chatId })).ticket);
    const memberPage = (m: TestMember) =>
      roomSocket(rooms.host, "member-room", m.me.id, async () => (await m.trpc.chats.memberTicket.query()).ticket);
    const [bobChat, cyChat] = [chatPage(bob), chatPage(cy)];
    const [bobHere, bobThere, cyHere] = [memberPage(bob), memberPage(bob), memberPage(cy)];
    const pages = [bobChat, cyChat, bobHere, bobThere, cyHere];
    await Promise.all(pages.map((p) => p.opened));

    const content = `${mentionToken({ id: bob.me.id, name: "Bob" })} look`;
    const sent = await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content });
    await t.settle();
    for (const page of [bobChat, cyChat]) {
      await eventually(() =>
        expect(page.events.filter((e) => e.type === "messages").flatMap((e) => e.messages as WireMessage[])).toEqual([
          sent,
        ]),
      );
    }
    expect(sent.content).toBe(content);
    for (const page of [bobHere, bobThere]) await eventually(() => expect(page.events).toContainEqual(BELL));
    expect(cyHere.events).not.toContainEqual(BELL);
    for (const page of pages) page.socket.close();
  });
});
