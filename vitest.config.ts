import { defineConfig } from "vitest/config";

/**
 * Every test layer is a project, told apart by where its files sit and how they are named:
 * `npm test` runs unit and rooms; the others have scripts of their own (README "Scripts").
 */
const shared = { resolve: { tsconfigPaths: true } };
/** Each of these files starts whole hosts or a browser, and two at once would starve 2 cores. */
const oneFileAtATime = { fileParallelism: false, maxWorkers: 1 };

export default defineConfig({
  test: {
    teardownTimeout: 30_000,
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["{core,db,worker,web,testing}/**/*.test.{ts,tsx}"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...shared,
        // The rooms in workerd with real sockets, and the wire protocol they speak.
        test: { name: "rooms", include: ["party/**/*.test.ts"], testTimeout: 20_000, hookTimeout: 60_000 },
      },
      {
        ...shared,
        // The real multi-process host driven over HTTP by many members at once.
        test: {
          name: "concurrency",
          include: ["worker/concurrency/**/*.concurrency.ts"],
          ...oneFileAtATime,
          testTimeout: 120_000,
          hookTimeout: 90_000,
        },
      },
      {
        ...shared,
        // The member journey through the Worker in workerd and through the Node host, side by side.
        test: { name: "edge", include: ["worker/**/*.journey.ts"], testTimeout: 30_000, hookTimeout: 120_000 },
      },
      {
        ...shared,
        // Browser tests; `npm run test:e2e` builds the SPA first. A test's first use of the file
        // fixtures includes starting the server and the browser.
        test: {
          name: "e2e",
          include: ["web/e2e/**/*.e2e.ts"],
          ...oneFileAtATime,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
