import { addDays, chicagoDay as dayOf, formatDay } from "../../../app/lib/time/chicago-period";

/** A day as Chicago names it, as the period fields take it: 2026-11-25. */
function chicagoDay(ms: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(ms);
}

/** Yesterday and today in Chicago, as a list's period query: a run across midnight still finds its rows. */
export function lastTwoDaysQuery(now = Date.now()): string {
  return `from=${chicagoDay(now - 86_400_000)}&to=${chicagoDay(now)}`;
}

/** The Chicago day `days` from today, as a date input takes it: 2026-12-01. */
export function daysFromToday(days: number): string {
  return formatDay(addDays(dayOf(new Date()), days));
}
