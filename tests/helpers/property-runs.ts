/*
 * How many random runs a model or property test makes (fast-check's `numRuns`). Each run of
 * the suite draws new seeds, so a smaller number every time still explores new sequences
 * run after run, and the fixed `examples` (the paths that once broke) always run first.
 * `PROPERTY_RUNS=deep` runs each test's full count: before a change to a rule the models
 * check lands, or on a machine with time to spare (decision 0076).
 */
const EVERYDAY_SHARE = 0.4;

export function propertyRuns(deep: number): number {
  if (process.env.PROPERTY_RUNS === "deep") return deep;
  return Math.max(10, Math.round(deep * EVERYDAY_SHARE));
}
