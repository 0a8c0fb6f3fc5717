/*
 * A time zone's offsets from UTC over a span of days, read from a formatter's zone data: the
 * server reads Chicago's once a day and sends them with each hydrating page, so a phone turns
 * an instant into Chicago's wall clock by arithmetic while the page hydrates, instead of first
 * making a time-zoned Intl formatter (55-70 ms of a 4x-throttled phone's main thread in every
 * trace: decision 0079). The offsets are the server's zone data, so the phone writes exactly
 * what the server rendered, whatever zone data the phone has.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The offsets in force over [from, to): `changes[i]` = [the instant it starts, minutes ahead
 * of UTC] (Chicago: -360 in winter, -300 in summer), oldest first; the first starts at `from`.
 */
export interface ZoneOffsets {
  from: number;
  to: number;
  changes: [startsAt: number, minutesAhead: number][];
}

/** A wall clock's reading, to the minute. */
export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
}

/** A zone's wall clock at an instant, to the minute, as a formatter with that zone reads it. */
export type ReadWallClock = (instant: Date) => WallClock;

/** The wall clock `minutesAhead` of UTC at `instant` (ms), by arithmetic. */
export function wallClockAhead(instant: number, minutesAhead: number): WallClock {
  const wall = new Date(instant + minutesAhead * MINUTE);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** The start of the minute `instant` falls in. */
const floorToMinute = (instant: number) => instant - (((instant % MINUTE) + MINUTE) % MINUTE);

/** Minutes ahead of UTC at `instant` (to the minute), from the zone's wall clock then. */
function minutesAheadAt(read: ReadWallClock, instant: number): number {
  const whole = floorToMinute(instant);
  const { year, month, day, hour, minute } = read(new Date(whole));
  return Math.round((Date.UTC(year, month - 1, day, hour, minute) - whole) / MINUTE);
}

/**
 * The zone's offsets over [from, to), sampled a day apart; a change between two samples is
 * found to the minute by halving (a zone changes its offset at most once a day).
 */
export function readZoneOffsets(read: ReadWallClock, from: number, to: number): ZoneOffsets {
  let before = minutesAheadAt(read, from);
  const changes: ZoneOffsets["changes"] = [[from, before]];
  for (let day = from; day < to; day += DAY) {
    const next = Math.min(day + DAY, to);
    // Each sample is read once: this day's end is the next day's start.
    const after = minutesAheadAt(read, next);
    if (before === after) continue;
    // The change happens in (low, high]: halve down to the minute it starts.
    let low = day;
    let high = next;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (minutesAheadAt(read, middle) === before) low = middle;
      else high = middle;
    }
    changes.push([floorToMinute(high), after]);
    before = after;
  }
  return { from, to, changes };
}

/** Minutes ahead of UTC at `instant` from the table, or undefined outside its span. */
export function minutesAheadFromTable(offsets: ZoneOffsets, instant: number): number | undefined {
  if (!(instant >= offsets.from && instant < offsets.to)) return undefined;
  const { changes } = offsets;
  let low = 0;
  let high = changes.length - 1;
  // The last change that starts at or before the instant.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (changes[middle]![0] <= instant) low = middle;
    else high = middle - 1;
  }
  return changes[low]![1];
}
