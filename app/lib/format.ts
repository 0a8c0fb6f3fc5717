import { madeAtFirstUse } from "~/lib/made-at-first-use";
import { chicagoWallClock, mediumDate, shortTime } from "~/lib/time/chicago-clock";

const count = madeAtFirstUse(() => new Intl.NumberFormat("en-US"));

/*
 * Dates in the business's time zone, the same on server and client: written from Chicago's
 * wall clock (chicago-clock.ts) as en-US's medium date and short time styles write them, with
 * a plain space before AM/PM (ICU versions differ there, and hydration needs the same text).
 */

/** "Nov 27, 2026, 3:04 AM", Chicago time. */
export function formatDateTime(value: Date | string): string {
  const clock = chicagoWallClock(new Date(value));
  return `${mediumDate(clock)}, ${shortTime(clock)}`;
}

/** "Nov 27, 2026", Chicago's date. */
export function formatDate(value: Date | string): string {
  return mediumDate(chicagoWallClock(new Date(value)));
}

/** "2:14 AM", Chicago time. */
export function formatTime(value: Date | string): string {
  return shortTime(chicagoWallClock(new Date(value)));
}

/**
 * "1,234": a count, grouped. Whole numbers are grouped by hand, the rest by one formatter:
 * `toLocaleString("en-US")` makes a new formatter on each call, and a chart's labels made
 * hundreds of them while it hydrated.
 */
export function formatCount(value: number): string {
  if (Number.isSafeInteger(value)) return String(value).replace(/\B(?=(\d{3})+$)/g, ",");
  return count().format(value);
}

/**
 * Job and call ids are shown shortened to their first 8 characters (docs/spec/back-office.md §9).
 */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
