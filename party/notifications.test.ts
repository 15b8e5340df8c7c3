/**
 * A notification reaches the recipient's open pages through their member room: the API writes it
 * and tells the real rooms (over HTTP with the shared secret, as `npm start` runs them), the room
 * pokes every socket of the member, and each page reads its count again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp, TestMember } from "../testing/harness";
import { eventually, roomSocket, type RoomsProcess } from "../testing/rooms-process";
import { liveRooms } from "../testing/live-rooms";

const SECRET = "notifications-realtime-secret";
let rooms: RoomsProcess;
let t: TestApp;

beforeAll(async () => void ({ rooms, t } = await liveRooms(SECRET)));
afterAll(() => rooms?.stop());

const POKE = { type: "poke", reason: "notification" };

/** One open page of the member: a socket on their room, let in with a ticket the API signed. */
async function openPage(m: TestMember) {
  const { ticket } = await m.trpc.chats.memberTicket.query();
  const page = roomSocket(rooms.host, "member-room", m.me.id, () => ticket);
  await page.opened;
  return page;
}

describe("the bell's count, live", () => {
  it("moves on every open page of the recipient, none of the sender's, and again when one page reads it", async () => {
    const [ada, bob] = [await t.member("Ada Two Tabs"), await t.member("Bob Asks Live")];
    const [adaHere, adaThere, bobHere] = [await openPage(ada), await openPage(ada), await openPage(bob)];

    await bob.trpc.friends.request.mutate({ memberId: ada.me.id });
    await t.settle();
    await eventually(() => {
      for (const page of [adaHere, adaThere]) expect(page.events).toContainEqual(POKE);
    });
    expect(await ada.trpc.notifications.unreadCount.query()).toBe(1);
    // Bob's pages heard of the request itself (his Sent list), never of a notification.
    await eventually(() => expect(bobHere.events).toContainEqual({ type: "poke", reason: "friend-request" }));
    expect(bobHere.events).not.toContainEqual(POKE);

    const seen = adaThere.events.length;
    const [item] = (await ada.trpc.notifications.list.query({ filter: "all" })).items;
    await ada.trpc.notifications.markRead.mutate({ id: item!.id });
    await t.settle();
    await eventually(() => expect(adaThere.events.slice(seen)).toContainEqual(POKE));
    expect(await ada.trpc.notifications.unreadCount.query()).toBe(0);

    for (const page of [adaHere, adaThere, bobHere]) page.socket.close();
  });
});
