/*
 * Chicago's wall clock at an instant, read from the time-zone data (Intl, America/Chicago):
 * daylight-saving time and its changes are the data's, not a rule of ours. On the server one
 * formatter, made at its first use and kept (decision 0040). A hydrating page reads the same
 * data as a table of offsets the server sent with it (decision 0079): the first formatter a
 * page makes costs a phone 55-65 ms while it hydrates (the locale's data is loaded then).
 */
import { madeAtFirstUse } from "~/lib/made-at-first-use";
import {
  minutesAheadFromTable,
  readZoneOffsets,
  wallClockAhead,
  type WallClock,
  type ZoneOffsets,
} from "~/lib/time/zone-offsets";

export type { WallClock } from "~/lib/time/zone-offsets";

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

/** Chicago's wall clock at `instant`, read from the zone data by the formatter. */
function formattedWallClock(instant: Date): WallClock {
  const clock: WallClock = { year: NaN, month: NaN, day: NaN, hour: NaN, minute: NaN };
  for (const { type, value } of zoned().formatToParts(instant)) {
    if (type in clock) clock[type as keyof WallClock] = Number(value);
  }
  return clock;
}

/** Chicago's offsets as the server read them, once this page has them (`adoptChicagoOffsets`). */
let adopted: ZoneOffsets | undefined;

/**
 * Chicago's wall clock at `instant`; every part NaN for an invalid date, as arithmetic gives.
 * From the server's table of offsets when the instant is in its span, else the formatter.
 */
export function chicagoWallClock(instant: Date): WallClock {
  const time = instant.getTime();
  if (Number.isNaN(time)) return { year: NaN, month: NaN, day: NaN, hour: NaN, minute: NaN };
  const minutesAhead = adopted && minutesAheadFromTable(adopted, time);
  if (minutesAhead === undefined) return formattedWallClock(instant);
  return wallClockAhead(time, minutesAhead);
}

const DAY = 86_400_000;
/** The span a page's table covers: the dates a back-office screen shows are nearly all in it. */
const TABLE_DAYS = { before: 2 * 366, after: 366 };
let table: { day: number; offsets: ZoneOffsets } | undefined;

/**
 * Chicago's offsets from two years before `now` to a year after, read by the formatter (the
 * server's zone data), once a day: what a hydrating page gets from the root loader.
 */
export function chicagoOffsetsAround(now: number): ZoneOffsets {
  const day = Math.floor(now / DAY);
  if (table?.day !== day) {
    const from = (day - TABLE_DAYS.before) * DAY;
    const to = (day + TABLE_DAYS.after) * DAY;
    table = { day, offsets: readZoneOffsets(formattedWallClock, from, to) };
  }
  return table.offsets;
}

/**
 * Chicago's wall clock from now on comes from `offsets` inside their span (the root loader's,
 * given before anything on the page formats a date): the page then writes the server's dates
 * without making a time-zoned formatter (decision 0079).
 */
export function adoptChicagoOffsets(offsets: ZoneOffsets | undefined): void {
  adopted = offsets;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/*
 * Dates written by hand, as en-US writes them: the first Intl.DateTimeFormat a page makes, of
 * any zone, loads the locale's data, 55-65 ms of a 4x-throttled phone's main thread while it
 * hydrates (decision 0079).
 */

/** "Nov 27", as en-US writes a short month and day. */
export function monthDay({ month, day }: Pick<WallClock, "month" | "day">): string {
  return `${MONTHS[month - 1]} ${day}`;
}

/** "Nov 27, 2026", as en-US's medium date style writes it. */
export function mediumDate(date: Pick<WallClock, "year" | "month" | "day">): string {
  return `${monthDay(date)}, ${date.year}`;
}

/** "3:04 AM", as en-US's short time style writes it (with a plain space). */
export function shortTime({ hour, minute }: WallClock): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}
