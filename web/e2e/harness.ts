import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { test as base } from "vitest";
import { fakeMediaArgs, launchChromium, launchHeadlessShell } from "@testing/chromium";
import { TEST_PASSWORD_HASH_LOG2_N } from "@testing/password-cost";
import { startHost, type RunningHost } from "@testing/host";

const ARTIFACTS = fileURLToPath(new URL("../../.e2e-artifacts", import.meta.url));
/** Long enough for a cold page on a busy 2-core machine, short enough to fail before the test does. */
export const ACTION_TIMEOUT_MS = 10_000;

/**
 * Every test signs up from 127.0.0.1; the real limits would refuse a whole file's worth. Passwords
 * are hashed at the tests' cost (testing/password-cost.ts).
 */
export const E2E_ENV = {
  RATE_LIMIT_SIGNUP_PER_IP: "10000",
  RATE_LIMIT_SIGNIN_PER_IP: "10000",
  PASSWORD_HASH_LOG2_N: TEST_PASSWORD_HASH_LOG2_N,
};

/**
 * The spec's stock project photos live on a host this machine cannot reach: every page fails it at
 * once (TEST_ARGS), as it does for a member offline, and the card shows its gradient instead.
 */
export const STOCK_PHOTO_HOST = "images.unsplash.com";

/**
 * V8's optimizing tiers (Maglev, TurboFan) compile code that a test's page runs for seconds at most:
 * capped at Sparkplug, the renderers spent a fifth less CPU on the same tests, and the browser stage
 * is bound by CPU. The benchmarks launch Chromium as members run it (testing/chromium.ts).
 */
const TEST_ARGS = [
  "--js-flags=--max-opt=1",
  // The stock photos' host fails at once, on any machine whatever its resolver does. A route
  // answering for it would turn on request interception, which also turns off the HTTP cache: every
  // request of the context's pages would pass through the test process, and each reload would fetch
  // and compile the app's code again (twice the time, three times the CPU). Only that host: a call's
  // peers reach each other by mDNS names that a wider rule would break.
  `--host-resolver-rules=MAP ${STOCK_PHOTO_HOST} ~NOTFOUND`,
];

const slug = (text: string) =>
  text
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);

/**
 * The browser-test fixtures. Per worker: one host (rooms included, as `npm start` runs them) on its
 * own database and one Chromium, shared by every file that worker runs; each test makes its own
 * members, so none depends on another's data. Files whose subject is the host's configuration take
 * `ownHostTest` instead (their first line says why). Per test: fresh browser contexts, closed
 * afterwards, photographed first when it failed.
 */
export const test = base
  .extend("sharedHost", { scope: "worker" }, async ({}, { onCleanup }) => {
    const app = await startHost({ needsBuild: true, env: E2E_ENV, rooms: true });
    onCleanup(() => app.stop());
    return app;
  })
  .extend("sharedBrowser", { scope: "worker" }, async ({}, { onCleanup }) => {
    const browser = await launchHeadlessShell(TEST_ARGS);
    onCleanup(() => browser.close());
    return browser;
  })
  .extend("app", { scope: "file" }, async ({ sharedHost }): Promise<RunningHost> => sharedHost)
  .extend("browser", { scope: "file" }, async ({ sharedBrowser }): Promise<Browser> => sharedBrowser)
  /**
   * The service worker is push.e2e.ts's subject, which allows it; elsewhere it is blocked, since it
   * would answer requests a test routes (Playwright cannot route what a service worker serves).
   */
  .extend("serviceWorkers", { scope: "file" }, async (): Promise<"allow" | "block"> => "block")
  /**
   * Opens a page in a new context: another person, or the same one on another device (a phone's
   * screen and touch, say, as `options` describe it).
   */
  .extend("newPage", ({ app, browser, serviceWorkers, task }, { onCleanup }) => {
    const contexts: BrowserContext[] = [];
    onCleanup(async () => {
      try {
        if (task.result?.state === "fail") {
          const dir = join(ARTIFACTS, basename(task.file.name, ".e2e.ts"));
          mkdirSync(dir, { recursive: true });
          const name = slug(task.name);
          writeFileSync(join(dir, `${name}.server.log`), app.output());
          // A page too busy to be photographed is no reason to keep it: allSettled, then close.
          const pages = contexts.flatMap((context) => context.pages());
          await Promise.allSettled(
            pages.map((page, i) => page.screenshot({ path: join(dir, `${name}-${i + 1}.png`), fullPage: true })),
          );
        }
      } finally {
        // A failed test's pages left open (four call pages with cameras, say) would starve every
        // test after it on the same worker.
        await Promise.all(contexts.map((context) => context.close()));
      }
    });
    return async (options: BrowserContextOptions = {}): Promise<Page> => {
      const context = await browser.newContext({ ...options, baseURL: app.url, serviceWorkers });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      contexts.push(context);
      return context.newPage();
    };
  })
  .extend("page", async ({ newPage }) => newPage());

/** A host of the file's own, configured by `appEnv` (a file overrides it to reach its stand-ins). */
const withOwnHost = (rooms: boolean) =>
  test
    .extend("appEnv", { scope: "file" }, async (): Promise<Record<string, string>> => ({}))
    .extend("app", { scope: "file" }, async ({ appEnv }, { onCleanup }) => {
      const app = await startHost({ needsBuild: true, env: { ...E2E_ENV, ...appEnv }, rooms });
      onCleanup(() => app.stop());
      return app;
    });

export const ownHostTest = withOwnHost(false);
/** The same, with the chat rooms running, as `npm start` runs them. */
export const ownLiveHostTest = withOwnHost(true);

/** A live host of the file's own, and a browser of its own, launched as `launch` says. */
const withBrowser = (launch: () => Promise<Browser>) =>
  ownLiveHostTest.extend("browser", { scope: "file" }, async ({}, { onCleanup }) => {
    const browser = await launch();
    onCleanup(() => browser.close());
    return browser;
  });

/** Full Chromium (push.e2e.ts: its installability verdict, its push subscription; testing/chromium.ts). */
export const fullChromiumTest = withBrowser(() => launchChromium(TEST_ARGS));
/** The headless shell with a camera and a microphone (calls.e2e.ts, group-calls.e2e.ts). */
export const mediaTest = withBrowser(() => launchHeadlessShell([...TEST_ARGS, ...fakeMediaArgs()]));
