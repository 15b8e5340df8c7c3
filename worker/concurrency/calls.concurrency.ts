/**
 * A call's end reported by every page at once, through the real multi-process host and the rooms in
 * workerd: its line is written into the history once, and each missed-call notification once.
 */
import { describe, expect, it } from "vitest";
import { callMessages } from "@party/call-wire";
import { signTicket } from "@party/ticket";
import { eventually, roomSocket } from "@testing/rooms-process";
import { countRows, crowdHostWithRooms, expectNoServerErrors, outcome, signUpMany } from "./crowd";

const SECRET = "calls-concurrency-secret";
const live = crowdHostWithRooms(SECRET);

/** A group of four friends of its creator, and a call the creator rang and then gave up on. */
async function missedGroupCall(prefix: string) {
  const members = await signUpMany(live.host, 4, prefix);
  const [caller, ...callees] = members as [(typeof members)[number], ...typeof members];
  const db = live.host.openDatabase();
  try {
    for (const callee of callees) {
      await db.execute({
        sql: "INSERT INTO friends (id, user_id, friend_id, status) VALUES (?, ?, ?, 'accepted')",
        args: [crypto.randomUUID(), caller.id, callee.id],
      });
    }
  } finally {
    db.close();
  }
  const { chatId } = await caller.browser.trpc.chats.createGroup.mutate({
    name: prefix,
    memberIds: callees.map((m) => m.id),
  });
  const { callId } = await caller.browser.trpc.calls.start.mutate({ chatId, kind: "voice" });
  const page = roomSocket(live.rooms.host, "chat-room", chatId, () =>
    signTicket(SECRET, { userId: caller.id, room: "chat-room", name: chatId }),
  );
  await page.opened;
  page.socket.send(callMessages.join(callId, `${prefix}-caller-session`));
  await eventually(() => expect(page.events.some((e) => e.type === "call")).toBe(true));
  page.socket.send(callMessages.leave(callId));
  await eventually(() => expect(page.events.some((e) => e.type === "call-ended")).toBe(true));
  page.socket.close();
  return { members, caller, callees, chatId, callId };
}

describe("a call's end, reported from every page at once", () => {
  it("leaves one line and one missed-call notification per callee, across every serving process", async () => {
    const { members, callees, chatId, callId } = await missedGroupCall("calls-record");
    const reports = await Promise.all(
      members.flatMap((m) =>
        Array.from({ length: 5 }, () => outcome(m.browser.trpc.calls.record.mutate({ chatId, callId }))),
      ),
    );
    expectNoServerErrors(reports);
    expect(reports.filter((r) => !r.ok)).toEqual([]);
    expect(reports.filter((r) => r.ok && (r.value as { recorded: boolean }).recorded).length).toBeGreaterThan(0);

    expect(await countRows(live.host, "messages", "chat_id = ? AND client_id = ?", [chatId, `call:${callId}`])).toBe(1);
    expect(await countRows(live.host, "messages", "chat_id = ? AND content = 'Missed voice call'", [chatId])).toBe(1);
    for (const callee of callees) {
      expect(
        await countRows(live.host, "notifications", "recipient_id = ? AND kind = 'missed_call' AND event_key = ?", [
          callee.id,
          callId,
        ]),
      ).toBe(1);
    }
    // Unread once for each of them, like any message.
    for (const callee of callees) expect((await callee.browser.trpc.chats.summary.query()).unread).toBe(1);
  });
});
