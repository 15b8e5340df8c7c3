import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{db,worker,party,web}/**/*.test.{ts,tsx}"],
    exclude: ["web/e2e/**", "node_modules/**"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
