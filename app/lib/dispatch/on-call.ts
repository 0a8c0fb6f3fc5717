import { madeAtFirstUse } from "~/lib/made-at-first-use";
import { BUSINESS_TIME_ZONE } from "~/lib/time/chicago-period";

/*
 * A locksmith's weekly on-call schedule, in the business's time (America/Chicago): shifts
 * such as "Mon 18:00–Tue 06:00". A shift is kept as two minutes of the week counted from
 * Monday 00:00 local time, so daylight saving changes nothing: 18:00 stays 18:00. A shift
 * whose end comes before its start runs over the week's end (Sun 22:00–Mon 06:00).
 *
 * An empty schedule means "on call at any time" (decision 0029): a business that keeps no
 * schedules dispatches as before, and a locksmith who is not working says so by setting
 * themselves Off.
 */

export interface OnCallShift {
  /** Minutes from Monday 00:00, Chicago time: 0 to 10079. */
  start: number;
  end: number;
}

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** At most this many shifts per locksmith: a week of two shifts a day, with room to spare. */
export const MAX_SHIFTS = 21;

// Made at first use, not as the module loads (made-at-first-use.ts).
const weekdayAndTime = madeAtFirstUse(
  () =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: BUSINESS_TIME_ZONE,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }),
);

/** The minute of the week an instant falls on, in Chicago. */
export function minuteOfWeek(instant: Date): number {
  const parts = Object.fromEntries(
    weekdayAndTime()
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const day = WEEKDAYS.indexOf(parts.weekday as (typeof WEEKDAYS)[number]);
  return day * MINUTES_PER_DAY + Number(parts.hour) * 60 + Number(parts.minute);
}

function covers(shift: OnCallShift, minute: number): boolean {
  return shift.start < shift.end
    ? minute >= shift.start && minute < shift.end
    : minute >= shift.start || minute < shift.end;
}

/** Whether the schedule has them on call at this instant (always, when it has no shift). */
export function isOnCall(shifts: readonly OnCallShift[], instant: Date): boolean {
  return isOnCallAt(shifts, minuteOfWeek(instant));
}

/** The same, at a minute of the week already worked out (ranking does it once). */
export function isOnCallAt(shifts: readonly OnCallShift[], minute: number): boolean {
  return shifts.length === 0 || shifts.some((shift) => covers(shift, minute));
}

/**
 * Whether they are on call at some time tonight: from 18:00 this evening to 06:00 tomorrow
 * (before 06:00, the night that is still going on).
 */
export function isOnCallTonight(shifts: readonly OnCallShift[], instant: Date): boolean {
  if (shifts.length === 0) return true;
  const now = minuteOfWeek(instant);
  const dayStart = now - (now % MINUTES_PER_DAY);
  const evening =
    (now % MINUTES_PER_DAY < 6 * 60 ? dayStart - MINUTES_PER_DAY : dayStart) + 18 * 60;
  // Twelve hours looked at minute by minute would be 720 checks; a shift's two ends and the
  // night's start are enough, since both are intervals.
  const nightStart = (evening + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  const nightLength = 12 * 60;
  const inNight = (minute: number) =>
    (minute - nightStart + MINUTES_PER_WEEK) % MINUTES_PER_WEEK < nightLength;
  return shifts.some((shift) => covers(shift, nightStart) || inNight(shift.start));
}

function clock(minute: number): string {
  const inDay = minute % MINUTES_PER_DAY;
  return `${String(Math.floor(inDay / 60)).padStart(2, "0")}:${String(inDay % 60).padStart(2, "0")}`;
}

function weekday(minute: number): string {
  return WEEKDAYS[Math.floor(minute / MINUTES_PER_DAY) % 7]!;
}

/** "Mon 18:00–Tue 06:00", or "Sat 08:00–16:00" within one day. */
export function formatShift(shift: OnCallShift): string {
  const sameDay =
    shift.start < shift.end &&
    Math.floor(shift.start / MINUTES_PER_DAY) === Math.floor(shift.end / MINUTES_PER_DAY);
  return `${weekday(shift.start)} ${clock(shift.start)}–${sameDay ? "" : `${weekday(shift.end)} `}${clock(shift.end)}`;
}

/** The schedule as the edit form's text: one shift a line, in week order. */
export function formatShifts(shifts: readonly OnCallShift[]): string {
  return [...shifts]
    .sort((a, b) => a.start - b.start)
    .map(formatShift)
    .join("\n");
}

/** A short summary for lists: "Any time" for an empty schedule. */
export function describeSchedule(shifts: readonly OnCallShift[]): string {
  return shifts.length === 0
    ? "Any time (no schedule set)"
    : formatShifts(shifts).replaceAll("\n", ", ");
}

const DAY_WORD = "(mon|tue|wed|thu|fri|sat|sun)[a-z]*";
const TIME_WORD = "(\\d{1,2}):(\\d{2})";
const SHIFT_LINE = new RegExp(
  `^${DAY_WORD}\\s+${TIME_WORD}\\s*(?:-|–|—|to)\\s*(?:${DAY_WORD}\\s+)?${TIME_WORD}$`,
  "i",
);

function minuteOf(day: string, hours: string, minutes: string): number | undefined {
  const index = WEEKDAYS.findIndex((name) => name.toLowerCase() === day.slice(0, 3).toLowerCase());
  const h = Number(hours);
  const m = Number(minutes);
  if (index < 0 || h > 24 || m > 59 || (h === 24 && m !== 0)) return undefined;
  return (index * MINUTES_PER_DAY + h * 60 + m) % MINUTES_PER_WEEK;
}

export type ShiftsReading = { shifts: OnCallShift[] } | { error: string };

/**
 * Reads the edit form's text: one shift a line, "Mon 18:00–Tue 06:00" or "Sat 08:00-16:00"
 * (a shift without an end day ends on its start day, or the next day when the end time is
 * earlier). Blank lines are skipped; an empty text is an empty schedule.
 */
export function parseShifts(text: string): ShiftsReading {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > MAX_SHIFTS) return { error: `At most ${MAX_SHIFTS} shifts.` };
  const shifts: OnCallShift[] = [];
  for (const line of lines) {
    const match = SHIFT_LINE.exec(line);
    const start = match && minuteOf(match[1]!, match[2]!, match[3]!);
    let end = match && minuteOf(match[4] ?? match[1]!, match[5]!, match[6]!);
    if (match == null || start == null || end == null) {
      return { error: `"${line}" is not a shift like "Mon 18:00–Tue 06:00" (24-hour times).` };
    }
    // "Mon 22:00-06:00" ends on Tuesday.
    if (!match[4] && end <= start) end = (end + MINUTES_PER_DAY) % MINUTES_PER_WEEK;
    if (end === start) return { error: `"${line}" starts and ends at the same time.` };
    shifts.push({ start, end });
  }
  return { shifts: shifts.sort((a, b) => a.start - b.start) };
}

/** Whether a stored value is a schedule (the column is JSON: checked when read). */
export function asShifts(value: unknown): OnCallShift[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (shift): shift is OnCallShift =>
      typeof shift === "object" &&
      shift !== null &&
      Number.isInteger(shift.start) &&
      Number.isInteger(shift.end) &&
      shift.start >= 0 &&
      shift.start < MINUTES_PER_WEEK &&
      shift.end >= 0 &&
      shift.end < MINUTES_PER_WEEK,
  );
}
