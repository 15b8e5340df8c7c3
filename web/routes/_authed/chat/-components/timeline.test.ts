import { describe, expect, it } from "vitest";
import { wireMessage } from "@testing/wire-message";
import { mergeMessages } from "./timeline";

const m = (seq: number) => wireMessage(seq);

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
});
