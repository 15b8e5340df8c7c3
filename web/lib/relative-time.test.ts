import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const now = Date.UTC(2026, 10, 30, 12, 0, 0);
const at = (ms: number) => relativeTime(new Date(now + ms), now);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("relativeTime", () => {
  it("says how long ago in words, singular and plural", () => {
    expect(at(-30_000)).toBe("Just now");
    expect(at(-MINUTE)).toBe("1 minute ago");
    expect(at(-5 * MINUTE)).toBe("5 minutes ago");
    expect(at(-HOUR)).toBe("1 hour ago");
    expect(at(-23 * HOUR)).toBe("23 hours ago");
    expect(at(-DAY)).toBe("yesterday");
    expect(at(-3 * DAY)).toBe("3 days ago");
  });

  it("says what is ahead too", () => {
    expect(at(2 * MINUTE)).toBe("in 2 minutes");
    expect(at(DAY)).toBe("tomorrow");
  });

  it("gives the date once it is a week old or more", () => {
    expect(at(-8 * DAY)).toBe(
      new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" }).format(now - 8 * DAY),
    );
  });
});
