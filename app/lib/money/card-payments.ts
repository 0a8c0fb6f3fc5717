import type { JobStatus } from "../business-enums";
import { formatCents } from "./money";

/*
 * Card money as Stripe moved it (issue 44, decision 0050): each payment and refund is a row
 * of its own, and a job's balance is what its price asks less what came in, plus what went
 * back. A payment is recorded as what it is, never silently as "paid" for the current price.
 */

/** What a card payment was, decided when it arrived (in the job's locked transaction). */
export const PAYMENT_VERDICTS = [
  /** For the job's current price, as the only payment: all is well. */
  "for_price",
  /** For a price the job no longer has (a session made before the price changed). */
  "old_amount",
  /** For a job that was cancelled (or reopened) after the session was made. */
  "cancelled_job",
  /** A second payment for a job already paid in full: refunded automatically. */
  "duplicate",
] as const;
export type PaymentVerdict = (typeof PAYMENT_VERDICTS)[number];

export const CARD_MONEY_KINDS = ["payment", "refund"] as const;
export type CardMoneyKind = (typeof CARD_MONEY_KINDS)[number];

/** A refund is asked of Stripe first; "pending" until Stripe says it went through. */
export const REFUND_STATES = ["pending", "succeeded", "failed"] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export interface JobForPayment {
  /** A job that is not completed asks for nothing. */
  status: JobStatus;
  finalPriceCents: number | null;
  priceVersion: number;
}

/** What the job's price asks of the customer now: nothing unless completed. */
export function priceDueCents(job: Pick<JobForPayment, "status" | "finalPriceCents">): number {
  return job.status === "completed" ? (job.finalPriceCents ?? 0) : 0;
}

/**
 * The verdict on a payment arriving for a session made at `sessionVersion` for
 * `amountCents`, when the job had already kept `netPaidCents` (payments less refunds). A
 * session for what was left after an earlier payment (the price raised with the customer's
 * approval, say) is for the price when it settles the balance exactly.
 */
export function paymentVerdict(
  job: JobForPayment,
  session: { priceVersion: number; amountCents: number },
  netPaidCents: number,
): PaymentVerdict {
  if (job.status !== "completed") return "cancelled_job";
  const due = priceDueCents(job);
  if (netPaidCents >= due && netPaidCents > 0) return "duplicate";
  if (session.priceVersion !== job.priceVersion || session.amountCents !== due - netPaidCents) {
    return "old_amount";
  }
  return "for_price";
}

export interface CardMoneyRow {
  kind: CardMoneyKind;
  amountCents: number;
  /** Refunds only. */
  refundState?: RefundState | null;
}

export interface JobBalance {
  priceCents: number;
  /** Card payments, and plan instalments paid in cash or by check (decision 0065). */
  paidCents: number;
  /** Refunds Stripe made, and those still on their way. */
  refundedCents: number;
  refundPendingCents: number;
  /** Price − payments + refunds: above 0 the customer owes, below 0 we owe them. */
  balanceCents: number;
}

/**
 * The job's balance from its card rows and the plan instalments paid in cash or by check (a
 * failed refund gives nothing back). Money is money: a card payment on top of cash is as
 * much over the price as one on top of a card payment.
 */
export function jobBalance(
  job: Pick<JobForPayment, "status" | "finalPriceCents"> & { planCashCents?: number },
  rows: readonly CardMoneyRow[],
): JobBalance {
  let paidCents = job.planCashCents ?? 0;
  let refundedCents = 0;
  let refundPendingCents = 0;
  for (const row of rows) {
    if (row.kind === "payment") paidCents += row.amountCents;
    else if (row.refundState === "succeeded") refundedCents += row.amountCents;
    else if (row.refundState === "pending") refundPendingCents += row.amountCents;
  }
  const priceCents = priceDueCents(job);
  return {
    priceCents,
    paidCents,
    refundedCents: refundedCents + refundPendingCents,
    refundPendingCents,
    balanceCents: priceCents - paidCents + refundedCents + refundPendingCents,
  };
}

/** The office's sentence for a payment that needs a decision (null: nothing to decide). */
export function paymentAlert(verdict: PaymentVerdict, amountCents: number): string | null {
  const amount = formatCents(amountCents);
  switch (verdict) {
    case "for_price":
      return null;
    case "old_amount":
      return `The customer paid ${amount}, an amount the job no longer has: check the balance and refund what is over.`;
    case "cancelled_job":
      return `The customer paid ${amount} for a job that is not completed: refund it, or complete the job.`;
    case "duplicate":
      return `The customer paid ${amount} a second time: it is refunded automatically.`;
  }
}

/** The office's one-tap button when the customer paid more than the job asks. */
export const refundButton = (cents: number) => `Refund ${formatCents(cents)}`;

/** The balance line on the job view and the customer's page. */
export function balanceLine(balance: JobBalance): string {
  if (balance.balanceCents > 0) return `Balance due: ${formatCents(balance.balanceCents)}`;
  if (balance.balanceCents < 0) {
    return `Paid ${formatCents(-balance.balanceCents)} more than the price: a refund is due`;
  }
  if (balance.refundPendingCents > 0) {
    return `Refund on its way: ${formatCents(balance.refundPendingCents)}`;
  }
  return balance.paidCents > 0 ? "Paid in full" : "Nothing due";
}
