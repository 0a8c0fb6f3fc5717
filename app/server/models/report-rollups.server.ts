import { and, asc, gte, inArray, lte, sql } from "drizzle-orm";
import type { Dimension } from "~/lib/reports/report";
import { addUpRows, rollUpByDay, type RollupRow } from "~/lib/reports/rollup";
import { histogramFromJson, histogramToJson, type Tally } from "~/lib/reports/tally";
import { addDays, chicagoMidnight, formatDay, parseDay, type Day } from "~/lib/time/chicago-period";
import type { Db } from "../db/database.server";
import { reportChanges, reportRollups } from "../db/report-tables.server";
import { readLeadFacts } from "./report-facts.server";

/*
 * The reports' daily rollups (issue 30, decision 0039). Triggers list the Chicago days whose
 * leads, offers or jobs changed (`report_changes`, in the same transaction as the change); a
 * refresh takes those rows and remakes those days' rollups from the records, in one
 * transaction. A change still open when the refresh takes the list is not on it yet: its row
 * appears when it commits, and the next refresh remakes its day again. Refreshes take turns
 * (an advisory lock), so two never write one day's rows at once.
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

function toStored(row: RollupRow): typeof reportRollups.$inferInsert {
  const { tally } = row;
  return {
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
    if (days.length === 0) return days;
    const rows: RollupRow[] = [];
    for (const run of consecutiveRuns(days)) {
      const facts = await readLeadFacts(tx, {
        start: chicagoMidnight(parseDay(run[0])!),
        end: chicagoMidnight(addDays(parseDay(run.at(-1))!, 1)),
      });
      rows.push(...rollUpByDay(facts));
    }
    await tx.delete(reportRollups).where(inArray(reportRollups.day, days));
    for (let at = 0; at < rows.length; at += 500) {
      await tx.insert(reportRollups).values(rows.slice(at, at + 500).map(toStored));
    }
    return days;
  });
}

/**
 * The period's groups by each dimension asked for, added up from its days' rollups (the
 * changed days of the period remade first, so the figures are those of this moment).
 */
export async function readPeriodTallies(
  db: Db,
  period: { first: Day; last: Day },
  dimensions: readonly Dimension[],
): Promise<Map<Dimension, Map<string | null, Tally>>> {
  await refreshReportRollups(db, period);
  const stored = await db
    .select()
    .from(reportRollups)
    .where(
      and(
        inArray(reportRollups.dimension, [...dimensions]),
        gte(reportRollups.day, formatDay(period.first)),
        lte(reportRollups.day, formatDay(period.last)),
      ),
    )
    .orderBy(asc(reportRollups.day));
  return new Map(
    dimensions.map((dimension) => [
      dimension,
      addUpRows(
        stored
          .filter((row) => row.dimension === dimension)
          .map((row) => ({ key: row.key === "" ? null : row.key, tally: fromStored(row) })),
      ),
    ]),
  );
}
