import { inArray } from "drizzle-orm";
import { LSA_SOURCE_NAME } from "~/lib/lead-inbox/lsa";
import {
  buildReport,
  DIMENSIONS,
  type Dimension,
  type LeadCharges,
  type Report,
} from "~/lib/reports/report";
import { formatDay, type Day } from "~/lib/time/chicago-period";
import { locksmiths } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { lsaPeriodCounts } from "../lead-inbox/lsa-pull.server";
import { readPeriodTallies } from "./report-rollups.server";
import { spendByMonth } from "./sources.server";

/*
 * The reports (issue 30, decision 0039): the period's groups, added up from its days'
 * rollups, and the spend entered for the months it touches. Every figure is computed from
 * these by app/lib/reports/report.ts, for the page and the CSV alike. Google Local Services
 * reports which of its leads it charged and credited back: its cost per booked job leaves the
 * credited ones out (issue 51).
 */

export interface ReportPeriod {
  first: Day;
  last: Day;
  start: Date;
  end: Date;
}

/** The spend entered for the months a period touches, by lower-case source name. */
export async function readSpend(db: Db, period: { first: Day; last: Day }) {
  const firstMonth = formatDay({ ...period.first, day: 1 });
  const after =
    period.last.month === 12
      ? { year: period.last.year + 1, month: 1, day: 1 }
      : { year: period.last.year, month: period.last.month + 1, day: 1 };
  return spendByMonth(db, firstMonth, formatDay(after));
}

/** Every table of the reports for a period. */
export async function readReports(
  db: Db,
  period: ReportPeriod,
  dimensions: readonly Dimension[] = DIMENSIONS,
): Promise<Report[]> {
  const [tallies, spend, lsa] = await Promise.all([
    readPeriodTallies(db, period, dimensions),
    readSpend(db, period),
    lsaPeriodCounts(db, period),
  ]);
  const charges = new Map<string, LeadCharges>(
    lsa.charged > 0 ? [[LSA_SOURCE_NAME.toLowerCase(), lsa]] : [],
  );
  const names = await locksmithNames(db, [...(tallies.get("locksmith")?.keys() ?? [])]);
  return dimensions.map((dimension) =>
    buildReport(tallies.get(dimension)!, dimension, spend, period, names, charges),
  );
}

/** The locksmith rows are keyed by id: their names, as they are now. */
async function locksmithNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const known = ids.filter((id): id is string => id !== null);
  if (known.length === 0) return new Map();
  const rows = await db
    .select({ id: locksmiths.id, name: locksmiths.name })
    .from(locksmiths)
    .where(inArray(locksmiths.id, known));
  return new Map(rows.map((row) => [row.id, row.name]));
}
