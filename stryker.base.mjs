// What every part of `npm run mutate` shares (decision 0061).
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutate.config.ts", related: true },
  coverageAnalysis: "perTest",
  // The machine is shared: one test process; the script runs under `nice`.
  concurrency: 1,
  incremental: true,
  reporters: ["clear-text", "progress", "html", "json"],
  thresholds: { high: 90, low: 85, break: null },
  // Added to a test run's own time: a mutant looping forever (a code generator's while) is cut short.
  timeoutMS: 10_000,
  tempDirName: "reports/mutation/.sandbox",
  cleanTempDir: "always",
};
