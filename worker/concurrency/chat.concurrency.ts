/**
 * Chats through the real multi-process host and the rooms in workerd, with real sockets: nothing
 * lost, nothing twice, whatever the concurrency, and across a restart of the rooms.
 */
import { describe, expect, it } from "vitest";
import { eventually } from "@testing/rooms-process";
import { groupOfFriends, liveChatClient } from "./chat-client";
import { countRows, crowdHostWithRooms, expectNoServerErrors, outcome } from "./crowd";

const live = crowdHostWithRooms("chat-concurrency-secret");

const expectExactly = (seen: { seq: number; id: number }[], stored: number, ids: number[]) => {
  expect(seen.map((m) => m.seq)).toEqual(Array.from({ length: stored }, (_, i) => i + 1));
  expect(seen.map((m) => m.id)).toEqual(ids);
};

async function storedIds(chatId: string) {
  const db = live.host.openDatabase();
  try {
    const { rows } = await db.execute({
      sql: "SELECT id FROM messages WHERE chat_id = ? ORDER BY seq",
      args: [chatId],
    });
    return rows.map((row) => Number(row.id));
  } finally {
    db.close();
  }
}

describe("a busy group", () => {
  it("stores 10 members × 100 messages sent at once exactly once, with no server error, seen in the same order by everyone", async () => {
    const { members, chatId } = await groupOfFriends(live.host, 10, "busy");
    const clients = members.map((m) => liveChatClient(live.rooms.host, m.browser, chatId));
    await Promise.all(clients.map((c) => c.opened));

    const outcomes = (
      await Promise.all(
        members.map(async (member, who) => {
          const mine = [];
          for (let i = 0; i < 100; i++) {
            mine.push(
              await outcome(
                member.browser.trpc.chats.send.mutate({ chatId, clientId: `busy-${who}-${i}`, content: `${who}:${i}` }),
              ),
            );
          }
          return mine;
        }),
      )
    ).flat();
    expectNoServerErrors(outcomes);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(await countRows(live.host, "messages", "chat_id = ?", [chatId])).toBe(1000);

    const ids = await storedIds(chatId);
    for (const client of clients) await eventually(() => expectExactly(client.messages(), 1000, ids), 30_000);
    // Each member's own 100 stay in the order they were sent.
    const seen = clients[0]!.messages();
    for (let who = 0; who < 10; who++) {
      const own = seen.filter((m) => m.content.startsWith(`${who}:`)).map((m) => Number(m.content.split(":")[1]));
      expect(own).toEqual(Array.from({ length: 100 }, (_, i) => i));
    }
    for (const client of clients) client.close();
  });
});

describe("the rooms restart in the middle of a conversation", () => {
  it("every client reconnects and ends with exactly the stored messages, in order; a member who leaves is cut off", async () => {
    const { members, chatId } = await groupOfFriends(live.host, 3, "restart");
    const clients = members.map((m) => liveChatClient(live.rooms.host, m.browser, chatId));
    await Promise.all(clients.map((c) => c.opened));
    let n = 0;
    const talk = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const member = members[n % members.length]!;
        await member.browser.trpc.chats.send.mutate({ chatId, clientId: `restart-${n}`, content: `line ${n++}` });
      }
    };

    await talk(20);
    await live.rooms.stop();
    // Stored while nobody can be told.
    await talk(20);
    await live.rooms.start();
    await talk(20);

    const ids = await storedIds(chatId);
    expect(ids).toHaveLength(60);
    for (const client of clients) await eventually(() => expectExactly(client.messages(), 60, ids), 30_000);

    const [, , leaver] = clients;
    await members[2]!.browser.trpc.chats.leave.mutate({ chatId });
    await eventually(() => expect(leaver!.socket.readyState).toBeGreaterThanOrEqual(2));
    expect(
      await outcome(
        members[2]!.browser.trpc.chats.send.mutate({ chatId, clientId: "late-after-leaving", content: "still here?" }),
      ),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    for (const client of clients) client.close();
  });
});
