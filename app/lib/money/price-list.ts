import { SERVICE_TYPES, type ServiceType } from "../business-enums";
import { formatCents } from "./money";

/*
 * What each service usually costs: the office's price list (Settings → Prices), one range
 * per service type in cents. The locksmith's final price is checked against it: a price far
 * outside the usual range (a slip of "1850" for "185") is asked again before the job
 * completes, and flagged for the office (decision 0026).
 */

export interface PriceRange {
  lowCents: number;
  highCents: number;
}
export type PriceList = Record<ServiceType, PriceRange>;

/**
 * The usual ranges until the office sets its own. The website states its prices from the
 * list (site-prices.ts), so this is the one copy of a price in the code (decision 0036).
 */
export const DEFAULT_PRICE_LIST: PriceList = {
  emergency: { lowCents: 8_900, highCents: 15_000 },
  residential: { lowCents: 9_500, highCents: 25_000 },
  commercial: { lowCents: 15_000, highCents: 50_000 },
  automotive: { lowCents: 12_500, highCents: 35_000 },
  rekeying: { lowCents: 2_500, highCents: 15_000 },
  smart_locks: { lowCents: 15_000, highCents: 45_000 },
  key_duplication: { lowCents: 500, highCents: 7_500 },
  safes: { lowCents: 15_000, highCents: 60_000 },
};

/** How far outside the usual range a price may fall before it is asked again. */
export const PRICE_CHECK_FACTOR = 3;

/** A stored price list, with any missing or broken service filled from the defaults. */
export function completePriceList(stored: unknown): PriceList {
  const list = { ...DEFAULT_PRICE_LIST };
  if (!stored || typeof stored !== "object") return list;
  for (const type of SERVICE_TYPES) {
    const range = (stored as Record<string, Partial<PriceRange> | undefined>)[type];
    const { lowCents, highCents } = range ?? {};
    if (
      Number.isSafeInteger(lowCents) &&
      Number.isSafeInteger(highCents) &&
      lowCents! >= 0 &&
      highCents! >= lowCents!
    ) {
      list[type] = { lowCents: lowCents!, highCents: highCents! };
    }
  }
  return list;
}

/**
 * Why a price needs a second look, or undefined when it is within reason: more than three
 * times the usual top, or less than a third of the usual bottom.
 */
export function unusualPrice(priceCents: number, range: PriceRange): string | undefined {
  if (priceCents > range.highCents * PRICE_CHECK_FACTOR) {
    return `${formatCents(priceCents)} is more than ${PRICE_CHECK_FACTOR} times the usual top price (${formatCents(range.highCents)})`;
  }
  if (priceCents * PRICE_CHECK_FACTOR < range.lowCents) {
    return `${formatCents(priceCents)} is less than a third of the usual lowest price (${formatCents(range.lowCents)})`;
  }
  return undefined;
}

/** "$89.00–$150.00". */
export function formatRange(range: PriceRange): string {
  return `${formatCents(range.lowCents)}–${formatCents(range.highCents)}`;
}
