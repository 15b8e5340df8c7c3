import { describe, expect, it } from "vitest";
import { oneOf, returnPath } from "./search";

describe("returnPath", () => {
  it.each(["/pricing", "/payment-success?session_id=cs_test_1", "/", "/my-projects?category=Mobile%20Apps"])(
    "keeps the site's own path %s",
    (path) => {
      expect(returnPath(path)).toBe(path);
    },
  );

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/pricing\\..\\\\evil.example",
    " //evil.example",
    "javascript:alert(1)",
    "https://evil.example/pricing",
    "pricing",
    "",
    42,
    null,
    `/${"x".repeat(200)}`,
  ])("drops %j, which could lead off the site", (value) => {
    expect(returnPath(value)).toBeUndefined();
  });
});

describe("oneOf", () => {
  const STATUSES = ["open", "dismissed", "actioned"] as const;

  it("keeps a value of the list, and turns anything else into undefined", () => {
    expect(oneOf(STATUSES, "dismissed")).toBe("dismissed");
    for (const junk of ["Dismissed", "", "open ", 1, null, undefined, ["open"], { status: "open" }]) {
      expect(oneOf(STATUSES, junk)).toBeUndefined();
    }
  });
});
