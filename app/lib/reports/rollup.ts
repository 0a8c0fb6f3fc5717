import { addDays, chicagoDay, formatDay, type Day } from "../time/chicago-period";
import { DIMENSIONS, perUtcHour, tallyByKey, type Dimension, type LeadFact } from "./report";
import { emptyTally, mergeTally, type Tally } from "./tally";

/*
 * The reports' daily rollups (decision 0039): the leads of each Chicago day, tallied by every
 * dimension's key. A period's report adds its days' rows together, which gives exactly what
 * tallying its leads at once would (report.test.ts holds the two to each other). A month
 * that has ended also has its days added up once, in a month's rows: a year reads twelve of
 * those instead of 365 days.
 */

export interface RollupRow {
  /** The Chicago day the leads came in, "2026-11-27". */
  day: string;
  dimension: Dimension;
  /** The group's key; null: not known. */
  key: string | null;
  tally: Tally;
}

/** Every day's rows for some leads: one per day, dimension and key present that day. */
export function rollUpByDay(facts: readonly LeadFact[]): RollupRow[] {
  const byDay = new Map<string, LeadFact[]>();
  const dayOf = perUtcHour((instant) => formatDay(chicagoDay(instant)));
  for (const fact of facts) {
    const day = dayOf(fact.createdAt);
    const group = byDay.get(day);
    if (group) group.push(fact);
    else byDay.set(day, [fact]);
  }
  return [...byDay].flatMap(([day, dayFacts]) =>
    DIMENSIONS.flatMap((dimension) =>
      [...tallyByKey(dayFacts, dimension)].map(([key, tally]) => ({ day, dimension, key, tally })),
    ),
  );
}

/** One dimension's rows of many days, added up by key. */
export function addUpRows(
  rows: Iterable<Pick<RollupRow, "key" | "tally">>,
): Map<string | null, Tally> {
  const groups = new Map<string | null, Tally>();
  for (const { key, tally } of rows) {
    groups.set(key, mergeTally(groups.get(key) ?? emptyTally(), tally));
  }
  return groups;
}

/** A month's first day ("2026-11-01") and last. */
function monthOf(day: Day): { first: Day; last: Day } {
  const first = { ...day, day: 1 };
  const next = addDays({ ...first, day: 28 }, 4);
  return { first, last: addDays({ ...next, day: 1 }, -1) };
}

/** "2026-02-28" for "2026-02-01". */
export function lastDayOfMonth(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return formatDay(monthOf({ year: year!, month: number!, day: 1 }).last);
}

/** The first days of the months some days fall in that have ended by `today`. */
export function endedMonthsOf(days: readonly string[], today: Day): string[] {
  const current = formatDay(monthOf(today).first);
  const months = new Set(days.map((day) => `${day.slice(0, 7)}-01`));
  return [...months].filter((month) => month < current).sort();
}

/**
 * How a period is read: the months it holds whole that have ended (their month rows), and
 * the runs of days left over (their day rows).
 */
export function splitPeriod(
  period: { first: Day; last: Day },
  today: Day,
): { months: string[]; days: { first: string; last: string }[] } {
  const months: string[] = [];
  const days: { first: string; last: string }[] = [];
  const end = formatDay(period.last);
  const current = formatDay(monthOf(today).first);
  let day = period.first;
  while (formatDay(day) <= end) {
    const month = monthOf(day);
    const whole = day.day === 1 && formatDay(month.last) <= end && formatDay(month.first) < current;
    const last = formatDay(month.last) <= end ? month.last : period.last;
    if (whole) months.push(formatDay(month.first));
    else if (days.at(-1)?.last === formatDay(addDays(day, -1))) days.at(-1)!.last = formatDay(last);
    else days.push({ first: formatDay(day), last: formatDay(last) });
    day = addDays(last, 1);
  }
  return { months, days };
}
