/**
 * Money is integer cents everywhere (docs/decisions/0007-money-and-job-split.md): parsed
 * from text without floating point, stored as integers, formatted only for display.
 */

import { MONEY } from "../ui-text-shell";

/** $1,000,000.00: far above any locksmith job, far below the integer column's limit. */
export const MAX_AMOUNT_CENTS = 100_000_000;

export type MoneyParse = { ok: true; cents: number } | { ok: false; error: string };

// Digits with optional thousands separators in the right places, optional fraction.
const AMOUNT = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/;

/** Parses "$1,234.50", "1234.5", "75" or ".5" into cents, with a message when it cannot. */
export function parseMoney(input: string | number | null | undefined): MoneyParse {
  if (input === null || input === undefined) return { ok: false, error: MONEY.required };
  let text = String(input).trim();
  if (text === "") return { ok: false, error: MONEY.required };
  let negative = false;
  if (text.startsWith("-")) {
    negative = true;
    text = text.slice(1).trim();
  }
  if (text.startsWith("$")) text = text.slice(1).trim();
  const match = AMOUNT.exec(text);
  const whole = match?.[1];
  const fraction = match?.[2] ?? "";
  if (!match || (whole === undefined && fraction === "")) {
    return { ok: false, error: MONEY.invalid };
  }
  if (fraction.length > 2) return { ok: false, error: MONEY.tooPrecise };
  const dollars = whole ? Number(whole.replace(/,/g, "")) : 0;
  const cents = dollars * 100 + Number(fraction.padEnd(2, "0"));
  if (negative && cents > 0) return { ok: false, error: MONEY.negative };
  if (!Number.isSafeInteger(cents) || cents > MAX_AMOUNT_CENTS) {
    return { ok: false, error: MONEY.tooLarge };
  }
  return { ok: true, cents };
}

/**
 * 123450 → "$1,234.50"; -500 → "-$5.00". Always two decimals, as totals are
 * (docs/spec/back-office.md §9).
 */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/** 123450 → "1234.50": the value a price input starts with when editing. */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
