import { defineConfig } from "vitest/config";

/**
 * Every test layer is a project, told apart by where its files sit and how they are named:
 * `npm test` runs unit and rooms; the others have scripts of their own (README "Scripts").
 */
const shared = { resolve: { tsconfigPaths: true } };
/** Each run's temporary files live in a folder of its own, removed at the end (testing/temp-root.ts). */
const globalSetup = ["testing/temp-root.ts"];
/** The browser-test layer's settings, shared by its two projects (below). */
const browserTests = {
  globalSetup,
  include: ["web/e2e/**/*.e2e.ts"],
  isolate: false,
  maxWorkers: 2,
  // A ceiling, not a wait: a test that scans a dozen pages on a busy 2-core machine, or starts a
  // host of its own, can take more than a minute.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // A poll waits for what a member would see as long as a Playwright action does (ACTION_TIMEOUT_MS
  // in web/e2e/harness.ts), not vitest's default second, which a busy machine can outlast.
  expect: { poll: { timeout: 10_000 } },
};
const CALLS = "web/e2e/{calls,group-calls}.e2e.ts";

/**
 * One worker per core: vitest would leave one of two cores to itself. Its timeouts are ceilings for
 * a test that hangs, not budgets: with both cores busy the slowest property tests take tens of seconds.
 */
const bothCores = { maxWorkers: 2, testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    teardownTimeout: 30_000,
    projects: [
      {
        ...shared,
        // The files of a worker share their modules (`isolate: false`): importing the app afresh for
        // each file was a third of this layer's time. Each file builds its own app and database; a
        // test that mocks a module imports its subjects afresh itself (auth.test.ts).
        test: {
          name: "unit",
          globalSetup,
          include: ["{build,core,db,worker,web,testing}/**/*.test.{ts,tsx}"],
          isolate: false,
          ...bothCores,
        },
      },
      {
        ...shared,
        // The rooms in workerd with real sockets, and the wire protocol they speak.
        test: {
          name: "rooms",
          globalSetup,
          include: ["party/**/*.test.ts"],
          ...bothCores,
        },
      },
      {
        ...shared,
        // The real multi-process host driven over HTTP by many members at once.
        test: {
          name: "concurrency",
          globalSetup,
          include: ["worker/concurrency/**/*.concurrency.ts"],
          // Two files at once, one per core: a host of four serving processes left a fifth of the
          // machine idle, and what these prove (exact counts, no 5xx) must hold under more load.
          maxWorkers: 2,
          testTimeout: 120_000,
          hookTimeout: 90_000,
        },
      },
      {
        ...shared,
        // The member journey through the Worker in workerd and through the Node host, side by side.
        test: {
          name: "edge",
          globalSetup,
          include: ["worker/**/*.journey.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        ...shared,
        // Browser tests; `npm run test:e2e` builds the SPA first. Each worker starts one host and one
        // Chromium on its first test and keeps them for every file it runs (web/e2e/harness.ts),
        // which needs the files of a worker to share its module state: `isolate: false`.
        test: { ...browserTests, name: "e2e", exclude: [CALLS], sequence: { groupOrder: 0 } },
      },
      {
        ...shared,
        // The calls, after every other browser test and one file at a time: call pages with fake
        // cameras take both cores, and a page timed beside them (even another call file's) went
        // 10 s without an animation frame.
        test: {
          ...browserTests,
          name: "e2e-calls",
          include: [CALLS],
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
