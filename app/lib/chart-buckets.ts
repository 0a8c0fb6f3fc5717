/*
 * Day and week buckets for the dashboard's charts. Everything is in UTC: the spec decides
 * the dashboard's "today" by the UTC date of created_at, and the charts must agree with the
 * "today" counts next to them. Weeks start on Monday, as PostgreSQL's date_trunc('week').
 */

const DAY_MS = 86_400_000;

/** "2026-03-03": the UTC date of an instant (the key SQL's to_char(..., 'YYYY-MM-DD') gives). */
export function utcDateKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC midnight that starts a day key. */
export function keyToDate(key: string): Date {
  return new Date(`${key}T00:00:00.000Z`);
}

function utcMidnight(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** The last `days` UTC days up to and including today, oldest first. */
export function lastDays(now: Date, days: number): string[] {
  const today = utcMidnight(now).getTime();
  return Array.from({ length: Math.max(0, days) }, (_, index) =>
    utcDateKey(new Date(today - (days - 1 - index) * DAY_MS)),
  );
}

/** The Monday (UTC midnight) of the week that contains `date`. */
export function utcWeekStart(date: Date): Date {
  const midnight = utcMidnight(date);
  const sinceMonday = (midnight.getUTCDay() + 6) % 7;
  return new Date(midnight.getTime() - sinceMonday * DAY_MS);
}

/**
 * The weeks (keyed by their Monday) that cover the last `days` days, oldest first. The
 * first week is taken whole, so every bar but the last is a full week; the last is the
 * current week so far.
 */
export function weeksCovering(now: Date, days: number): string[] {
  const first = utcWeekStart(new Date(utcMidnight(now).getTime() - (days - 1) * DAY_MS));
  const last = utcWeekStart(now).getTime();
  const keys: string[] = [];
  for (let time = first.getTime(); time <= last; time += 7 * DAY_MS) {
    keys.push(utcDateKey(new Date(time)));
  }
  return keys;
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

const dayLabel = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "Mar 3" for the key "2026-03-03" (a UTC date, so formatted in UTC). */
export function formatDayKey(key: string): string {
  return dayLabel.format(keyToDate(key));
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
