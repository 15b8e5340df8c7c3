import { describe, expect, it } from "vitest";
import { wireMessage } from "../testing/wire-message";
import { changesHeldUpTo, sequenceTracker } from "./wire";

const m = (seq: number) => wireMessage(seq);

describe("sequenceTracker", () => {
  it("sees a gap when a message skips a number, and not once the number comes", () => {
    const seen = sequenceTracker(3);
    expect(seen.add([m(4)])).toBe(false);
    expect(seen.add([m(6)])).toBe(true);
    expect(seen.caughtUpTo).toBe(4);
    expect(seen.add([m(2)])).toBe(true);
    expect(seen.add([m(5)])).toBe(false);
    expect(seen.caughtUpTo).toBe(6);
  });

  it("reads a frame's messages together, in any order: only a number none of them fills is a gap", () => {
    expect(sequenceTracker(3).add([m(5), m(4), m(6)])).toBe(false);
    expect(sequenceTracker(3).add([m(4), m(6)])).toBe(true);
    expect(sequenceTracker(3).add([m(3), m(4)])).toBe(false);
    expect(sequenceTracker(3).add([])).toBe(false);
  });

  it("keeps asking from before the gap, not from the newest held, until a page the server answered fills it", () => {
    const seen = sequenceTracker(0);
    expect(seen.add([m(2)])).toBe(true);
    expect(seen.add([m(3)])).toBe(true);
    // A catch-up asks for what follows 0, and gets 1 to 3.
    expect(seen.caughtUpTo).toBe(0);
    seen.complete([m(1), m(2), m(3)]);
    expect(seen.caughtUpTo).toBe(3);
    expect(seen.add([m(4)])).toBe(false);
  });

  it("takes a page the server answered as complete, past numbers this member may never see", () => {
    const seen = sequenceTracker(10);
    expect(seen.add([m(13)])).toBe(true);
    seen.complete([m(13)]);
    expect(seen.caughtUpTo).toBe(13);
    expect(seen.add([m(14)])).toBe(false);
    seen.complete([]);
    expect(seen.caughtUpTo).toBe(14);
  });
});

describe("changesHeldUpTo", () => {
  const c = (...numbers: number[]) => numbers.map((changeSeq) => ({ changeSeq }));

  it("moves over consecutive change numbers, in any order within a frame, and stops before a missing one", () => {
    expect(changesHeldUpTo(4, c(5, 6))).toBe(6);
    expect(changesHeldUpTo(4, c(6, 5))).toBe(6);
    expect(changesHeldUpTo(4, c(6, 7))).toBe(4);
    expect(changesHeldUpTo(4, c(3, 4))).toBe(4);
    expect(changesHeldUpTo(4, [])).toBe(4);
  });
});
