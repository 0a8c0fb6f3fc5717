import type { KnipConfig } from "knip";

/** Unused files, exports and dependencies fail `npm run lint`. */
const config: KnipConfig = {
  // Islands are entries of the client build (vite-plugins/islands.ts finds them by folder);
  // the browser tests' seed runs as a script (tests/e2e/support/site-server.ts).
  entry: [
    "scripts/*.ts",
    "scripts/bench/*.ts",
    "app/islands/entries/*.ts",
    "tests/e2e/fixtures/seed.ts",
    // Spawned by path as a second process (sender-crash.server.test.ts).
    "tests/helpers/sender-child.ts",
  ],
  project: [
    "app/**/*.{ts,tsx,css}",
    "http/**/*.ts",
    "scripts/**/*.ts",
    "tests/**/*.ts",
    "vite-plugins/**/*.ts",
  ],
  // Loaded by name as a pino transport, on a thread of its own (app/server/logger.server.ts).
  ignoreDependencies: ["pino-pretty"],
  // A system tool a test runs (coreutils), not a package.
  ignoreBinaries: ["mkfifo"],
  // The mutation testing parts (decision 0061): knip's Stryker plugin reads their runners.
  stryker: { config: ["stryker.*.config.mjs"] },
  // An export a module also uses itself is its API, not dead code.
  ignoreExportsUsedInFile: true,
  // Follow app.css's @imports (Tailwind), as the knip documentation shows.
  compilers: {
    css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join("\n"),
  },
};

export default config;
