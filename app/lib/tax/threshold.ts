/*
 * The Form 1099-NEC reporting threshold by the year the payments were made: the one place it
 * lives (issue 49, decision 0070).
 *
 * - Payments made through 2025: $600 or more (Instructions for Forms 1099-MISC and 1099-NEC,
 *   Rev. January 2024 and April 2025, "Specific Instructions for Form 1099-NEC": "at least $600
 *   in services (nonemployee compensation)").
 * - Payments made after December 31, 2025: $2,000 or more, adjusted for inflation for calendar
 *   years after 2026 (Public Law 119-21, the "One Big Beautiful Bill Act", sec. 70433, amending
 *   IRC 6041(a); IRS 2026 Publication 1099, "What's New"; Instructions for Forms 1099-MISC and
 *   1099-NEC (Rev. 2026)). Check the IRS instructions for the year: a year after the last one
 *   below uses the last amount and says so, until its indexed amount is added here.
 */

/** Each year's threshold in cents, from the first year it applies. Oldest first. */
export const NEC_THRESHOLDS: readonly { fromYear: number; cents: number }[] = [
  { fromYear: 1900, cents: 600_00 },
  { fromYear: 2026, cents: 2_000_00 },
];

/** The last year whose amount is known to be in the table (2027 on is indexed for inflation). */
export const LAST_KNOWN_THRESHOLD_YEAR = 2026;

export interface NecThreshold {
  year: number;
  cents: number;
  /** False for a year after LAST_KNOWN_THRESHOLD_YEAR: the amount is the last one known. */
  known: boolean;
}

/** The threshold that applies to payments made in `year`. */
export function necThreshold(year: number): NecThreshold {
  if (!Number.isInteger(year)) throw new RangeError(`Not a year: ${year}`);
  let cents = NEC_THRESHOLDS[0]!.cents;
  for (const step of NEC_THRESHOLDS) if (year >= step.fromYear) cents = step.cents;
  return { year, cents, known: year <= LAST_KNOWN_THRESHOLD_YEAR };
}

/** A 1099-NEC is due when the counted payments reach the threshold ("$600 or more"). */
export function necDue(countedCents: number, year: number): boolean {
  return countedCents >= necThreshold(year).cents;
}
