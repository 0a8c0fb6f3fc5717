import { defineConfig } from "vitest/config";

/*
 * Vitest for mutation runs (`npm run mutate`, decision 0061): only the tests of the modules
 * Stryker mutates, on PGlite alone (PostgreSQL would double every run for the same code
 * paths; the ordinary `npm test` keeps both). MUTATE_TESTS picks the part's tests.
 */
const PARTS: Record<string, string[]> = {
  lib: ["app/lib/dispatch/*.test.ts", "app/lib/money/*.test.ts", "app/lib/night-watch/*.test.ts"],
  server: [
    "app/server/dispatch/assignments.server.test.ts",
    "app/server/dispatch/dispatch.server.test.ts",
    "app/server/background/timers.server.test.ts",
    "app/server/background/claims.server.test.ts",
    "app/server/night-watch/auto-offers.server.test.ts",
  ],
};

const part = process.env.MUTATE_TESTS ?? "lib";
delete process.env.TEST_DATABASE_URL;

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: PARTS[part] ?? [],
    globalSetup: ["tests/helpers/database-templates.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: "silent", PASSWORD_HASH_COST: "test" },
  },
});
