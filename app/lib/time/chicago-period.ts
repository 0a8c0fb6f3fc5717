/*
 * Periods for the money screens, in the business's time: America/Chicago. A period is a
 * half-open range of instants [start, end) from local midnights, so a job completed at
 * 11:30 PM in Chicago on the 1st counts on the 1st, whatever UTC says (decision 0016).
 */
import { chicagoWallClock, mediumDate, monthDay } from "./chicago-clock";

export const BUSINESS_TIME_ZONE = "America/Chicago";

export const PERIOD_PRESETS = [
  "today",
  "this_week",
  "last_week",
  "this_month",
  "last_month",
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  today: "Today",
  this_week: "This week",
  last_week: "Last week",
  this_month: "This month",
  last_month: "Last month",
};

/** A calendar day: year, month 1-12, day. */
export interface Day {
  year: number;
  month: number;
  day: number;
}

export interface Period {
  /** First day, inclusive, and last day, inclusive, as Chicago calendar days. */
  first: Day;
  last: Day;
  /** The instants: from the first day's midnight to the midnight after the last day. */
  start: Date;
  end: Date;
}

/** The Chicago calendar day an instant falls on. */
export function chicagoDay(instant: Date): Day {
  const { year, month, day } = chicagoWallClock(instant);
  return { year, month, day };
}

/** Minutes Chicago is ahead of UTC at that instant (-360 in winter, -300 in summer). */
function offsetMinutes(instant: Date): number {
  const { year, month, day, hour, minute } = chicagoWallClock(instant);
  const local = Date.UTC(year, month - 1, day, hour, minute);
  return Math.round((local - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant Chicago's clocks read 00:00 on that day. */
export function chicagoMidnight({ year, month, day }: Day): Date {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetMinutes(new Date(guess)) * 60_000;
  // Across a clock change the offset at the guess and at the answer differ: use the answer's.
  const second = guess - offsetMinutes(new Date(first)) * 60_000;
  return new Date(second);
}

export function addDays(day: Day, days: number): Day {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function periodOf(first: Day, last: Day): Period {
  return { first, last, start: chicagoMidnight(first), end: chicagoMidnight(addDays(last, 1)) };
}

/** The Monday that starts the week (Monday to Sunday, a pay week) holding `day`. */
export function mondayOf(day: Day): Day {
  const weekday = (new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The last `days` Chicago days up to and including today. */
export function lastDaysPeriod(now: Date, days: number): Period {
  const today = chicagoDay(now);
  return periodOf(addDays(today, 1 - Math.max(1, days)), today);
}

/** A period's days as "YYYY-MM-DD" keys, first to last. */
export function dayKeys({ first, last }: Pick<Period, "first" | "last">): string[] {
  const keys: string[] = [];
  const end = formatDay(last);
  for (let day = first; formatDay(day) <= end; day = addDays(day, 1)) keys.push(formatDay(day));
  return keys;
}

/** The Mondays of the weeks a period touches, as "YYYY-MM-DD" keys, oldest first. */
export function weekKeys({ first, last }: Pick<Period, "first" | "last">): string[] {
  const keys: string[] = [];
  const end = formatDay(last);
  for (let monday = mondayOf(first); formatDay(monday) <= end; monday = addDays(monday, 7)) {
    keys.push(formatDay(monday));
  }
  return keys;
}

/** The instants of whole weeks: from the first day's Monday to the midnight after the last day's Sunday. */
export function wholeWeeks({ first, last }: Pick<Period, "first" | "last">): InstantRange {
  return {
    start: chicagoMidnight(mondayOf(first)),
    end: chicagoMidnight(addDays(mondayOf(last), 7)),
  };
}

/** A preset's period around `now`; weeks run Monday to Sunday (a pay week). */
export function presetPeriod(preset: PeriodPreset, now: Date): Period {
  const today = chicagoDay(now);
  const monday = mondayOf(today);
  switch (preset) {
    case "today":
      return periodOf(today, today);
    case "this_week":
      return periodOf(monday, addDays(monday, 6));
    case "last_week":
      return periodOf(addDays(monday, -7), addDays(monday, -1));
    case "this_month": {
      const first = { ...today, day: 1 };
      return periodOf(first, addDays({ year: today.year, month: today.month + 1, day: 1 }, -1));
    }
    case "last_month": {
      const first = addDays({ ...today, day: 1 }, -1);
      return periodOf({ ...first, day: 1 }, first);
    }
  }
}

/** "2026-11-23" → a day, or undefined for anything else. */
export function parseDay(text: string | null | undefined): Day | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? "");
  if (!match) return undefined;
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = addDays(day, 0);
  return check.year === day.year && check.month === day.month && check.day === day.day
    ? day
    : undefined;
}

export function formatDay({ year, month, day }: Day): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * A period as the money queries take it: its instants, and its first and last Chicago days
 * as stored in payouts.paid_on (YYYY-MM-DD).
 */
export interface PeriodRange {
  start: Date;
  end: Date;
  firstDay: string;
  lastDay: string;
}

export function periodRange(period: Period): PeriodRange {
  return {
    start: period.start,
    end: period.end,
    firstDay: formatDay(period.first),
    lastDay: formatDay(period.last),
  };
}

/** The longest custom period a screen accepts. */
const MAX_DAYS = 400;

/** Which choice a period came from: a preset, a custom range, or the screen's default. */
export type PeriodChoice = PeriodPreset | "custom" | "default";

/**
 * The period a URL asks for: `period=<preset>`, or `from` and `to` days (custom, at most
 * 400 days, swapped when given backwards); otherwise the screen's `fallback` ("default"),
 * or this week.
 */
export function periodFromSearch(
  search: URLSearchParams,
  now: Date,
  fallback?: Period,
): Period & { preset: PeriodChoice } {
  const from = parseDay(search.get("from"));
  const to = parseDay(search.get("to"));
  if (from && to) {
    const [first, last] = formatDay(from) <= formatDay(to) ? [from, to] : [to, from];
    const period = periodOf(first, last);
    if (period.end.getTime() - period.start.getTime() <= MAX_DAYS * 86_400_000) {
      return { ...period, preset: "custom" };
    }
  }
  const asked = search.get("period") ?? "";
  if ((PERIOD_PRESETS as readonly string[]).includes(asked)) {
    return { ...presetPeriod(asked as PeriodPreset, now), preset: asked as PeriodPreset };
  }
  if (fallback) return { ...fallback, preset: "default" };
  return { ...presetPeriod("this_week", now), preset: "this_week" };
}

/** "Nov 16 – Nov 22, 2026" for the page's heading. */
export function formatPeriod(period: Pick<Period, "first" | "last">): string {
  const format = (day: Day, withYear: boolean) => (withYear ? mediumDate(day) : monthDay(day));
  const same = formatDay(period.first) === formatDay(period.last);
  return same
    ? format(period.first, true)
    : `${format(period.first, period.first.year !== period.last.year)} – ${format(period.last, true)}`;
}

/** An instant range a list filters by. */
export interface InstantRange {
  start: Date;
  end: Date;
}

/**
 * A list's optional date filter from its URL: a preset `period`, or `from` and/or `to`
 * days (Chicago time); undefined when there is none.
 */
export function searchRange(search: URLSearchParams, now: Date): InstantRange | undefined {
  const period = search.get("period");
  if ((PERIOD_PRESETS as readonly string[]).includes(period ?? "")) {
    const { start, end } = presetPeriod(period as PeriodPreset, now);
    return { start, end };
  }
  const from = parseDay(search.get("from"));
  const to = parseDay(search.get("to"));
  if (!from && !to) return undefined;
  return {
    start: from ? chicagoMidnight(from) : new Date(0),
    end: to ? chicagoMidnight(addDays(to, 1)) : new Date(8.64e15),
  };
}
