import type { ServiceType } from "../business-enums";
import type { QuoteLineKind } from "./line-kinds";
import { formatCents } from "./money";
import { formatRange, unusualPrice, type PriceRange } from "./price-list";

/*
 * The honest price (issue 29, decision 0031): the locksmith quotes on site before any work,
 * the customer approves it, and the final price may not exceed the approved quote. A quote
 * outside the service's usual range (Settings → Prices) needs a reason the customer sees; a
 * new quote after one was approved needs a reason too (why the price goes up).
 */

/** The most a quote or final price can be: $100,000 (the job page's limit). */
export const QUOTE_MAX_CENTS = 10_000_000;
/** Line items a quote may list (the job page shows this many rows). */
export const QUOTE_MAX_LINES = 4;
export const QUOTE_REASON_MAX = 300;

/**
 * "held": beyond the sanity bounds, waiting for the office's confirmation before the customer
 * sees it; "rejected": the office did not confirm it (with a reason the locksmith sees).
 */
export const QUOTE_STATES = [
  "pending",
  "approved",
  "declined",
  "superseded",
  "held",
  "rejected",
] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/**
 * How a customer approved: on their own page, or in person with the one-time code texted to
 * their phone. "in_person" (a name typed on the locksmith's screen) is no longer offered
 * (issue 44): it stays for the quotes approved that way before.
 */
export const APPROVAL_WAYS = [
  "customer_page",
  "in_person",
  "customer_code",
  "customer_signature",
] as const;
export type ApprovalWay = (typeof APPROVAL_WAYS)[number];

export const APPROVAL_WAY_LABELS: Record<ApprovalWay, string> = {
  customer_page: "approved on their phone",
  in_person: "approved in person",
  customer_code: "approved in person with the code texted to the customer",
  customer_signature: "approved by signature on the locksmith's device",
};

export interface QuoteLine {
  label: string;
  cents: number;
  /** What the line is for (issue 45); lines kept before kinds have none: work, or a discount. */
  kind?: QuoteLineKind;
}

/** A quote as the pages show it (the locksmith's, the customer's, the receipt). */
export interface QuoteView {
  id: string;
  amountCents: number;
  lines: QuoteLine[] | null;
  reason: string | null;
  state: QuoteState;
  approvedWay: ApprovalWay | null;
  approvedName: string | null;
  /** When the customer approved (or declined) it. */
  decidedAt: string | null;
  /** Why the office did not confirm it (state "rejected"). */
  officeReason: string | null;
}

/**
 * Discounts the site promises (senior, military) and any other the locksmith gives, with
 * what it is for: a negative line of the quote, off the lines above it (issue 45).
 */
export const DISCOUNT_KINDS = ["senior", "military", "other"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_LABELS: Record<DiscountKind, string> = {
  senior: "Senior discount",
  military: "Military discount",
  other: "Discount",
};

export interface DiscountInput {
  kind: DiscountKind | null;
  cents: number | null;
  /** What an "other" discount is for, in the customer's words. */
  reason: string | null;
}

export const DISCOUNT_REASON_MAX = 60;

export const DISCOUNT_TEXT = {
  kind: "Choose which discount, or clear its amount",
  amount: "Enter the discount's amount in dollars",
  reason: "Say what the discount is for, for the customer",
  needsLines: "A discount comes off the lines above: list at least one line with its amount",
  tooLarge: (lines: number) =>
    `A discount can be at most the lines it comes off (${formatCents(lines)})`,
} as const;

/** A line that takes money off (a discount): shown with a minus, never taxed. */
export const isDiscountLine = (line: QuoteLine) => line.cents < 0;

/**
 * The discount as the quote's last line ("Senior discount", -$15.00), or none; or the
 * field that is wrong and what to say. It needs lines to come off, and can take them to $0
 * but not below.
 */
export function discountLine(
  lines: readonly QuoteLine[],
  discount: DiscountInput,
):
  | { ok: true; line: QuoteLine | null }
  | { ok: false; field: "discount" | "discountAmount" | "discountReason"; error: string } {
  if (!discount.kind) {
    return discount.cents
      ? { ok: false, field: "discount", error: DISCOUNT_TEXT.kind }
      : { ok: true, line: null };
  }
  if (!discount.cents) return { ok: false, field: "discountAmount", error: DISCOUNT_TEXT.amount };
  if (discount.kind === "other" && !discount.reason) {
    return { ok: false, field: "discountReason", error: DISCOUNT_TEXT.reason };
  }
  if (lines.length === 0) return { ok: false, field: "discount", error: DISCOUNT_TEXT.needsLines };
  const listed = lines.reduce((sum, line) => sum + line.cents, 0);
  if (discount.cents > listed) {
    return { ok: false, field: "discountAmount", error: DISCOUNT_TEXT.tooLarge(listed) };
  }
  const label =
    discount.kind === "other"
      ? `${DISCOUNT_LABELS.other}: ${discount.reason}`
      : DISCOUNT_LABELS[discount.kind];
  return { ok: true, line: { label, cents: -discount.cents, kind: "discount" } };
}

export const QUOTE_TEXT = {
  noTotal: "Enter the total, or at least one line with its amount",
  totalMismatch: (lines: number, typed: number) =>
    `The lines add up to ${formatCents(lines)}, not ${formatCents(typed)}: fix one, or leave the total empty`,
  tooLarge: `A quote can be at most ${formatCents(QUOTE_MAX_CENTS)}`,
  reasonOutsideRange: (range: PriceRange) =>
    `This is outside the usual ${formatCents(range.lowCents)}–${formatCents(range.highCents)} for this service: say why, for the customer`,
  reasonRequote: "Say why the price changes from the approved quote, for the customer",
  aboveQuote: (approved: number) =>
    `The final price is above the approved quote (${formatCents(approved)}). Give a new quote with a reason, and have the customer approve it.`,
  noApprovedQuote:
    "The customer has not approved a quote yet: give a quote and have them approve it before completing.",
} as const;

/**
 * The quote's total: the lines' sum when there are lines (a total typed as well must match
 * it), else the total typed. An error message when neither gives an amount.
 */
export function quoteTotal(
  lines: readonly QuoteLine[],
  typedTotal: number | null,
): { ok: true; cents: number } | { ok: false; error: string } {
  if (lines.length === 0) {
    if (typedTotal === null) return { ok: false, error: QUOTE_TEXT.noTotal };
    return typedTotal > QUOTE_MAX_CENTS
      ? { ok: false, error: QUOTE_TEXT.tooLarge }
      : { ok: true, cents: typedTotal };
  }
  const sum = lines.reduce((total, line) => total + line.cents, 0);
  if (sum > QUOTE_MAX_CENTS) return { ok: false, error: QUOTE_TEXT.tooLarge };
  if (typedTotal !== null && typedTotal !== sum) {
    return { ok: false, error: QUOTE_TEXT.totalMismatch(sum, typedTotal) };
  }
  return { ok: true, cents: sum };
}

/**
 * Why this quote needs a reason, or undefined when it does not: outside the service's usual
 * range, or replacing a quote the customer already approved.
 */
export function quoteReasonNeeded(
  cents: number,
  range: PriceRange,
  replacesApproved: boolean,
): string | undefined {
  if (cents < range.lowCents || cents > range.highCents)
    return QUOTE_TEXT.reasonOutsideRange(range);
  if (replacesApproved) return QUOTE_TEXT.reasonRequote;
  return undefined;
}

/**
 * Whether a final price may be charged: only with an approved quote, and never above it.
 * Undefined when it may; otherwise what the page says.
 */
export function finalPriceProblem(
  finalCents: number,
  approvedCents: number | null,
): string | undefined {
  if (approvedCents === null) return QUOTE_TEXT.noApprovedQuote;
  if (finalCents > approvedCents) return QUOTE_TEXT.aboveQuote(approvedCents);
  return undefined;
}

/**
 * Whether a quote must wait for the office before the customer sees it (issue 44: a typo
 * cannot reach the customer as a price): more than 3× the top of the service's usual range,
 * or less than a third of its bottom. Exactly 3× or exactly a third goes to the customer.
 * Undefined when it may go; otherwise what the locksmith and the office read.
 */
export function quoteHeldForOffice(cents: number, range: PriceRange): string | undefined {
  const unusual = unusualPrice(cents, range);
  return unusual && `${unusual}: it waits for the office to confirm it before the customer sees it`;
}

/** Each service as the customer's page names it beside a quote. */
export const SERVICE_PRICE_NAMES: Record<ServiceType, string> = {
  emergency: "a lockout (home, car or business)",
  residential: "home lock work",
  commercial: "business lock work",
  automotive: "car keys",
  rekeying: "rekeying",
  smart_locks: "a smart lock",
  key_duplication: "key duplication",
  safes: "safe work",
};

/** "Usual price for car keys: $125.00–$350.00", beside any quote the customer sees. */
export function usualPriceText(service: ServiceType, range: PriceRange): string {
  return `Usual price for ${SERVICE_PRICE_NAMES[service]}: ${formatRange(range)}`;
}
