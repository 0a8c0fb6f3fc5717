/*
 * What the site promises the customer never pays for (issue 45): "No trip charges" and
 * "Free estimates" on every page, and one price around the clock. A quote line that charges
 * for coming out, for the hour or for the estimate breaks that promise, so the job page
 * refuses it; the price of the work itself carries what the job costs.
 */

/** Line labels that charge for what the site says is free, each with what it is. */
const PROMISED_FREE: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\btrip\b|\btravel|\bmileage\b|\bfuel\b|\bgas (?:fee|charge)/i, what: "the trip" },
  {
    pattern: /service[- ]?call|call[- ]?out|dispatch (?:fee|charge)|show[- ]?up|arrival fee/i,
    what: "coming out",
  },
  {
    pattern:
      /after[- ]?hours?|overnight|night (?:fee|charge|rate)|weekend|holiday|emergency (?:fee|charge|surcharge)/i,
    what: "the hour",
  },
  { pattern: /estimate|diagnos|inspection fee|quote fee/i, what: "the estimate" },
];

/** The sentence a refused line gets, or null when the line charges for the work. */
export function promisedFreeCharge(label: string): string | null {
  const found = PROMISED_FREE.find(({ pattern }) => pattern.test(label));
  return found
    ? `We promise no trip charges and free estimates: no line may charge for ${found.what}. Price the work itself.`
    : null;
}
