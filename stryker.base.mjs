// What every part of `npm run mutate` shares (decision 0061).
const shared = {
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

/** One part: the files it mutates; its tests are vitest.mutate.config.ts's list of that name. */
export function mutationPart(name, mutate) {
  process.env.MUTATE_TESTS = name;
  return {
    ...shared,
    mutate,
    incrementalFile: `reports/mutation/${name}-incremental.json`,
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
  };
}
