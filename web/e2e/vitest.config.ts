import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Browser tests: `npm run test:e2e` builds the SPA first. Each file starts its own server and
 * Chromium; files run one after another because two of them would starve a 2-core machine.
 */
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["web/e2e/**/*.e2e.ts"],
    fileParallelism: false,
    maxWorkers: 1,
    // A test's first use of the file fixtures includes starting the server and the browser.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
