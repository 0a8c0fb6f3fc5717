import { addDays, chicagoDay, chicagoMidnight, type Day } from "../time/chicago-period";

/*
 * How long a door-opening record is kept (issue 49, decision 0069): N years from the Chicago
 * calendar day it was recorded, through the anniversary day, then purged. N is an owner's
 * setting, never below the legal minimum the business enters (the ALOA policy says three
 * years; a state or an insurer may ask for more). Counted in calendar days of Chicago, so a
 * daylight-saving change between the two dates moves nothing; a record of February 29 is kept
 * until March 1's anniversary (never less than N whole years).
 */

export const DEFAULT_RETENTION_YEARS = 3;
export const RETENTION_YEARS_MAX = 25;

export interface RetentionSettings {
  /** The years the owner chose. */
  years: number;
  /** The legal minimum the business entered; the years never go below it. */
  legalMinimumYears: number;
}

export const DEFAULT_RETENTION: RetentionSettings = {
  years: DEFAULT_RETENTION_YEARS,
  legalMinimumYears: DEFAULT_RETENTION_YEARS,
};

/** The years records are kept: the owner's choice, raised to the legal minimum. */
export function keptYears(settings: RetentionSettings): number {
  return Math.max(settings.years, settings.legalMinimumYears);
}

/** The Chicago day `years` after `day` (February 29 lands on March 1). */
export function anniversary(day: Day, years: number): Day {
  const date = new Date(Date.UTC(day.year + years, day.month - 1, day.day));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The instant a record made at `recordedAt` may be purged: the midnight after its last day. */
export function purgeAt(recordedAt: Date, settings: RetentionSettings): Date {
  const lastDay = anniversary(chicagoDay(recordedAt), keptYears(settings));
  return chicagoMidnight(addDays(lastDay, 1));
}

/** Whether a record is past its retention at `now`. */
export function isPastRetention(recordedAt: Date, settings: RetentionSettings, now: Date): boolean {
  return now.getTime() >= purgeAt(recordedAt, settings).getTime();
}
