import type { JobStatus } from "../business-enums";
import { chicagoDay } from "~/lib/time/chicago-period";
import type { RefundState } from "./card-payments";
import { formatCents } from "./money";

/*
 * Every dollar reconciles (issue 44, decision 0054): what Stripe says was paid and refunded
 * in a period, against the card money the jobs recorded (card_money), with every difference
 * named. Payments are matched on Stripe's payment intent (a charge names it; so does our
 * payment row), refunds on Stripe's refund id (or, for a refund Stripe never answered, on
 * the payment intent and amount). Both sides are read over the period widened by a margin,
 * so a payment Stripe dated on the 30th and we on the 1st is named as such, not twice missing.
 */

/** A succeeded charge at Stripe. */
export interface StripePayment {
  id: string;
  paymentIntent: string | null;
  amountCents: number;
  createdAt: Date;
}

/** A refund at Stripe (canceled counts as failed). */
export interface StripeRefundItem {
  id: string;
  paymentIntent: string | null;
  amountCents: number;
  state: RefundState;
  createdAt: Date;
}

/** A job that keeps more card money than its price asks (a refund due). */
export interface JobOverPrice {
  jobId: string;
  clientName: string;
  status: JobStatus;
  /** What it keeps beyond what its price asks now (0 unless completed). */
  overCents: number;
  /** Its first card payment in the period. */
  paidAt: Date;
}

export interface OurPayment {
  id: string;
  jobId: string;
  paymentIntent: string | null;
  amountCents: number;
  createdAt: Date;
}

export interface OurRefund {
  id: string;
  jobId: string;
  paymentIntent: string | null;
  refundId: string | null;
  amountCents: number;
  state: RefundState;
  createdAt: Date;
}

export interface Range {
  start: Date;
  end: Date;
}

/** What a reconciliation reads of Stripe at most, per list: beyond it, it says so. */
export const STRIPE_LIST_CAP = 10_000;

/** How far outside the period both sides are read, to tell a month's edge from a gap. */
export const RECONCILE_MARGIN_MS = 2 * 24 * 3_600_000;

export const DIFFERENCE_KINDS = [
  "stripe_only_payment",
  "ours_only_payment",
  "payment_amount",
  "stripe_only_refund",
  "ours_only_refund",
  "refund_amount",
  "refund_state",
  "cancelled_job",
  "over_price",
  "other_month",
] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

/** A difference's kind in a few words (the list's badge). */
export const DIFFERENCE_LABELS: Record<DifferenceKind, string> = {
  stripe_only_payment: "Payment only at Stripe",
  ours_only_payment: "Payment not at Stripe",
  payment_amount: "Amounts differ",
  stripe_only_refund: "Refund only at Stripe",
  ours_only_refund: "Refund not at Stripe",
  refund_amount: "Refund amounts differ",
  refund_state: "Refund state differs",
  cancelled_job: "Paid, job not completed",
  over_price: "Kept over the price",
  other_month: "Another month",
};

export interface Difference {
  kind: DifferenceKind;
  /** When it happened: Stripe's date when Stripe has it, else ours. */
  at: Date;
  stripeCents: number | null;
  oursCents: number | null;
  /** Stripe's charge or refund id, when Stripe has it. */
  stripeId: string | null;
  jobId: string | null;
  /** The job's client (filled in by the reader for the few jobs with a difference). */
  clientName: string | null;
  /** What the office reads. */
  text: string;
}

export interface SideTotals {
  payments: number;
  paidCents: number;
  refunds: number;
  /** Refunds made or on their way (not failed). */
  refundedCents: number;
  netCents: number;
}

export interface Reconciliation {
  stripe: SideTotals;
  ours: SideTotals;
  /** Payments and refunds found on both sides with the same amount. */
  matched: number;
  differences: Difference[];
}

export interface ReconcileInput {
  period: Range;
  stripe: { payments: readonly StripePayment[]; refunds: readonly StripeRefundItem[] };
  ours: {
    payments: readonly OurPayment[];
    refunds: readonly OurRefund[];
    /** Jobs paid in the period that keep more than their price asks. */
    overPrice: readonly JobOverPrice[];
  };
}

const DAY_FORMAT = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Chicago",
  month: "short",
  day: "numeric",
});

/** By milliseconds: comparing Dates themselves goes through ToPrimitive, 5x the cost here. */
const inPeriod = (at: Date, period: Range) => {
  const ms = at.getTime();
  return ms >= period.start.getTime() && ms < period.end.getTime();
};

function totals(
  payments: readonly { amountCents: number }[],
  refunds: readonly { amountCents: number; state: RefundState }[],
): SideTotals {
  const paidCents = payments.reduce((sum, one) => sum + one.amountCents, 0);
  const given = refunds.filter((one) => one.state !== "failed");
  const refundedCents = given.reduce((sum, one) => sum + one.amountCents, 0);
  return {
    payments: payments.length,
    paidCents,
    refunds: given.length,
    refundedCents,
    netCents: paidCents - refundedCents,
  };
}

const REFUND_STATE_WORDS: Record<RefundState, string> = {
  succeeded: "made",
  pending: "on its way",
  failed: "failed",
};

/** One payment or refund as each side has it; a side without it leaves it undefined. */
type Pair<Mine, Theirs> = [mine: Mine | undefined, theirs: Theirs | undefined];

/** Payments pair on the payment intent; ours no charge names come last, alone. */
function pairPayments(
  ours: readonly OurPayment[],
  theirs: readonly StripePayment[],
): Pair<OurPayment, StripePayment>[] {
  const ourByIntent = new Map<string, OurPayment>();
  for (const payment of ours) {
    if (payment.paymentIntent) ourByIntent.set(payment.paymentIntent, payment);
  }
  const seen = new Set<string>();
  const pairs: Pair<OurPayment, StripePayment>[] = theirs.map((charge) => {
    const mine = charge.paymentIntent ? ourByIntent.get(charge.paymentIntent) : undefined;
    if (mine) seen.add(mine.id);
    return [mine, charge];
  });
  for (const mine of ours) if (!seen.has(mine.id)) pairs.push([mine, undefined]);
  return pairs;
}

/** Refunds pair on Stripe's refund id; one Stripe never answered, on the intent and amount. */
function pairRefunds(
  ours: readonly OurRefund[],
  theirs: readonly StripeRefundItem[],
): Pair<OurRefund, StripeRefundItem>[] {
  const byId = new Map(theirs.map((refund) => [refund.id, refund]));
  const used = new Set<string>();
  const pairs: Pair<OurRefund, StripeRefundItem>[] = [];
  const unanswered: OurRefund[] = [];
  for (const mine of ours) {
    const match = mine.refundId ? byId.get(mine.refundId) : undefined;
    if (match) {
      used.add(match.id);
      pairs.push([mine, match]);
    } else if (!mine.refundId) unanswered.push(mine);
    else pairs.push([mine, undefined]);
  }
  for (const mine of unanswered) {
    const match = theirs.find(
      (one) =>
        !used.has(one.id) &&
        one.paymentIntent === mine.paymentIntent &&
        one.amountCents === mine.amountCents,
    );
    if (match) used.add(match.id);
    pairs.push([mine, match]);
  }
  for (const one of theirs) if (!used.has(one.id)) pairs.push([undefined, one]);
  return pairs;
}

interface Money {
  amountCents: number;
  createdAt: Date;
  /** A refund's state; a payment has none. */
  state?: RefundState;
}

/** How each kind of money is named, and what is said when one side lacks it. */
const MONEY_WORDS = {
  payment: {
    noun: "payment",
    kinds: {
      stripeOnly: "stripe_only_payment",
      oursOnly: "ours_only_payment",
      amount: "payment_amount",
    },
    oursOnly: (cents: string) => `The job recorded a payment of ${cents} Stripe does not have.`,
    amount: (theirs: string, mine: string) =>
      `The amounts differ: Stripe has ${theirs}, the job ${mine}.`,
  },
  refund: {
    noun: "refund",
    kinds: {
      stripeOnly: "stripe_only_refund",
      oursOnly: "ours_only_refund",
      amount: "refund_amount",
    },
    oursOnly: (cents: string, mine: { refundId?: string | null }) =>
      mine.refundId
        ? `The job recorded a refund of ${cents} Stripe does not have.`
        : `A refund of ${cents} was asked of Stripe and never made: it is still owed to the customer.`,
    amount: (theirs: string, mine: string) =>
      `The refund amounts differ: Stripe has ${theirs}, the job ${mine}.`,
  },
} as const;

/**
 * What one pair says: nothing when neither side dates it in the period or a failed refund has
 * no counterpart, "matched" when both agree, else the difference.
 */
function compare<Mine extends Money & { jobId: string; refundId?: string | null }>(
  money: keyof typeof MONEY_WORDS,
  [mine, theirs]: Pair<Mine, Money & { id: string }>,
  period: Range,
): Difference | "matched" | undefined {
  const stripeIn = theirs ? inPeriod(theirs.createdAt, period) : false;
  const oursIn = mine ? inPeriod(mine.createdAt, period) : false;
  if (!stripeIn && !oursIn) return undefined;
  const words = MONEY_WORDS[money];
  const base = {
    at: theirs?.createdAt ?? mine!.createdAt,
    stripeCents: theirs?.amountCents ?? null,
    oursCents: mine?.amountCents ?? null,
    stripeId: theirs?.id ?? null,
    jobId: mine?.jobId ?? null,
    clientName: null,
  };
  if (!mine) {
    if (theirs!.state === "failed") return undefined;
    return {
      ...base,
      kind: words.kinds.stripeOnly,
      text: `Stripe has a ${words.noun} of ${formatCents(theirs!.amountCents)} we have no record of.`,
    };
  }
  if (!theirs) {
    if (mine.state === "failed") return undefined;
    return {
      ...base,
      kind: words.kinds.oursOnly,
      text: words.oursOnly(formatCents(mine.amountCents), mine),
    };
  }
  if (mine.amountCents !== theirs.amountCents) {
    return {
      ...base,
      kind: words.kinds.amount,
      text: words.amount(formatCents(theirs.amountCents), formatCents(mine.amountCents)),
    };
  }
  if (mine.state !== theirs.state) {
    return {
      ...base,
      kind: "refund_state",
      text: `A refund of ${formatCents(theirs.amountCents)} is ${REFUND_STATE_WORDS[theirs.state!]} at Stripe but ${REFUND_STATE_WORDS[mine.state!]} on the job.`,
    };
  }
  if (stripeIn !== oursIn) {
    return {
      ...base,
      kind: "other_month",
      text: `A ${words.noun} of ${formatCents(theirs.amountCents)} Stripe dates ${DAY_FORMAT.format(theirs.createdAt)} and the job ${DAY_FORMAT.format(mine.createdAt)}: it counts in a different month on each side.`,
    };
  }
  return "matched";
}

/** Matches the two sides of a period and names every difference, oldest first. */
export function reconcile({ period, stripe, ours }: ReconcileInput): Reconciliation {
  const differences: Difference[] = [];
  let matched = 0;
  const outcomes = [
    ...pairPayments(ours.payments, stripe.payments).map((pair) => compare("payment", pair, period)),
    ...pairRefunds(ours.refunds, stripe.refunds).map((pair) => compare("refund", pair, period)),
  ];
  for (const outcome of outcomes) {
    if (outcome === "matched") matched++;
    else if (outcome) differences.push(outcome);
  }

  // The jobs paid in the period: money kept on a cancelled job, or over a completed one's price.
  for (const job of ours.overPrice) {
    if (job.overCents <= 0) continue;
    differences.push({
      kind: job.status === "completed" ? "over_price" : "cancelled_job",
      at: job.paidAt,
      stripeCents: null,
      oursCents: job.overCents,
      stripeId: null,
      jobId: job.jobId,
      clientName: job.clientName,
      text:
        job.status === "completed"
          ? `The job keeps ${formatCents(job.overCents)} more than its price: refund it or keep it on the Jobs page.`
          : `Paid on a job that is ${job.status === "cancelled" ? "cancelled" : "not completed"}: ${formatCents(job.overCents)} kept, not refunded.`,
    });
  }

  differences.sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    stripe: totals(
      stripe.payments.filter((one) => inPeriod(one.createdAt, period)),
      stripe.refunds.filter((one) => inPeriod(one.createdAt, period)),
    ),
    ours: totals(
      ours.payments.filter((one) => inPeriod(one.createdAt, period)),
      ours.refunds.filter((one) => inPeriod(one.createdAt, period)),
    ),
    matched,
    differences,
  };
}

/** The range both sides are read over: the period and its margin. */
export function readWindow(period: Range): Range {
  return {
    start: new Date(period.start.getTime() - RECONCILE_MARGIN_MS),
    end: new Date(period.end.getTime() + RECONCILE_MARGIN_MS),
  };
}

/** A month as "YYYY-MM", or undefined for anything else (years 2000 to 2100). */
export function parseMonth(
  text: string | null | undefined,
): { year: number; month: number } | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(text ?? "");
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < 2000 || year > 2100 || month < 1 || month > 12) return undefined;
  return { year, month };
}

export function formatMonth({ year, month }: { year: number; month: number }): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}

export function addMonths(
  { year, month }: { year: number; month: number },
  months: number,
): { year: number; month: number } {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The month a URL asks for (`?month=YYYY-MM`), else the current one in Chicago. */
export function requestedMonth(
  search: URLSearchParams,
  now: Date,
): { year: number; month: number } {
  const asked = parseMonth(search.get("month"));
  if (asked) return asked;
  const { year, month } = chicagoDay(now);
  return { year, month };
}
