/**
 * The revenue split of a job between the business and the locksmith, in integer cents
 * (docs/decisions/0007-money-and-job-split.md).
 *
 *   theirCutCents = round-half-up(finalPriceCents × theirCutPercent / 100)
 *   yourCutCents  = finalPriceCents − theirCutCents
 *
 * Computed once, on the server, when a job's price is set, and stored; the two parts
 * always add up to the price to the cent.
 */

/** The default locksmith cut, and its bounds (docs/spec/back-office.md §9: 60%, 0 to 100). */
export const DEFAULT_CUT_PERCENT = 60;
export const MIN_CUT_PERCENT = 0;
export const MAX_CUT_PERCENT = 100;

export interface Split {
  theirCutCents: number;
  yourCutCents: number;
}

export function computeSplit(finalPriceCents: number, theirCutPercent: number): Split {
  if (!Number.isSafeInteger(finalPriceCents) || finalPriceCents < 0) {
    throw new RangeError(`The price must be a whole number of cents >= 0, not ${finalPriceCents}`);
  }
  if (
    !Number.isInteger(theirCutPercent) ||
    theirCutPercent < MIN_CUT_PERCENT ||
    theirCutPercent > MAX_CUT_PERCENT
  ) {
    throw new RangeError(`The cut must be a whole percent from 0 to 100, not ${theirCutPercent}`);
  }
  // Integer arithmetic: floor((p × c + 50) / 100) is p × c / 100 rounded half up, exactly.
  const theirCutCents = Math.floor((finalPriceCents * theirCutPercent + 50) / 100);
  return { theirCutCents, yourCutCents: finalPriceCents - theirCutCents };
}

export interface SplitTotals {
  /** Sum of final prices ("Total Revenue"). */
  totalRevenueCents: number;
  /** Sum of the business's parts ("Your Earnings"). */
  yourEarningsCents: number;
  /** Sum of the locksmiths' parts ("Locksmith Payments"). */
  locksmithPaymentsCents: number;
  /** How many jobs had a price. */
  pricedJobs: number;
}
