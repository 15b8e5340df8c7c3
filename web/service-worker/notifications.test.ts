import { describe, expect, it } from "vitest";
import { clickTarget, readPush, windowToUse } from "./notifications";

const ORIGIN = "https://crewboard.example.com";

describe("a push as the service worker shows it", () => {
  it("is the server's payload", () => {
    const payload = { title: "Ada", body: "Lunch?", url: "/chat/c1", tag: "chat:c1" };
    expect(readPush(JSON.stringify(payload))).toEqual(payload);
  });

  it("still shows something when the payload is missing or unreadable", () => {
    for (const data of [null, "not json", JSON.stringify({ title: 42 })]) {
      expect(readPush(data)).toMatchObject({ title: "Crewboard", url: "/" });
    }
  });
});

describe("a click on a notification", () => {
  it("opens the payload's page on the app's own origin, never another site", () => {
    expect(clickTarget("/chat/c1", ORIGIN)).toBe(`${ORIGIN}/chat/c1`);
    expect(clickTarget("https://evil.example/phish", ORIGIN)).toBe(`${ORIGIN}/`);
    expect(clickTarget("//evil.example/x", ORIGIN)).toBe(`${ORIGIN}/`);
    expect(clickTarget(undefined, ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it("brings the focused Crewboard window forward, else the first, else none (a new one opens)", () => {
    const other = { url: "https://elsewhere.example/", focused: true };
    const first = { url: `${ORIGIN}/friends`, focused: false };
    const focused = { url: `${ORIGIN}/dashboard`, focused: true };
    expect(windowToUse([other, first, focused], ORIGIN)).toBe(focused);
    expect(windowToUse([other, first], ORIGIN)).toBe(first);
    expect(windowToUse([other], ORIGIN)).toBeNull();
  });
});
