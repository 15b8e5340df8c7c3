/**
 * The edge check (`npm run test:edge`): the Worker bundled as `wrangler deploy` ships it, then run in
 * workerd by wrangler's dev server with its rooms as Durable Objects, R2 avatars and a libSQL HTTP
 * stand-in for Turso, migrated by drizzle-kit as a deploy migrates it. A whole member journey runs
 * through it (the same script runs on the Node host: worker/node.journey.ts). Offline; no SPA
 * build needed.
 */
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIGEST_DELAY_MS } from "../core/notification-rules";
import { LONGEST_WINDOW_MS } from "./auth/rate-limit";
import { upgradeStatus } from "../testing/rooms-process";
import { buildWorkerBundle, kib, readWorkerBundle, WORKER_GZIP_BUDGET_BYTES } from "../scripts/edge-bundle";
import { DIGEST_SUBJECT } from "./notifications/digest-email";
import { THEME_SCRIPT_HASH } from "./http/security-headers";
import { addressOf, PRERENDERED_PAGES } from "./http/prerendered";
import { EDGE_PAGE_TITLE, edgePrerenderedTitle, startEdgeHost, type EdgeHost } from "../testing/edge-host";
import { memberJourney } from "../testing/journey";
import { startResendStandIn, type ResendStandIn } from "../testing/mail-stand-ins";
import { standInEnv, startStripeStandIn, type StripeStandIn } from "../testing/stripe-stand-in";

describe("wrangler deploy --dry-run", () => {
  it("bundles the worker as a module worker within the size budget", async () => {
    // CI bundles it once, in its deploy dry run, and every later stage reads that bundle.
    const bundle = process.env.PREBUILT ? await readWorkerBundle() : await buildWorkerBundle();
    console.log(`worker bundle: ${kib(bundle.rawBytes)} raw, ${kib(bundle.gzipBytes)} gzip`);
    // A module worker: Cloudflare calls the default export's fetch.
    expect(bundle.entry).toMatch(/export\s*\{[^}]*\bas default\b[^}]*\}|export default\b/);
    expect(bundle.gzipBytes).toBeLessThan(WORKER_GZIP_BUDGET_BYTES);
  });
});

describe("the Worker in workerd (wrangler dev)", () => {
  let stripe: StripeStandIn;
  let resend: ResendStandIn;
  let edge: EdgeHost;
  let base: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    resend = await startResendStandIn();
    edge = await startEdgeHost({ ...standInEnv(stripe), ...resend.env });
    base = edge.url;
  });

  afterAll(async () => {
    await edge?.stop();
    await resend?.close();
    await stripe?.close();
  });

  describe("a member's journey", () => {
    memberJourney(() => ({ ...edge, stripe, mail: resend }));

    it("went through the libSQL stand-in, not some other database", () => {
      expect(edge.database.pipelines()).toBeGreaterThan(0);
    });
  });

  it("serves no mailbox page: production, and e-mail leaves", async () => {
    const res = await fetch(`${base}/dev/mailbox`, { headers: { "Sec-Fetch-Mode": "navigate" } });
    expect(res.status).toBe(404);
  });

  it("runs its scheduled job on a Cron Trigger: what has expired goes, what is live stays", async () => {
    const db = createClient({ url: edge.database.url, authToken: edge.database.authToken });
    const now = Date.now();
    await db.execute({
      sql: "INSERT INTO rate_limits (key, window_start, count) VALUES ('edge:expired', ?, 1), ('edge:live', ?, 1)",
      args: [now - 2 * LONGEST_WINDOW_MS, now],
    });
    const res = await fetch(`${base}/__scheduled?cron=${encodeURIComponent("* * * * *")}`);
    expect(res.status).toBe(200);
    const left = await db.execute("SELECT key FROM rate_limits WHERE key LIKE 'edge:%' ORDER BY key");
    expect(left.rows.map((row) => row.key)).toEqual(["edge:live"]);
    db.close();
  });

  it("queues a digest on its Cron Trigger and sends it with List-Unsubscribe, whose one-click POST works", async () => {
    const db = createClient({ url: edge.database.url, authToken: edge.database.authToken });
    try {
      // The journey's two members, their addresses confirmed: one asked the other to be friends.
      const { rows } = await db.execute("SELECT id, email FROM users WHERE email_verified_at IS NOT NULL LIMIT 2");
      const [away, asking] = rows.map((row) => ({ id: String(row.id), email: String(row.email) }));
      await db.execute({
        sql: "INSERT INTO notifications (recipient_id, actor_id, kind, event_key, created_at) VALUES (?, ?, 'friend_request', ?, ?)",
        args: [away!.id, asking!.id, `edge-${Date.now()}`, Date.now() - DIGEST_DELAY_MS - 60_000],
      });
      expect((await fetch(`${base}/__scheduled?cron=${encodeURIComponent("* * * * *")}`)).status).toBe(200);
      const digest = resend.received.find((mail) => mail.to === away!.email && mail.subject === DIGEST_SUBJECT);
      expect(digest?.text).toContain("sent you a friend request");
      const oneClick = /^<(.+)>$/.exec(digest!.headers["list-unsubscribe"]!)![1]!;
      expect(oneClick.startsWith(`${base}/api/email/unsubscribe?`)).toBe(true);
      const response = await fetch(oneClick, { method: "POST", body: "List-Unsubscribe=One-Click" });
      expect(response.status).toBe(200);
      const choice = await db.execute({
        sql: "SELECT email FROM notification_preferences WHERE member_id = ? AND kind = 'friend_request'",
        args: [away!.id],
      });
      expect(choice.rows[0]?.email).toBe(0);
    } finally {
      db.close();
    }
  });

  it("answers health", async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("answers a tRPC call as the SPA's client sends it", async () => {
    const res = await fetch(`${base}/api/trpc/auth.providers`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: { data: { json: { google: false } } } });
  });

  it("refuses a state-changing request from another site", async () => {
    const res = await fetch(`${base}/api/trpc/auth.signIn`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ json: { email: "a@example.com", password: "x" } }),
    });
    expect(res.status).toBe(403);
  });

  it("serves the chat rooms, refusing a socket without a ticket before it reaches a room", async () => {
    expect(await upgradeStatus(new URL(base).host, "chat-room", "some-chat", null)).toBe(401);
    const notice = await fetch(`${base}/parties/chat-room/some-chat`, { method: "POST", body: "{}" });
    expect(notice.status).toBe(401);
  });

  it("sends the security headers with pages, and no referrer from the verification page", async () => {
    const page = await fetch(`${base}/projects/some-id`, { headers: { "Sec-Fetch-Mode": "navigate" } });
    expectSecurityHeaders(page);
    expect(page.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const verify = await fetch(`${base}/auth/verify?token=secret`, { headers: { "Sec-Fetch-Mode": "navigate" } });
    expect(await verify.text()).toContain(EDGE_PAGE_TITLE);
    expectSecurityHeaders(verify);
    expect(verify.headers.get("Referrer-Policy")).toBe("no-referrer");
  });

  it("sends the security headers with API answers, which no cache may keep", async () => {
    const res = await fetch(`${base}/api/health`);
    expectSecurityHeaders(res);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("serves the pages the build rendered ahead of time at exactly their paths, with the security headers", async () => {
    for (const prerendered of PRERENDERED_PAGES) {
      const page = await fetch(`${base}${addressOf(prerendered)}`, { headers: { "Sec-Fetch-Mode": "navigate" } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(edgePrerenderedTitle(prerendered.path));
      expectSecurityHeaders(page);
    }
    const other = await fetch(`${base}/pricing/elsewhere`, { headers: { "Sec-Fetch-Mode": "navigate" } });
    expect(await other.text()).toContain(EDGE_PAGE_TITLE);
  });

  it("hands client routes to the SPA", async () => {
    const res = await fetch(`${base}/projects/some-id`, { headers: { "Sec-Fetch-Mode": "navigate" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(EDGE_PAGE_TITLE);
  });
});

function expectSecurityHeaders(response: Response) {
  const csp = response.headers.get("Content-Security-Policy")!;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain(`script-src 'self' '${THEME_SCRIPT_HASH}'`);
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
}
