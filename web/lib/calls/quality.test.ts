import { describe, expect, it } from "vitest";
import { readQuality } from "./quality";

/** A stats report as getStats gives it: a map of stats by id. */
const report = (...stats: Record<string, unknown>[]) =>
  new Map(stats.map((stat, i) => [String(i), stat])) as unknown as RTCStatsReport;
const pair = (rtt: number) => ({ type: "candidate-pair", nominated: true, currentRoundTripTime: rtt });
const inbound = (received: number, lost: number) => ({
  type: "inbound-rtp",
  packetsReceived: received,
  packetsLost: lost,
});
const start = { received: 0, lost: 0 };

describe("a connection's quality, from its statistics", () => {
  it("is good on a quick path that loses nothing", () => {
    expect(readQuality(report(pair(0.05), inbound(500, 0), inbound(300, 0)), start)).toEqual({
      poor: false,
      totals: { received: 800, lost: 0 },
    });
  });

  it("is poor when the round trip is slow", () => {
    expect(readQuality(report(pair(0.6), inbound(500, 0)), start).poor).toBe(true);
  });

  it("is poor when more than 5% of the packets since the last look were lost, whatever came before", () => {
    const before = { received: 10_000, lost: 0 };
    expect(readQuality(report(pair(0.05), inbound(10_090, 10)), before).poor).toBe(true);
    expect(readQuality(report(pair(0.05), inbound(10_097, 3)), before).poor).toBe(false);
    // A long good past does not hide a bad moment, nor a bad past a good moment.
    expect(readQuality(report(pair(0.05), inbound(10_100, 900)), { received: 10_000, lost: 900 }).poor).toBe(false);
  });
});
