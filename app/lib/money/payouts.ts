/*
 * Paying locksmiths: what a payout covers and whether its amount adds up. Money is integer
 * cents (decision 0007). A payout settles the completed jobs it covers; its amount is their
 * cuts' sum, unless it is marked partial (less than the sum: the rest stays owed).
 */

import type { SettlementDirection } from "./collection";

export const PAYOUT_METHODS = ["cash", "check", "zelle", "bank_transfer", "other"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  cash: "Cash",
  check: "Check",
  zelle: "Zelle",
  bank_transfer: "Bank transfer",
  other: "Other",
};

/** One locksmith's line on Payouts: the period's work and pay, and the balance now. */
export interface LocksmithMoney {
  locksmithId: string;
  name: string;
  /** Completed in the period. */
  jobs: number;
  totalCents: number;
  theirCutCents: number;
  yourCutCents: number;
  /** Paid out to the locksmith in the period. */
  paidCents: number;
  /** The locksmith's cut of the period's jobs the business collected: the business owes it. */
  businessOwesCents: number;
  /** The business's cut of the period's jobs the locksmith collected: the locksmith owes it. */
  locksmithOwesCents: number;
  /** Paid by the locksmith to the business in the period. */
  paidByCents: number;
  /**
   * The locksmith's cut of the period's pay-link jobs not paid yet (decision 0050): owed to
   * nobody until the card money comes, so not in the balance and not offered for payout.
   */
  awaitingPaymentCents: number;
  /** The net now, all periods together: positive, the business owes; negative, the locksmith does. */
  owedCents: number;
}

/** A payout as the Payouts page and the statement list it. */
export interface PayoutRow {
  id: string;
  locksmithId: string;
  locksmithName: string;
  amountCents: number;
  paidOn: string;
  method: PayoutMethod;
  reference: string | null;
  partial: boolean;
  direction: SettlementDirection;
  jobs: number;
}

export interface OwedJob {
  id: string;
  theirCutCents: number;
}

/**
 * What Record payout opens with: the oldest jobs whose cuts fit in what is owed, and their
 * sum as the amount, so the defaults are a payout the server accepts (a full payment of the
 * jobs chosen, no more than owed). Nothing fits: no jobs and no amount.
 */
export function payoutDefaults<J extends OwedJob>(
  oldestFirst: readonly J[],
  owedCents: number,
): { jobs: J[]; amountCents: number | null } {
  const jobs = jobsCoveredBy(oldestFirst, Math.max(owedCents, 0));
  const amountCents = jobs.reduce((sum, job) => sum + job.theirCutCents, 0);
  return { jobs, amountCents: amountCents > 0 ? amountCents : null };
}

/** The jobs an amount pays for, oldest first, while their cuts fit in it. */
export function jobsCoveredBy<J extends OwedJob>(
  oldestFirst: readonly J[],
  amountCents: number,
): J[] {
  const covered: J[] = [];
  let left = amountCents;
  for (const job of oldestFirst) {
    if (job.theirCutCents > left) break;
    covered.push(job);
    left -= job.theirCutCents;
  }
  return covered;
}

export const PAYOUT_RULE = {
  positive: "Enter an amount above $0.00",
  overOwed: (owed: string) => `That is more than is owed (${owed})`,
  notTheSum: (sum: string) =>
    `The jobs chosen come to ${sum}: pay that, choose other jobs, or mark it as a partial payment`,
  overLocksmithOwes: (owed: string) => `That is more than the locksmith owes (${owed})`,
  locksmithOwesNothing: "The locksmith owes the business nothing now",
  partialTooMuch: (sum: string) =>
    `A partial payment is less than the jobs it covers (${sum}); otherwise it is a full one`,
} as const;

/**
 * What is wrong with a payment from the locksmith (decision 0031): more than zero, and no
 * more than they owe the business on balance (the net's negative side).
 */
export function paymentFromLocksmithProblem(
  amountCents: number,
  netCents: number,
  format: (cents: number) => string,
): string | undefined {
  if (amountCents <= 0) return PAYOUT_RULE.positive;
  if (netCents >= 0) return PAYOUT_RULE.locksmithOwesNothing;
  if (amountCents > -netCents) return PAYOUT_RULE.overLocksmithOwes(format(-netCents));
  return undefined;
}

/** What is wrong with a payout's amount, and on which field, or undefined. */
export function payoutProblem(payout: {
  amountCents: number;
  partial: boolean;
  coveredCents: number;
  owedCents: number;
  format: (cents: number) => string;
}): string | undefined {
  const { amountCents, partial, coveredCents, owedCents, format } = payout;
  if (amountCents <= 0) return PAYOUT_RULE.positive;
  if (amountCents > owedCents) return PAYOUT_RULE.overOwed(format(owedCents));
  if (!partial && amountCents !== coveredCents) return PAYOUT_RULE.notTheSum(format(coveredCents));
  if (partial && coveredCents > 0 && amountCents >= coveredCents) {
    return PAYOUT_RULE.partialTooMuch(format(coveredCents));
  }
  return undefined;
}
