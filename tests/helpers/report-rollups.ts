import { expect } from "vitest";
import { buildReport, DIMENSIONS, tallyByKey, type Report } from "~/lib/reports/report";
import type { Db } from "~/server/db/database.server";
import { readLeadFacts } from "~/server/reports/report-facts.server";
import { readReports, readSpend, type ReportPeriod } from "~/server/reports/reports.server";

/** A table's figures by key, without labels (the rollups' locksmiths are named, ids here). */
const figures = (report: Report) => ({
  rows: report.rows
    .map(({ label: _label, ...row }) => row)
    .sort((a, b) => String(a.key).localeCompare(String(b.key))),
  total: report.total,
});

/**
 * The reports read from the daily rollups equal the same tables made straight from the
 * records at this moment: no change to a lead, an offer or a job was missed.
 */
export async function expectRollupsToMatchRecords(db: Db, period: ReportPeriod): Promise<void> {
  const fromRollups = await readReports(db, period);
  const [facts, spend] = await Promise.all([readLeadFacts(db, period), readSpend(db, period)]);
  for (const [index, dimension] of DIMENSIONS.entries()) {
    const fromRecords = buildReport(tallyByKey(facts, dimension), dimension, spend, period);
    expect(figures(fromRollups[index]!), `the ${dimension} table`).toEqual(figures(fromRecords));
  }
}
