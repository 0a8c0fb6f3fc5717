/*
 * Buckets, axes and labels for the dashboard's charts. A bucket's key is a calendar date
 * ("2026-03-03"): a Chicago day, or the Monday of a Chicago week (decision 0017); the days
 * themselves come from app/lib/time/chicago-period.ts.
 */
import { monthDay } from "./chicago-clock";

/** Leads received on a Chicago day. */
export interface DayCount {
  key: string;
  value: number;
}

/** Revenue of a Chicago week (Monday to Sunday), keyed by its Monday. */
export interface WeekRevenue {
  key: string;
  /** Final prices of the jobs completed that week, in cents. */
  value: number;
  jobs: number;
}

/** The midnight that starts a day key, in UTC: where a calendar date is formatted. */
function keyToDate(key: string): Date {
  return new Date(`${key}T00:00:00.000Z`);
}

/**
 * One entry per key, in the keys' order, with the row of that key or `empty` when the
 * database had none (no leads that day is a bar of zero, not a missing bar). Rows outside
 * the keys are dropped.
 */
export function fillBuckets<T extends object>(
  keys: readonly string[],
  rows: readonly ({ key: string } & T)[],
  empty: T,
): ({ key: string } & T)[] {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key) => byKey.get(key) ?? { ...empty, key });
}

export interface Scale {
  /** The top of the axis: a round number at or above the data's maximum. */
  max: number;
  /** Gridline values from 0 to max, evenly spaced. */
  ticks: number[];
}

/**
 * A round axis for bars from 0 to `max`: steps of 1, 2, 2.5 or 5 times a power of ten, about
 * `count` of them, never below 1 (counts and cents are whole numbers).
 */
export function niceScale(max: number, count = 4): Scale {
  const top = Number.isFinite(max) && max > 0 ? max : 0;
  if (top === 0) return { max: 1, ticks: [0, 1] };
  const rough = top / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  // 2.5 only where it stays whole (25, 250, ...): a count axis never reads 7.5.
  const multiple = [1, 2, 2.5, 5, 10].find(
    (m) => m * power >= rough && Number.isInteger(m * power),
  );
  const step = Math.max(1, (multiple ?? 10) * power);
  const steps = Math.ceil(top / step);
  return { max: steps * step, ticks: Array.from({ length: steps + 1 }, (_, i) => i * step) };
}

/** "Mar 3" for the key "2026-03-03" (a calendar date, so formatted without a zone's shift). */
export function formatDayKey(key: string): string {
  const date = keyToDate(key);
  return monthDay({ month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

export interface SeriesSummary {
  total: number;
  /** The first bucket with the highest value; undefined when every bucket is 0. */
  peak: { key: string; value: number } | undefined;
  /** total / number of buckets; 0 for none. */
  average: number;
}

export function summarizeSeries(values: readonly { key: string; value: number }[]): SeriesSummary {
  let total = 0;
  let peak: SeriesSummary["peak"];
  for (const { key, value } of values) {
    total += value;
    if (value > 0 && (!peak || value > peak.value)) peak = { key, value };
  }
  return { total, peak, average: values.length ? total / values.length : 0 };
}
