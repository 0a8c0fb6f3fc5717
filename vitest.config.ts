import { configDefaults, defineConfig } from "vitest/config";

/**
 * Files that need a process of their own: one reads its threads from scratch; one hashes at
 * the full cost (tests/helpers/full-hash-cost.ts), which the server reads once per process,
 * and counts sign-in attempts against a per-address budget kept in memory.
 */
const ISOLATED = [
  "app/server/auth/hashing-lanes.server.test.ts",
  "app/server/auth/password.server.test.ts",
];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Migrates a PGlite and a PostgreSQL template once (the root project's run of it); each
    // suite starts from a copy.
    globalSetup: ["tests/helpers/database-templates.ts"],
    // PGlite needs a few seconds to start a database.
    testTimeout: 30_000,
    // The app's logs would bury the test report; LOG_LEVEL=info shows them. Cheap password
    // hashes (refused outside NODE_ENV=test, which Vitest sets): hundreds of sign-ups and
    // sign-ins would otherwise hash for minutes.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "silent", PASSWORD_HASH_COST: "test" },
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: ONE on a 2-core machine, where
    // most files wait on a database or a server rather than a core. Two left a quarter of the
    // two cores idle; three filled them (the whole run 555-640 s with two, 480 s with three,
    // 2026-12-03, docs/bench/0024).
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 3),
    // One process per worker, not per file: each file re-importing the server's modules cost
    // 190 s of a run's worker time (26 s without). A file whose process state another file
    // could change (or the reverse) needs a process of its own: the "isolated" project.
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
          exclude: [...configDefaults.exclude, ...ISOLATED],
        },
      },
      {
        extends: true,
        test: {
          name: "isolated",
          include: ISOLATED,
          isolate: true,
          // A full-cost hash (scrypt N=2^17, 128 MB) on the niced lane's threads: a second or
          // two alone, but 15 s while the machine is busy (a full run of 2026-11-30), and a
          // burst test waits for a dozen of them.
          testTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          // The site every file's server copies (owner, fixture rows, demo data), made once.
          // (The database templates come from the root config, as every project's do.)
          globalSetup: ["tests/http/support/site-template.ts"],
          // A file's first test also waits for its server: 10-30 s on a busy 2-core machine.
          testTimeout: 120_000,
        },
      },
    ],
  },
});
