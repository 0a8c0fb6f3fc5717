import { defineConfig } from "vitest/config";

/** Files that read their process's state from scratch (its threads), so run in a fresh one. */
const ISOLATED = ["app/server/auth/hashing-lanes.server.test.ts"];

/**
 * The app's logs would bury the test report; LOG_LEVEL=info shows them. Cheap password hashes
 * (refused outside NODE_ENV=test, which Vitest sets): hundreds of sign-ups and sign-ins would
 * otherwise hash for minutes.
 */
const TEST_ENV = { LOG_LEVEL: process.env.LOG_LEVEL ?? "silent", PASSWORD_HASH_COST: "test" };

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Migrates a PGlite and a PostgreSQL template once; each suite starts from a copy.
    globalSetup: ["tests/helpers/database-templates.ts"],
    // PGlite needs a few seconds to start a database.
    testTimeout: 30_000,
    env: TEST_ENV,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: ONE on a 2-core machine, where
    // most files wait on a database or a server rather than a core.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    // One process per worker, not per file: each file re-importing the server's modules cost
    // 190 s of a run's worker time (26 s without). Tests leave no state behind them; a file
    // that needs a process of its own is in the "isolated" project.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "http/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "scripts/**/*.test.ts",
            "vite-plugins/**/*.test.ts",
          ],
          exclude: ISOLATED,
        },
      },
      {
        // Not `extends`: it needs neither the database templates nor the settings above.
        resolve: { tsconfigPaths: true },
        test: { name: "isolated", include: ISOLATED, isolate: true, env: TEST_ENV },
      },
      {
        extends: true,
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          // The site every file's server copies (owner, fixture rows, demo data), made once.
          globalSetup: [
            "tests/helpers/database-templates.ts",
            "tests/http/support/site-template.ts",
          ],
          // A file's first test also waits for its server: 10-30 s on a busy 2-core machine.
          testTimeout: 120_000,
        },
      },
    ],
  },
});
