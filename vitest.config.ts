import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts", "scripts/**/*.test.ts"],
    // PGlite needs a few seconds to start a database.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
