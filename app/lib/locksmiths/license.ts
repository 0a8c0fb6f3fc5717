import { chicagoDay, formatDay, formatPeriod, parseDay } from "../time/chicago-period";

/*
 * A locksmith's own Illinois license (225 ILCS 447: every locksmith who works on a job holds
 * one, besides the agency's): the number the customer's page and the receipt show, and the
 * day it runs out, which the office is warned of before it comes.
 */

/** How long before the day a license runs out the roster starts saying so. */
export const LICENSE_WARNING_DAYS = 30;

/** The latest expiry the form takes: a license is issued for a few years, not decades. */
export const LICENSE_MAX_YEARS_AHEAD = 10;

export type LicenseStanding =
  | { kind: "none" }
  | { kind: "valid"; expiresOn: string | null }
  | { kind: "expiring"; expiresOn: string; daysLeft: number }
  | { kind: "expired"; expiresOn: string };

/**
 * Where a license stands on `today` (a Chicago day, YYYY-MM-DD): none without a number;
 * expired from the day after its last day; expiring within LICENSE_WARNING_DAYS.
 */
export function licenseStanding(
  license: { number: string | null; expiresOn: string | null },
  today: string,
): LicenseStanding {
  if (!license.number) return { kind: "none" };
  const { expiresOn } = license;
  if (!expiresOn) return { kind: "valid", expiresOn: null };
  if (expiresOn < today) return { kind: "expired", expiresOn };
  const daysLeft = daysBetween(today, expiresOn);
  if (daysLeft <= LICENSE_WARNING_DAYS) return { kind: "expiring", expiresOn, daysLeft };
  return { kind: "valid", expiresOn };
}

/** The license a customer may be shown: a number that has not run out. */
export function licenseToShow(
  license: { number: string | null; expiresOn: string | null },
  today: string,
): string | null {
  const standing = licenseStanding(license, today);
  return standing.kind === "none" || standing.kind === "expired" ? null : license.number;
}

/** Today in Chicago, as the license rules read it. */
export function licenseToday(now: Date = new Date()): string {
  return formatDay(chicagoDay(now));
}

/** "2027-02-28" → "Feb 28, 2027": the calendar day itself, in no time zone. */
export function licenseDayLabel(day: string): string {
  const parsed = parseDay(day);
  return parsed ? formatPeriod({ first: parsed, last: parsed }) : day;
}

/** The last expiry day the form accepts, from `today`. */
export function latestLicenseExpiry(today: string): string {
  const day = parseDay(today)!;
  return formatDay({ ...day, year: day.year + LICENSE_MAX_YEARS_AHEAD });
}

/** Whole days from one calendar day to a later one (calendar days: no clock, no DST). */
function daysBetween(first: string, last: string): number {
  const utc = (text: string) => {
    const { year, month, day } = parseDay(text)!;
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((utc(last) - utc(first)) / 86_400_000);
}
