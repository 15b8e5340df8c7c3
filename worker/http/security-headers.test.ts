import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { avatarUrl, newAvatarKey } from "../storage/avatar-files";
import { createTestApp, TEST_ORIGIN, type TestApp } from "@testing/harness";
import { THEME_SCRIPT_HASH } from "./security-headers";
import { serveSpa } from "./spa";

const INDEX_HTML = fileURLToPath(new URL("../../web/index.html", import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const dist = mkdtempSync(join(tmpdir(), "crewboard-dist-"));
  writeFileSync(join(dist, "index.html"), readFileSync(INDEX_HTML));
  serveSpa(t.app, dist);
});

function expectSecurityHeaders(response: Response) {
  const csp = response.headers.get("Content-Security-Policy")!;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain(`script-src 'self' '${THEME_SCRIPT_HASH}'`);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
}

describe("security headers on the Node host", () => {
  it("every page carries the policy and a referrer policy", async () => {
    for (const path of ["/", "/auth", "/dashboard", "/no/such/page"]) {
      const response = await t.app.request(`${TEST_ORIGIN}${path}`);
      expect(response.status).toBe(200);
      expectSecurityHeaders(response);
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      // Plain http: HSTS would be ignored, and would pin a local install to https.
      expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    }
  });

  it("the verification page, whose address holds a token, sends no referrer", async () => {
    const response = await t.app.request(`${TEST_ORIGIN}/auth/verify?token=secret`);
    expectSecurityHeaders(response);
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
  });

  it("a member's own answers (auth.me and every tRPC answer) are never stored by a cache", async () => {
    const m = await t.member();
    const me = await m.request(`${TEST_ORIGIN}/api/trpc/auth.me`);
    expect(await me.text()).toContain(m.email);
    const list = await m.request(`${TEST_ORIGIN}/api/trpc/projects.list?input=${encodeURIComponent('{"json":{}}')}`);
    const refused = await t.browser().request(`${TEST_ORIGIN}/api/trpc/profiles.me`);
    expect(refused.status).toBe(401);
    for (const response of [me, list, refused, await t.app.request(`${TEST_ORIGIN}/api/health`)]) {
      expectSecurityHeaders(response);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("a public avatar keeps its long cache", async () => {
    const key = newAvatarKey("someone", "png");
    await t.avatars.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), "image/png");
    const response = await t.app.request(`${TEST_ORIGIN}${avatarUrl(key)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+, immutable$/);
    expectSecurityHeaders(response);
  });

  it("adds HSTS when the app is served over https", async () => {
    const secure = await createTestApp({ APP_URL: "https://crewboard.example.com" });
    const response = await secure.app.request("https://crewboard.example.com/api/health");
    expect(response.headers.get("Strict-Transport-Security")).toMatch(/^max-age=31536000/);
  });
});

describe("the theme script", () => {
  it("is the script whose hash the policy allows (change both together)", () => {
    const scripts = [...readFileSync(INDEX_HTML, "utf8").matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(`sha256-${createHash("sha256").update(scripts[0]![1]!).digest("base64")}`).toBe(THEME_SCRIPT_HASH);
  });
});
