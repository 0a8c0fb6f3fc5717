/*
 * Who took the customer's money (issue 29, decision 0031). On a job the business collected
 * (a pay link, the office's card terminal) the business owes the locksmith their cut; on a
 * job the locksmith collected (cash, their own card reader, a check made out to them) the
 * locksmith owes the business its cut. A locksmith's balance nets both directions.
 */

export const CUSTOMER_PAYMENT_METHODS = ["cash", "card_on_site", "check", "pay_link"] as const;
export type CustomerPaymentMethod = (typeof CUSTOMER_PAYMENT_METHODS)[number];

export const CUSTOMER_PAYMENT_LABELS: Record<CustomerPaymentMethod, string> = {
  cash: "Cash",
  card_on_site: "Card on site",
  check: "Check",
  pay_link: "Pay link",
};

export const COLLECTORS = ["locksmith", "business"] as const;
export type Collector = (typeof COLLECTORS)[number];

export const COLLECTOR_LABELS: Record<Collector, string> = {
  locksmith: "The locksmith",
  business: "The business",
};

/** Which way settlements move money. */
export const SETTLEMENT_DIRECTIONS = ["to_locksmith", "from_locksmith"] as const;
export type SettlementDirection = (typeof SETTLEMENT_DIRECTIONS)[number];

export const SETTLEMENT_DIRECTION_LABELS: Record<SettlementDirection, string> = {
  to_locksmith: "Paid to the locksmith",
  from_locksmith: "Paid by the locksmith",
};

/** One completed job as the ledger sees it. */
export interface CollectedJob {
  collectedBy: Collector;
  theirCutCents: number;
  yourCutCents: number;
}

/**
 * What one job moves on the locksmith's balance, seen from the business: positive = the
 * business owes the locksmith (their cut of money the business holds), negative = the
 * locksmith owes the business (its cut of money the locksmith holds).
 */
export function jobBalanceCents(job: CollectedJob): number {
  return job.collectedBy === "business" ? job.theirCutCents : -job.yourCutCents;
}

export interface Settlement {
  direction: SettlementDirection;
  amountCents: number;
}

export interface NetBalance {
  /** Cuts of money the business holds: what the business owes the locksmith, before payments. */
  businessOwesCents: number;
  /** Cuts of money the locksmith holds: what the locksmith owes the business, before payments. */
  locksmithOwesCents: number;
  paidToLocksmithCents: number;
  paidByLocksmithCents: number;
  /** Positive: the business owes the locksmith this much now; negative: the locksmith owes. */
  netCents: number;
}

/** A locksmith's balance from scratch: their jobs both ways, less payments both ways. */
export function netBalance(
  jobs: readonly CollectedJob[],
  settlements: readonly Settlement[],
): NetBalance {
  let businessOwesCents = 0;
  let locksmithOwesCents = 0;
  for (const job of jobs) {
    if (job.collectedBy === "business") businessOwesCents += job.theirCutCents;
    else locksmithOwesCents += job.yourCutCents;
  }
  let paidToLocksmithCents = 0;
  let paidByLocksmithCents = 0;
  for (const settlement of settlements) {
    if (settlement.direction === "to_locksmith") paidToLocksmithCents += settlement.amountCents;
    else paidByLocksmithCents += settlement.amountCents;
  }
  return {
    businessOwesCents,
    locksmithOwesCents,
    paidToLocksmithCents,
    paidByLocksmithCents,
    netCents: businessOwesCents - locksmithOwesCents - paidToLocksmithCents + paidByLocksmithCents,
  };
}

/** "The business owes $12.00", "The locksmith owes $30.00", "Settled". */
export function describeNet(netCents: number, format: (cents: number) => string): string {
  if (netCents > 0) return `The business owes ${format(netCents)}`;
  if (netCents < 0) return `The locksmith owes ${format(-netCents)}`;
  return "Settled";
}
