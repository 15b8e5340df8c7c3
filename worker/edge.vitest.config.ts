import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The edge check runs apart from `npm test`: it drives wrangler, workerd and whole hosts, which take
 * seconds each. Its two files (the Worker, the Node host) run side by side.
 */
export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    include: ["worker/edge.test.ts", "worker/node.journey.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
