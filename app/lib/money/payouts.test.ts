import { describe, expect, it } from "vitest";
import { formatCents } from "./money";
import {
  jobsCoveredBy,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  PAYOUT_RULE,
  payoutDefaults,
  paymentFromLocksmithProblem,
  payoutProblem,
} from "./payouts";

const jobs = [
  { id: "a", theirCutCents: 6_000 },
  { id: "b", theirCutCents: 4_500 },
  { id: "c", theirCutCents: 9_000 },
];

it("pre-selects the oldest jobs whose cuts fit in the amount", () => {
  expect(jobsCoveredBy(jobs, 10_500).map((job) => job.id)).toEqual(["a", "b"]);
  expect(jobsCoveredBy(jobs, 10_499).map((job) => job.id)).toEqual(["a"]);
  expect(jobsCoveredBy(jobs, 0)).toEqual([]);
  expect(jobsCoveredBy(jobs, 100_000)).toHaveLength(3);
});

it("checks the amount against the jobs and what is owed", () => {
  const check = (amountCents: number, partial: boolean, coveredCents: number) =>
    payoutProblem({ amountCents, partial, coveredCents, owedCents: 19_500, format: formatCents });
  expect(check(10_500, false, 10_500)).toBeUndefined();
  expect(check(0, false, 0)).toBe(PAYOUT_RULE.positive);
  expect(check(-100, true, 0)).toBe(PAYOUT_RULE.positive);
  expect(check(19_501, false, 19_501)).toBe(PAYOUT_RULE.overOwed("$195.00"));
  // Exactly what is owed is paid in full.
  expect(check(19_500, false, 19_500)).toBeUndefined();
  expect(check(10_000, false, 10_500)).toBe(PAYOUT_RULE.notTheSum("$105.00"));
  // Partial: less than the jobs it covers, the rest stays owed.
  expect(check(10_000, true, 10_500)).toBeUndefined();
  expect(check(10_500, true, 10_500)).toBe(PAYOUT_RULE.partialTooMuch("$105.00"));
  // Paying down what a partial payment left: no jobs, marked partial.
  expect(check(500, true, 0)).toBeUndefined();
  expect(check(500, false, 0)).toBe(PAYOUT_RULE.notTheSum("$0.00"));
});

describe("payoutDefaults", () => {
  const jobs = [
    { id: "a", theirCutCents: 30_300 },
    { id: "b", theirCutCents: 111_000 },
    { id: "c", theirCutCents: 20_000 },
  ];
  it("opens with the oldest jobs that fit in what is owed and exactly their sum, which payoutProblem accepts", () => {
    // Owed $1,265 net (a cash job took some off): today's dialog opened with $1,265 and $303
    // of jobs, a payout it then refused.
    const defaults = payoutDefaults(jobs, 126_500);
    expect(defaults).toEqual({ jobs: [jobs[0]], amountCents: 30_300 });
    expect(
      payoutProblem({
        amountCents: defaults.amountCents!,
        partial: false,
        coveredCents: 30_300,
        owedCents: 126_500,
        format: String,
      }),
    ).toBeUndefined();
    expect(payoutDefaults(jobs, 200_000).amountCents).toBe(161_300);
    expect(payoutDefaults(jobs, 10_000)).toEqual({ jobs: [], amountCents: null });
    expect(payoutDefaults(jobs, -5_000)).toEqual({ jobs: [], amountCents: null });
  });
});

it("takes a payment from the locksmith only for what they owe the business on balance", () => {
  const check = (amountCents: number, netCents: number) =>
    paymentFromLocksmithProblem(amountCents, netCents, formatCents);
  // They owe $80.00 (the net is the business's side: negative, they owe).
  expect(check(8_000, -8_000)).toBeUndefined();
  expect(check(1, -8_000)).toBeUndefined();
  expect(check(8_001, -8_000)).toBe(PAYOUT_RULE.overLocksmithOwes("$80.00"));
  expect(check(0, -8_000)).toBe(PAYOUT_RULE.positive);
  expect(check(-500, -8_000)).toBe(PAYOUT_RULE.positive);
  // Owing nothing, or owed money themselves: nothing to take.
  expect(check(500, 0)).toBe(PAYOUT_RULE.locksmithOwesNothing);
  expect(check(500, 2_000)).toBe(PAYOUT_RULE.locksmithOwesNothing);
});

it("names every way of paying a locksmith", () => {
  for (const method of PAYOUT_METHODS) expect(PAYOUT_METHOD_LABELS[method]).toMatch(/\w/);
});
