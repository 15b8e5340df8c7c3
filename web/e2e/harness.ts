/**
 * The browser-test fixtures. Per file: one server on its own database and one Chromium. Per test:
 * fresh browser contexts (no shared cookies), closed afterwards, photographed first when it failed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { test as base } from "vitest";
import { FAKE_MEDIA_ARGS, launchChromium } from "@testing/chromium";
import { startHost, type HostOptions } from "@testing/host";

const ARTIFACTS = fileURLToPath(new URL("../../.e2e-artifacts", import.meta.url));
/** Long enough for a cold page on a busy 2-core machine, short enough to fail before the test does. */
export const ACTION_TIMEOUT_MS = 10_000;

/** Every test signs up from 127.0.0.1; the real limits would refuse a whole file's worth. */
export const E2E_ENV = { RATE_LIMIT_SIGNUP_PER_IP: "10000", RATE_LIMIT_SIGNIN_PER_IP: "10000" };

const slug = (text: string) =>
  text
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);

const testWith = ({ chromiumArgs = [], ...options }: Pick<HostOptions, "rooms"> & { chromiumArgs?: string[] }) =>
  base
    /** Outside configuration for the file's server; a file overrides it to reach its stand-ins. */
    .extend("appEnv", { scope: "file" }, async (): Promise<Record<string, string>> => ({}))
    /**
     * The service worker is push.e2e.ts's subject, which allows it; elsewhere it is blocked, since it
     * would answer requests a test routes (Playwright cannot route what a service worker serves).
     */
    .extend("serviceWorkers", { scope: "file" }, async (): Promise<"allow" | "block"> => "block")
    .extend("app", { scope: "file" }, async ({ appEnv }, { onCleanup }) => {
      const app = await startHost({ needsBuild: true, env: { ...E2E_ENV, ...appEnv }, ...options });
      onCleanup(() => app.stop());
      return app;
    })
    .extend("browser", { scope: "file" }, async ({}, { onCleanup }) => {
      const browser = await launchChromium(chromiumArgs);
      onCleanup(() => browser.close());
      return browser;
    })
    /** Opens a page in a new context: another person, or the same one on another device. */
    .extend("newPage", ({ app, browser, serviceWorkers, task }, { onCleanup }) => {
      const contexts: BrowserContext[] = [];
      onCleanup(async () => {
        if (task.result?.state === "fail") {
          const dir = join(ARTIFACTS, basename(task.file.name, ".e2e.ts"));
          mkdirSync(dir, { recursive: true });
          const name = slug(task.name);
          const pages = contexts.flatMap((context) => context.pages());
          await Promise.all(
            pages.map((page, i) => page.screenshot({ path: join(dir, `${name}-${i + 1}.png`), fullPage: true })),
          );
          writeFileSync(join(dir, `${name}.server.log`), app.output());
        }
        await Promise.all(contexts.map((context) => context.close()));
      });
      return async (): Promise<Page> => {
        const context = await browser.newContext({ baseURL: app.url, serviceWorkers });
        context.setDefaultTimeout(ACTION_TIMEOUT_MS);
        contexts.push(context);
        return context.newPage();
      };
    })
    .extend("page", async ({ newPage }) => newPage());

export const test = testWith({});
/** The same, with the chat rooms running, as `npm start` runs them. */
export const liveTest = testWith({ rooms: true });
/** With the rooms, and a browser that has a camera and a microphone (web/e2e/calls.e2e.ts). */
export const mediaTest = testWith({ rooms: true, chromiumArgs: FAKE_MEDIA_ARGS });
