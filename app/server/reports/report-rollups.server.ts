import { and, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { DIMENSIONS, type Dimension } from "~/lib/reports/report";
import {
  addUpRows,
  endedMonthsOf,
  lastDayOfMonth,
  rollUpByDay,
  splitPeriod,
  type RollupRow,
} from "~/lib/reports/rollup";
import { histogramFromJson, histogramToJson, type Tally } from "~/lib/reports/tally";
import {
  addDays,
  chicagoDay,
  chicagoMidnight,
  formatDay,
  parseDay,
  type Day,
} from "~/lib/time/chicago-period";
import type { Db } from "../db/database.server";
import { reportChanges, reportRollups } from "../db/report-tables.server";
import { readLeadFacts } from "./report-facts.server";

/*
 * The reports' daily rollups (issue 30, decision 0039). Triggers list the Chicago days whose
 * leads, offers or jobs changed (`report_changes`, in the same transaction as the change); a
 * refresh takes those rows and remakes those days' rollups from the records, in one
 * transaction. A change still open when the refresh takes the list is not on it yet: its row
 * appears when it commits, and the next refresh remakes its day again. Refreshes take turns
 * (an advisory lock), so two never write one day's rows at once. An ended month's rows are
 * remade with any of its days, and made by the background pass once the month is over.
 */

/** Days remade by one pass of the background refresh: a pass stays short. */
const DAYS_PER_PASS = 31;

/** Consecutive days ("YYYY-MM-DD", sorted) as runs, each read with one query. */
function consecutiveRuns(days: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run && previous && formatDay(addDays(parseDay(previous)!, 1)) === day) run.push(day);
    else runs.push([day]);
  }
  return runs;
}

const storedKey = (key: string | null) => key ?? "";

type Grain = "day" | "month";

function toStored(row: RollupRow, grain: Grain): typeof reportRollups.$inferInsert {
  const { tally } = row;
  return {
    grain,
    day: row.day,
    dimension: row.dimension,
    key: storedKey(row.key),
    leads: tally.leads,
    dispatched: tally.dispatched,
    accepted: tally.accepted,
    booked: tally.booked,
    completed: tally.completed,
    cancelled: tally.cancelled,
    revenueCents: tally.revenueCents,
    businessCutCents: tally.businessCutCents,
    guaranteeCallbacks: tally.guaranteeCallbacks,
    dispatchMinutes: histogramToJson(tally.dispatchMinutes),
    arrivalMinutes: histogramToJson(tally.arrivalMinutes),
  };
}

function fromStored(row: typeof reportRollups.$inferSelect): Tally {
  return {
    leads: row.leads,
    dispatched: row.dispatched,
    accepted: row.accepted,
    booked: row.booked,
    completed: row.completed,
    cancelled: row.cancelled,
    revenueCents: Number(row.revenueCents),
    businessCutCents: Number(row.businessCutCents),
    guaranteeCallbacks: row.guaranteeCallbacks,
    dispatchMinutes: histogramFromJson(row.dispatchMinutes),
    arrivalMinutes: histogramFromJson(row.arrivalMinutes),
  };
}

/**
 * Remakes the rollups of the changed days: those inside `within` (a report about to be
 * read), or else the latest DAYS_PER_PASS of them (the background pass). The days remade.
 */
export async function refreshReportRollups(
  db: Db,
  within?: { first: Day; last: Day },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lockline:report-rollups'))`);
    const taken = within
      ? await tx
          .delete(reportChanges)
          .where(
            and(
              gte(reportChanges.day, formatDay(within.first)),
              lte(reportChanges.day, formatDay(within.last)),
            ),
          )
          .returning({ day: reportChanges.day })
      : await tx
          .delete(reportChanges)
          .where(
            inArray(
              reportChanges.day,
              tx
                .selectDistinct({ day: reportChanges.day })
                .from(reportChanges)
                .orderBy(sql`${reportChanges.day} desc`)
                .limit(DAYS_PER_PASS),
            ),
          )
          .returning({ day: reportChanges.day });
    const days = [...new Set(taken.map((row) => row.day))].sort();
    const today = chicagoDay(new Date());
    const months = new Set(endedMonthsOf(days, today));
    if (!within) for (const month of await monthsWithoutRows(tx, today)) months.add(month);
    const rows: RollupRow[] = [];
    for (const run of consecutiveRuns(days)) {
      const facts = await readLeadFacts(tx, {
        start: chicagoMidnight(parseDay(run[0])!),
        end: chicagoMidnight(addDays(parseDay(run.at(-1))!, 1)),
      });
      rows.push(...rollUpByDay(facts));
    }
    if (days.length > 0) {
      await tx
        .delete(reportRollups)
        .where(and(eq(reportRollups.grain, "day"), inArray(reportRollups.day, days)));
    }
    await insertRows(tx, rows, "day");
    for (const month of [...months].sort()) await remakeMonth(tx, month);
    return days;
  });
}

async function insertRows(tx: Db, rows: readonly RollupRow[], grain: Grain): Promise<void> {
  for (let at = 0; at < rows.length; at += 500) {
    await tx
      .insert(reportRollups)
      .values(rows.slice(at, at + 500).map((row) => toStored(row, grain)));
  }
}

/** An ended month's rows: its days' rows added up, by dimension and key. */
async function remakeMonth(tx: Db, month: string): Promise<void> {
  const days = await tx
    .select()
    .from(reportRollups)
    .where(
      and(
        eq(reportRollups.grain, "day"),
        gte(reportRollups.day, month),
        lte(reportRollups.day, lastDayOfMonth(month)),
      ),
    );
  await tx
    .delete(reportRollups)
    .where(and(eq(reportRollups.grain, "month"), eq(reportRollups.day, month)));
  const rows = DIMENSIONS.flatMap((dimension) =>
    [...addUpRows(days.filter((row) => row.dimension === dimension).map(toGroup))].map(
      ([key, tally]) => ({ day: month, dimension, key, tally }),
    ),
  );
  await insertRows(tx, rows, "month");
}

/**
 * Ended months that have days but no month rows yet (one just ended). Every lead has an
 * hour, so the hour rows say which days had leads.
 */
async function monthsWithoutRows(tx: Db, today: Day): Promise<string[]> {
  const current = formatDay({ ...today, day: 1 });
  const result = await tx.execute(sql`
    select distinct date_trunc('month', day)::date::text as month from ${reportRollups}
    where dimension = 'hour' and grain = 'day' and day < ${current}
    except
    select day::text from ${reportRollups} where dimension = 'hour' and grain = 'month'`);
  return (result as unknown as { rows: { month: string }[] }).rows.map((row) => row.month);
}

const toGroup = (row: typeof reportRollups.$inferSelect) => ({
  key: row.key === "" ? null : row.key,
  tally: fromStored(row),
});

/**
 * The period's groups by each dimension asked for, added up from its ended months' rows and
 * its other days' rows (the changed days of the period remade first, so the figures are those
 * of this moment). A month whose rows are not made yet is read as its days.
 */
export async function readPeriodTallies(
  db: Db,
  period: { first: Day; last: Day },
  dimensions: readonly Dimension[],
): Promise<Map<Dimension, Map<string | null, Tally>>> {
  await refreshReportRollups(db, period);
  const split = splitPeriod(period, chicagoDay(new Date()));
  // The asked dimensions' rows of one grain, where `days` holds (no query when nothing can).
  const rowsOf = (grain: Grain, days: SQL | undefined) =>
    days === undefined
      ? Promise.resolve([])
      : db
          .select()
          .from(reportRollups)
          .where(
            and(
              inArray(reportRollups.dimension, [...dimensions]),
              eq(reportRollups.grain, grain),
              days,
            ),
          );
  const monthRows = await rowsOf(
    "month",
    split.months.length === 0 ? undefined : inArray(reportRollups.day, split.months),
  );
  const made = new Set(monthRows.map((row) => row.day));
  const ranges = [
    ...split.days,
    ...split.months
      .filter((month) => !made.has(month))
      .map((month) => ({ first: month, last: lastDayOfMonth(month) })),
  ];
  const dayRows = await rowsOf(
    "day",
    ranges.length === 0
      ? undefined
      : or(
          ...ranges.map((range) =>
            and(gte(reportRollups.day, range.first), lte(reportRollups.day, range.last)),
          ),
        ),
  );
  const stored = [...monthRows, ...dayRows];
  return new Map(
    dimensions.map((dimension) => [
      dimension,
      addUpRows(stored.filter((row) => row.dimension === dimension).map(toGroup)),
    ]),
  );
}
