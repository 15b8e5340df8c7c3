import { describe, expect, it } from "vitest";
import { wireMessage } from "@testing/wire-message";
import { continuesGroup, GROUP_WINDOW_MS } from "./message-groups";

const MINUTE = 60_000;
/** Noon of a day, local time: minutes either side stay on that day. */
const noon = new Date(2026, 10, 30, 12).getTime();
const at = (seq: number, createdAt: number, fields?: Parameters<typeof wireMessage>[1]) =>
  wireMessage(seq, { createdAt, ...fields });

describe("message groups", () => {
  const first = at(1, noon);

  it("groups the same sender's messages within five minutes of the one above", () => {
    expect(continuesGroup(first, at(2, noon + MINUTE), false)).toBe(true);
    expect(continuesGroup(first, at(2, noon + GROUP_WINDOW_MS - 1), false)).toBe(true);
  });

  it("starts a group five minutes apart, and for another sender", () => {
    expect(continuesGroup(first, at(2, noon + GROUP_WINDOW_MS), false)).toBe(false);
    expect(continuesGroup(first, at(2, noon + MINUTE, { senderId: "bob" }), false)).toBe(false);
  });

  it("starts a group with the first message held", () => {
    expect(continuesGroup(undefined, first, false)).toBe(false);
  });

  it("starts a group with a reply", () => {
    const reply = at(2, noon + MINUTE, {
      replyTo: { id: 10, seq: 1, senderId: "ada", excerpt: "m1", deleted: false },
    });
    expect(continuesGroup(first, reply, false)).toBe(false);
  });

  it("starts a group on a new day, however close in time", () => {
    const lateNight = at(1, new Date(2026, 10, 30, 23, 59).getTime());
    expect(continuesGroup(lateNight, at(2, new Date(2026, 11, 1, 0, 1).getTime()), false)).toBe(false);
  });

  it("starts a group under the 'New messages' line", () => {
    expect(continuesGroup(first, at(2, noon + MINUTE), true)).toBe(false);
  });

  it("keeps a deleted message, a removed one and a system line out of any group", () => {
    const next = at(3, noon + 2 * MINUTE);
    for (const alone of [
      at(2, noon + MINUTE, { deletedAt: noon + 3 * MINUTE, content: "" }),
      at(2, noon + MINUTE, { messageType: "removed" }),
      at(2, noon + MINUTE, { messageType: "system", content: "Call ended · 2 min" }),
    ]) {
      expect(continuesGroup(first, alone, false)).toBe(false);
      expect(continuesGroup(alone, next, false)).toBe(false);
    }
  });
});
