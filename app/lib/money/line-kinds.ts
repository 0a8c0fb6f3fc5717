import { chicagoWallClock } from "../time/chicago-clock";
import { formatCents } from "./money";
import { siteDollars } from "./site-prices";

/*
 * The price list decides what a quote may contain (issue 45, decision 0066). Each line has a
 * kind: the work itself, parts, an after-hours rate (only when the business has turned one on
 * in Settings → Prices, and then the public pages say so), or a discount (a negative line, from
 * the discount fields). A trip, call-out or estimate fee is no kind at all while the site
 * promises "No trip charges" and "Free estimates": such a line is refused.
 */

export const QUOTE_LINE_KINDS = ["service", "parts", "after_hours", "discount"] as const;
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];

/** The kinds a locksmith chooses for a typed line (a discount comes from its own fields). */
export const TYPED_LINE_KINDS = ["service", "parts", "after_hours"] as const;
export type TypedLineKind = (typeof TYPED_LINE_KINDS)[number];

export const LINE_KIND_LABELS: Record<QuoteLineKind, string> = {
  service: "Work",
  parts: "Parts",
  after_hours: "After-hours rate",
  discount: "Discount",
};

/** The business's after-hours rate (Settings → Prices): off unless an owner turns it on. */
export interface AfterHoursRate {
  enabled: boolean;
  cents: number;
}

export const AFTER_HOURS_OFF: AfterHoursRate = { enabled: false, cents: 0 };

/** After hours, in the business's time: from 8 pm to 7 am. */
export const AFTER_HOURS_FROM = 20;
export const AFTER_HOURS_UNTIL = 7;
const AFTER_HOURS_WINDOW = "8 pm to 7 am";

export const LINE_KIND_TEXT = {
  kind: "Choose what the line is for: work, parts or the after-hours rate",
  trip: "We promise no trip charges and free estimates: no line may charge for the trip. Price the work itself.",
  afterHoursOff:
    "We promise one price around the clock: there is no after-hours rate. Price the work itself.",
  afterHoursAmount: (rate: number) =>
    `The after-hours rate is ${formatCents(rate)}: the line is that amount`,
  afterHoursDaytime: `The after-hours rate applies from ${AFTER_HOURS_WINDOW} only`,
  afterHoursTwice: "The after-hours rate is charged once per quote",
} as const;

/** Kinds a trip or call-out charge might be sent as: none is a kind of this price list. */
const TRIP_KINDS = /trip|travel|call[-_ ]?out|service[-_ ]?call|dispatch|mileage/i;

/** What a posted kind is: one of the typed kinds, or the sentence that refuses it. */
export function typedLineKind(
  value: unknown,
): { ok: true; kind: TypedLineKind } | { ok: false; error: string } {
  if (value === undefined || value === "") return { ok: true, kind: "service" };
  if ((TYPED_LINE_KINDS as readonly unknown[]).includes(value)) {
    return { ok: true, kind: value as TypedLineKind };
  }
  return {
    ok: false,
    error:
      typeof value === "string" && TRIP_KINDS.test(value)
        ? LINE_KIND_TEXT.trip
        : LINE_KIND_TEXT.kind,
  };
}

export function isAfterHours(instant: Date): boolean {
  const { hour } = chicagoWallClock(instant);
  return hour >= AFTER_HOURS_FROM || hour < AFTER_HOURS_UNTIL;
}

/**
 * Why a quote's after-hours lines may not stand, with the index of the line, or undefined:
 * none unless the business turned the rate on; then at most one, of exactly the rate, on a
 * quote given after hours.
 */
export function afterHoursProblem(
  lines: readonly { kind?: QuoteLineKind; cents: number }[],
  rate: AfterHoursRate,
  now: Date,
): { index: number; error: string } | undefined {
  let seen = false;
  for (const [index, line] of lines.entries()) {
    if (line.kind !== "after_hours") continue;
    if (!rate.enabled) return { index, error: LINE_KIND_TEXT.afterHoursOff };
    if (seen) return { index, error: LINE_KIND_TEXT.afterHoursTwice };
    if (line.cents !== rate.cents) {
      return { index, error: LINE_KIND_TEXT.afterHoursAmount(rate.cents) };
    }
    if (!isAfterHours(now)) return { index, error: LINE_KIND_TEXT.afterHoursDaytime };
    seen = true;
  }
  return undefined;
}

/**
 * What the public pages say of the hour: one price around the clock, or, once the business
 * turns a rate on, the rate and when it applies.
 */
/**
 * What the service and city pages add beside their prices: the home page's sentence when the
 * business charges an after-hours rate, nothing while it does not (their prices already hold).
 */
export function afterHoursPriceNote(rate: AfterHoursRate): string | null {
  return rate.enabled ? afterHoursNotice(rate) : null;
}

export function afterHoursNotice(rate: AfterHoursRate): string {
  return rate.enabled
    ? `After-hours rate: work from ${AFTER_HOURS_WINDOW} adds ${siteDollars(rate.cents)}, said with the price before any work starts.`
    : "One price around the clock: no after-hours rate.";
}
