import { PAYOUT_METHODS, PAYOUT_METHOD_LABELS, type PayoutMethod } from "../money/payouts";
import { necDue, necThreshold } from "./threshold";

/*
 * Which payouts count toward a locksmith's 1099-NEC (decision 0070). Box 1 reports what the
 * business paid for their work by cash, check or a transfer between bank accounts. Payments
 * made by card or through a payment app (a third party settlement organization: PayPal,
 * Venmo, Cash App) are reported on Form 1099-K by the processor and are left off the 1099-NEC
 * (Instructions for Forms 1099-MISC and 1099-NEC, "Form 1099-K"): they are counted apart.
 *
 * Zelle moves money from one bank account to another and is not a payment settlement
 * entity (it files no 1099-K): it counts, like a bank transfer. "Other" is how the business
 * records a payment app (the demo's "Venmo", "Cash App" references) or a card: counted apart,
 * and the year-end page says to look at it.
 */
export const COUNTS_TOWARD_NEC: Record<PayoutMethod, boolean> = {
  cash: true,
  check: true,
  bank_transfer: true,
  zelle: true,
  other: false,
};

export const NEC_METHODS = PAYOUT_METHODS.filter((method) => COUNTS_TOWARD_NEC[method]);
export const APART_METHODS = PAYOUT_METHODS.filter((method) => !COUNTS_TOWARD_NEC[method]);

/** "Cash, Check, Zelle and Bank transfer". */
export function methodList(methods: readonly PayoutMethod[]): string {
  const labels = methods.map((method) => PAYOUT_METHOD_LABELS[method]);
  return labels.length < 2
    ? (labels[0] ?? "")
    : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

export interface YearOfPayouts {
  /** Paid to the locksmith in the year, by method, in cents (payouts not undone). */
  byMethod: Partial<Record<PayoutMethod, number>>;
}

export interface NecStanding {
  countedCents: number;
  apartCents: number;
  thresholdCents: number;
  due: boolean;
}

/** A locksmith's year: what counts toward the 1099-NEC, what is apart, and whether one is due. */
export function necStanding(payouts: YearOfPayouts, year: number): NecStanding {
  let countedCents = 0;
  let apartCents = 0;
  for (const method of PAYOUT_METHODS) {
    const cents = payouts.byMethod[method] ?? 0;
    if (COUNTS_TOWARD_NEC[method]) countedCents += cents;
    else apartCents += cents;
  }
  return {
    countedCents,
    apartCents,
    thresholdCents: necThreshold(year).cents,
    due: necDue(countedCents, year),
  };
}
