import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Concurrency tests: the real multi-process host (as `npm start` runs it) driven over HTTP by many
 * members at once. One file at a time: each starts its own host, and two would share 2 cores.
 */
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["worker/concurrency/**/*.concurrency.ts"],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 90_000,
  },
});
