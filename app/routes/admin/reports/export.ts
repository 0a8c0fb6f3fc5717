import { csvLine } from "~/lib/admin/csv";
import { REPORT_COLUMNS } from "~/lib/reports/columns";
import { DIMENSION_LABELS } from "~/lib/reports/report";
import { formatDay } from "~/lib/time/chicago-period";
import { readReports } from "~/server/reports/reports.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { csvDownload } from "~/server/route-helpers/csv-export.server";
import type { Route } from "./+types/export";
import { reportRequest } from "./period.server";

/**
 * One report table as CSV (`?by=` and the period, as on the page): the rows, then the total,
 * from the same figures the page shows (app/lib/reports/columns.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const { period, dimension } = reportRequest(request);
  const [report] = await readReports(db, period, [dimension]);
  const lines = [
    csvLine([
      DIMENSION_LABELS[dimension].toLowerCase().replace(/ /g, "_"),
      ...REPORT_COLUMNS.map((c) => c.key),
    ]),
    ...[...report!.rows, report!.total].map((row) =>
      csvLine([row.label, ...REPORT_COLUMNS.map((column) => column.csv(row))]),
    ),
  ];
  const filename = `report-${dimension}-${formatDay(period.first)}-to-${formatDay(period.last)}.csv`;
  return csvDownload(lines, filename);
}
