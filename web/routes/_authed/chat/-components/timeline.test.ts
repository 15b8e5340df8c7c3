import { describe, expect, it } from "vitest";
import { wireMessage } from "@testing/wire-message";
import { lastEditable, mergeMessages, timelineMessages, withArrived, withCaughtUp, type Timeline } from "./timeline";

const m = (seq: number, fields?: Parameters<typeof wireMessage>[1]) => wireMessage(seq, fields);

describe("timeline", () => {
  it("keeps each message once, in sequence order, whatever order and how often they arrive", () => {
    const held = mergeMessages(mergeMessages([m(2), m(3)], [m(1), m(3)]), [m(5), m(4), m(2)]);
    expect(held.map((x) => x.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(mergeMessages(held, [m(3)])).toBe(held);
  });

  it("keeps the most lately changed copy of a message, by its change number", () => {
    const held = [m(1), wireMessage(2, { content: "edited", changeSeq: 3 })];
    expect(mergeMessages(held, [m(2)])).toBe(held);
    const newer = mergeMessages(held, [wireMessage(1, { content: "", deletedAt: 9, changeSeq: 4 })]);
    expect(newer.map((x) => x.content)).toEqual(["", "edited"]);
  });

  it("shows a friend's message past a gap only once the gap is filled, and one's own at once", () => {
    const first: Timeline = {
      pages: [{ messages: [m(1), m(2)], hasMore: false, caughtUpTo: 2, changedUpTo: 0, readUpTo: 0, askedAt: 0 }],
      pageParams: [null],
    };
    const seqs = (timeline: Timeline) => timelineMessages(timeline, "me").map((x) => x.seq);

    const pastGap = withArrived(first, [m(4), m(5, { senderId: "me" })]);
    expect(seqs(pastGap)).toEqual([1, 2, 5]);
    expect(seqs(withArrived(pastGap, [m(3)]))).toEqual([1, 2, 3, 4, 5]);
    expect(seqs(withCaughtUp(pastGap, [m(3), m(4), m(5, { senderId: "me" })]))).toEqual([1, 2, 3, 4, 5]);
  });

  it("finds the member's newest own text still standing, for ↑ to edit", () => {
    const file = { id: "f", name: "a.txt", contentType: "text/plain", size: 1 };
    const messages = [
      m(1, { senderId: "me", content: "first" }),
      m(2, { senderId: "me", content: "second" }),
      m(3),
      m(4, { senderId: "me", content: "", deletedAt: 9 }),
      m(5, { senderId: "me", content: "", attachments: [file] }),
      m(6, { senderId: "me", content: "Ada left the group", messageType: "system" }),
      m(7),
    ];
    expect(lastEditable(messages, "me")?.content).toBe("second");
    expect(lastEditable(messages.slice(2), "me")).toBeUndefined();
    expect(lastEditable([], "me")).toBeUndefined();
  });
});
