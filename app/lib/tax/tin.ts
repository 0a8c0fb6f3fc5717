/*
 * Taxpayer identification numbers as a W-9 gives them (decision 0070): a Social Security
 * number, an individual taxpayer identification number, or an employer identification
 * number, nine digits each. Only the last four are ever shown; the whole number is kept
 * encrypted (app/server/tax/tin-cipher.server.ts) and leaves only in the IRIS file.
 */

export const TIN_TYPES = ["ssn", "itin", "ein"] as const;
export type TinType = (typeof TIN_TYPES)[number];

export const TIN_TYPE_LABELS: Record<TinType, string> = {
  ssn: "SSN",
  itin: "ITIN",
  ein: "EIN",
};

export const TIN_TEXT = {
  nineDigits: "Enter the 9 digits of the number, like 123-45-6789 or 12-3456789",
  ssn: "That is not a Social Security number: it cannot start with 000, 666 or 9, and no part can be all zeros",
  itin: "That is not an ITIN: it starts with 9, and its 4th and 5th digits are 50–65, 70–88, 90–92 or 94–99",
  ein: "That is not an EIN: its first two digits are not a prefix the IRS assigns",
} as const;

/** The digits typed, with the usual dashes and spaces taken out; anything else stays. */
export function tinDigits(typed: string): string {
  return typed.replace(/[\s-]/g, "");
}

/** ITIN middle digits the IRS assigns (its "ITIN" page: 50–65, 70–88, 90–92, 94–99). */
function itinGroup(group: number): boolean {
  return (
    (group >= 50 && group <= 65) ||
    (group >= 70 && group <= 88) ||
    (group >= 90 && group <= 92) ||
    (group >= 94 && group <= 99)
  );
}

/** EIN prefixes the IRS assigns (its "How EINs are assigned and valid EIN prefixes" page). */
const EIN_PREFIXES = new Set(
  [
    [1, 6],
    [10, 16],
    [20, 27],
    [30, 48],
    [50, 68],
    [71, 77],
    [80, 88],
    [90, 95],
    [98, 99],
  ].flatMap(([from, to]) => Array.from({ length: to! - from! + 1 }, (_, i) => from! + i)),
);

/** What is wrong with a number of that type (as digits), or undefined. */
export function tinProblem(type: TinType, digits: string): string | undefined {
  if (!/^\d{9}$/.test(digits)) return TIN_TEXT.nineDigits;
  const area = Number(digits.slice(0, 3));
  const group = Number(digits.slice(3, 5));
  const serial = Number(digits.slice(5));
  if (type === "ssn") {
    if (area === 0 || area === 666 || area >= 900 || group === 0 || serial === 0) {
      return TIN_TEXT.ssn;
    }
  } else if (type === "itin") {
    if (digits[0] !== "9" || !itinGroup(group)) return TIN_TEXT.itin;
  } else if (!EIN_PREFIXES.has(Number(digits.slice(0, 2)))) {
    return TIN_TEXT.ein;
  }
  return undefined;
}

/** The shown form: "•••-••-1234" (SSN, ITIN), "••-•••1234" (EIN), from the last four alone. */
export function maskTin(type: TinType, last4: string): string {
  return type === "ein" ? `••-•••${last4}` : `•••-••-${last4}`;
}

/** The last four digits, the only part stored in the clear. */
export function tinLast4(digits: string): string {
  return digits.slice(-4);
}
