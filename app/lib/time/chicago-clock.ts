/*
 * Chicago's wall clock at an instant, read from the time-zone data (Intl, America/Chicago):
 * daylight-saving time and its changes are the data's, not a rule of ours. One formatter,
 * made at its first use and kept: making a formatter with a time zone costs a phone tens of
 * milliseconds (the zone's data and the locale's patterns are loaded then), and a module that
 * made it as it loaded made every page pay that before it could start (decision 0040).
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

/** The Intl options that read a wall clock's parts as numbers, on a 24-hour clock. */
export const WALL_CLOCK_PARTS = {
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
} as const satisfies Intl.DateTimeFormatOptions;

const zoned = madeAtFirstUse(
  () => new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", ...WALL_CLOCK_PARTS }),
);

/** Chicago's wall clock at `instant`; every part NaN for an invalid date, as arithmetic gives. */
export function chicagoWallClock(instant: Date): WallClock {
  const clock: WallClock = { year: NaN, month: NaN, day: NaN, hour: NaN, minute: NaN };
  if (Number.isNaN(instant.getTime())) return clock;
  for (const { type, value } of zoned().formatToParts(instant)) {
    if (type in clock) clock[type as keyof WallClock] = Number(value);
  }
  return clock;
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
