import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{db,worker,party,web}/**/*.test.{ts,tsx}"],
    // The edge check has its own run: `npm run test:edge`.
    exclude: ["web/e2e/**", "worker/edge.test.ts", "worker/node.journey.test.ts", "node_modules/**"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
