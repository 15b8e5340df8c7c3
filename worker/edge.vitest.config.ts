import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** The edge check runs apart from `npm test`: it drives wrangler and workerd, which take seconds each. */
export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    include: ["worker/edge.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
