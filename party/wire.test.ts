import { describe, expect, it } from "vitest";
import { wireMessage } from "./testing/wire-message";
import { leavesGap } from "./wire";

const m = (seq: number) => wireMessage(seq);

describe("leavesGap", () => {
  it("sees a gap when a message skips a number", () => {
    expect(leavesGap(3, [m(4)])).toBe(false);
    expect(leavesGap(3, [m(6)])).toBe(true);
    expect(leavesGap(3, [m(2)])).toBe(false);
  });

  it("reads a frame's messages together, in any order: only a number none of them fills is a gap", () => {
    expect(leavesGap(3, [m(5), m(4), m(6)])).toBe(false);
    expect(leavesGap(3, [m(4), m(6)])).toBe(true);
    expect(leavesGap(3, [m(3), m(4)])).toBe(false);
    expect(leavesGap(3, [])).toBe(false);
  });
});
