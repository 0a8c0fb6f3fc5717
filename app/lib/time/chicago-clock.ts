/*
 * Chicago's wall clock at an instant, worked out from the United States' daylight-saving rule
 * rather than read from the browser's time-zone data. The back office shows dates on every
 * list row; the first Intl.DateTimeFormat with a time zone took a phone tens of milliseconds
 * (the zone's data and the locale's patterns are loaded then), inside hydration, in one
 * blocking task (decision 0040). Node's and the browser's Intl remain the reference: the
 * tests compare the two over decades of instants, transitions included.
 */
import { madeAtFirstUse } from "~/lib/made-at-first-use";

export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
}

const HOUR = 3_600_000;
const CST = -6 * HOUR;
const CDT = -5 * HOUR;

/** The day of the month of the nth Sunday (n from 1) of a month (0-11). */
function nthSunday(year: number, month: number, n: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + (n - 1) * 7;
}

/**
 * Since 2007: daylight time from 2:00 AM standard time on the second Sunday of March (8:00
 * UTC) to 2:00 AM daylight time on the first Sunday of November (7:00 UTC).
 */
function offsetAt(time: number, year: number): number {
  const start = Date.UTC(year, 2, nthSunday(year, 2, 2), 8);
  const end = Date.UTC(year, 10, nthSunday(year, 10, 1), 7);
  return time >= start && time < end ? CDT : CST;
}

/** The rule is known from 2007; outside these years the time-zone data answers. */
const RULE_YEARS = { from: 2007, to: 2099 };

const zoned = madeAtFirstUse(
  () =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Chicago",
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    }),
);

function fromTimeZoneData(instant: Date): WallClock {
  return Object.fromEntries(
    zoned()
      .formatToParts(instant)
      .filter((part) => part.type !== "literal")
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<keyof WallClock, number>;
}

export function chicagoWallClock(instant: Date): WallClock {
  const time = instant.getTime();
  const utcYear = instant.getUTCFullYear();
  if (utcYear < RULE_YEARS.from || utcYear > RULE_YEARS.to) return fromTimeZoneData(instant);
  const local = new Date(time + offsetAt(time, utcYear));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 27, 2026", as en-US's medium date style writes it. */
export function mediumDate({ year, month, day }: WallClock): string {
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** "3:04 AM", as en-US's short time style writes it (with a plain space). */
export function shortTime({ hour, minute }: WallClock): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}
