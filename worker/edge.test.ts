/**
 * The edge check: `wrangler deploy --dry-run` bundles the worker as it would ship, and `wrangler dev`
 * runs that worker in workerd. Run with `npm run test:edge`; it needs no network and no SPA build.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upgradeStatus } from "../party/testing/rooms-process";
import {
  signedDelivery,
  stripeEvent,
  TEST_STRIPE_SECRET_KEY,
  TEST_STRIPE_WEBHOOK_SECRET,
} from "./testing/stripe-stand-in";
import { staticAssetHeadersFile, THEME_SCRIPT_HASH } from "./http/security-headers";

const root = fileURLToPath(new URL("..", import.meta.url));
const wrangler = join(root, "node_modules/.bin/wrangler");

// Vitest sets NODE_ENV=test, and wrangler would bake it into the bundle as process.env.NODE_ENV.
const { NODE_ENV: _vitestNodeEnv, ...inheritedEnv } = process.env;
const env = { ...inheritedEnv, WRANGLER_SEND_METRICS: "false" };

let work: string;
let assets: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "crewboard-edge-"));
  // A stand-in for the SPA build (dist/), so the check depends on the worker alone.
  assets = join(work, "assets");
  await mkdir(assets);
  await writeFile(join(assets, "index.html"), "<!doctype html><title>Crewboard edge check</title>\n");
  // What `vite build` writes beside the pages: Workers Static Assets applies it before the Worker runs.
  await writeFile(join(assets, "_headers"), staticAssetHeadersFile("127.0.0.1:1999"));
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe("wrangler deploy --dry-run", () => {
  it("bundles the worker", async () => {
    const outdir = join(work, "bundle");
    await promisify(execFile)(wrangler, ["deploy", "--dry-run", "--outdir", outdir, "--assets", assets], {
      cwd: root,
      env,
    });
    const bundle = await readFile(join(outdir, "index.js"));
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    const gzip = gzipSync(bundle).length;
    console.log(`worker bundle: ${kib(bundle.length)} raw, ${kib(gzip)} gzip`);
    // A module worker: Cloudflare calls the default export's fetch.
    expect(bundle.toString("utf8")).toMatch(/export\s*\{[^}]*\bas default\b[^}]*\}|export default\b/);
    // Workers on the free plan take at most 3 MiB compressed.
    expect(gzip).toBeLessThan(3 * 1024 * 1024);
  });
});

describe("wrangler dev (workerd)", () => {
  let dev: ChildProcess | undefined;
  let log = "";
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dev = spawn(
      wrangler,
      [
        "dev",
        "--local",
        "--ip",
        "127.0.0.1",
        "--port",
        String(port),
        "--assets",
        assets,
        "--persist-to",
        join(work, "state"),
        "--show-interactive-dev-session=false",
        "--var",
        "PARTY_SECRET:edge-check-secret",
        "--var",
        `APP_URL:${base}`,
        // Never dialled: health and the origin check answer before the database is touched.
        "--var",
        "LIBSQL_URL:http://127.0.0.1:9",
        "--var",
        `STRIPE_SECRET_KEY:${TEST_STRIPE_SECRET_KEY}`,
        "--var",
        `STRIPE_WEBHOOK_SECRET:${TEST_STRIPE_WEBHOOK_SECRET}`,
        "--var",
        "APP_URL:https://crewboard.example",
      ],
      // Its own process group, so one signal reaches wrangler and the workerd processes it starts.
      { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true },
    );
    dev.stdout?.on("data", (chunk) => (log += chunk));
    dev.stderr?.on("data", (chunk) => (log += chunk));
    await waitUntilAnswering(`${base}/api/health`, dev, () => log);
  });

  afterAll(async () => {
    if (dev) await stopGroup(dev);
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

  it("checks Stripe's webhook signatures with Web Crypto: a signed event is taken, a forged one refused", async () => {
    // An event type the webhook ignores: it answers without touching the database.
    const event = stripeEvent("customer.created", { id: "cus_edge", object: "customer" });
    const post = (signature: string) =>
      fetch(`${base}/api/stripe/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: JSON.stringify(event),
      });
    expect((await post(signedDelivery(event).signature)).status).toBe(200);
    expect((await post(signedDelivery(event, "whsec_forged").signature)).status).toBe(400);
  });

  it("sends the security headers with pages, and no referrer from the verification page", async () => {
    const page = await fetch(`${base}/projects/some-id`, { headers: { "Sec-Fetch-Mode": "navigate" } });
    expectSecurityHeaders(page);
    expect(page.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const verify = await fetch(`${base}/auth/verify?token=secret`, { headers: { "Sec-Fetch-Mode": "navigate" } });
    expect(await verify.text()).toContain("Crewboard edge check");
    expectSecurityHeaders(verify);
    expect(verify.headers.get("Referrer-Policy")).toBe("no-referrer");
  });

  it("sends the security headers with API answers, which no cache may keep", async () => {
    const res = await fetch(`${base}/api/health`);
    expectSecurityHeaders(res);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("hands client routes to the SPA", async () => {
    const res = await fetch(`${base}/projects/some-id`, { headers: { "Sec-Fetch-Mode": "navigate" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Crewboard edge check");
  });
});

function expectSecurityHeaders(response: Response) {
  const csp = response.headers.get("Content-Security-Policy")!;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain(`script-src 'self' '${THEME_SCRIPT_HASH}'`);
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`wrangler dev exited before answering:\n${log()}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`wrangler dev did not answer ${url} within 90 s:\n${log()}`);
}

async function stopGroup(child: ChildProcess) {
  const exited = new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
  );
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Nothing of the group is left.
    }
  };
  signalGroup("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  // workerd can outlive a wrangler that died or hung.
  signalGroup("SIGKILL");
}
