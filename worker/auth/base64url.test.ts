import { describe, expect, it } from "vitest";
import { toBase64Url } from "./base64url";

describe("toBase64Url", () => {
  it("uses the URL-safe alphabet and drops the padding", () => {
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe("-_8");
    expect(toBase64Url(new Uint8Array([]))).toBe("");
  });

  it("agrees with Node's base64url for every length of a 32-byte token and less", () => {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    for (let n = 0; n <= bytes.length; n++) {
      expect(toBase64Url(bytes.subarray(0, n))).toBe(Buffer.from(bytes.subarray(0, n)).toString("base64url"));
    }
  });
});
