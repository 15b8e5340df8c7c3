import { describe, expect, it } from "vitest";
import { callHistoryLine, formatCallDuration } from "./call-rules";

describe("a call's line in the history", () => {
  it("gives an answered call its kind and length", () => {
    expect(callHistoryLine({ kind: "video", outcome: "completed", durationMs: 751_400 })).toBe("Video call · 12:31");
    expect(callHistoryLine({ kind: "voice", outcome: "completed", durationMs: 4_000 })).toBe("Voice call · 0:04");
  });

  it("calls every other end a missed call, whatever the reason", () => {
    for (const outcome of ["declined", "no-answer", "cancelled"] as const) {
      expect(callHistoryLine({ kind: "voice", outcome, durationMs: 0 })).toBe("Missed voice call");
      expect(callHistoryLine({ kind: "video", outcome, durationMs: 0 })).toBe("Missed video call");
    }
  });

  it("writes lengths as m:ss, and h:mm:ss past the hour", () => {
    expect(formatCallDuration(0)).toBe("0:00");
    expect(formatCallDuration(59_999)).toBe("0:59");
    expect(formatCallDuration(60_000)).toBe("1:00");
    expect(formatCallDuration(3_725_000)).toBe("1:02:05");
    expect(formatCallDuration(-5)).toBe("0:00");
  });
});
