import { expect, it } from "vitest";
import {
  COLLECTOR_LABELS,
  COLLECTORS,
  CUSTOMER_PAYMENT_LABELS,
  CUSTOMER_PAYMENT_METHODS,
  describeNet,
  jobBalanceCents,
  netBalance,
  SETTLEMENT_DIRECTION_LABELS,
  SETTLEMENT_DIRECTIONS,
} from "./collection";
import { formatCents } from "./money";

it("moves a job's cut the way the money went", () => {
  // $200 at 60%: the locksmith's cut $120, the business's $80.
  const job = { theirCutCents: 12_000, yourCutCents: 8_000 };
  expect(jobBalanceCents({ ...job, collectedBy: "business" })).toBe(12_000);
  expect(jobBalanceCents({ ...job, collectedBy: "locksmith" })).toBe(-8_000);
});

it("nets both directions and the payments both ways", () => {
  const jobs = [
    { collectedBy: "business" as const, theirCutCents: 12_000, yourCutCents: 8_000 },
    { collectedBy: "locksmith" as const, theirCutCents: 6_000, yourCutCents: 4_000 },
    { collectedBy: "locksmith" as const, theirCutCents: 9_000, yourCutCents: 11_000 },
  ];
  expect(netBalance(jobs, [])).toEqual({
    businessOwesCents: 12_000,
    locksmithOwesCents: 15_000,
    paidToLocksmithCents: 0,
    paidByLocksmithCents: 0,
    netCents: -3_000,
  });
  const settled = netBalance(jobs, [{ direction: "from_locksmith", amountCents: 3_000 }]);
  expect(settled.netCents).toBe(0);
  const overpaid = netBalance(jobs, [
    { direction: "from_locksmith", amountCents: 3_000 },
    { direction: "to_locksmith", amountCents: 500 },
  ]);
  expect(overpaid).toMatchObject({ paidToLocksmithCents: 500, netCents: -500 });
  expect(netBalance([], [])).toMatchObject({ netCents: 0 });
});

it("says the net in words", () => {
  expect(describeNet(1_200, formatCents)).toBe("The business owes $12.00");
  expect(describeNet(-3_000, formatCents)).toBe("The locksmith owes $30.00");
  expect(describeNet(0, formatCents)).toBe("Settled");
});

it("names every way a customer pays, who collected and which way a settlement went", () => {
  for (const method of CUSTOMER_PAYMENT_METHODS)
    expect(CUSTOMER_PAYMENT_LABELS[method]).toMatch(/\w/);
  for (const collector of COLLECTORS) expect(COLLECTOR_LABELS[collector]).toMatch(/\w/);
  for (const direction of SETTLEMENT_DIRECTIONS) {
    expect(SETTLEMENT_DIRECTION_LABELS[direction]).toMatch(/\w/);
  }
});
