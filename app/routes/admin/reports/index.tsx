import { Link, useSearchParams } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { PeriodCaption, PeriodPicker } from "~/components/admin/period-picker";
import {
  AnswerTimeChart,
  FunnelChart,
  RevenueBySourceChart,
} from "~/components/admin/reports/report-charts";
import { ArrivalTable } from "~/components/admin/reports/arrival-table";
import { DoorCheckTable } from "~/components/admin/reports/door-check-table";
import { ReportTable } from "~/components/admin/reports/report-table";
import { DIMENSION_LABELS, DIMENSIONS, type Dimension } from "~/lib/reports/report";
import { formatDay } from "~/lib/time/chicago-period";
import { cn } from "~/lib/utils";
import { readReports } from "~/server/reports/reports.server";
import { readArrivalGroups } from "~/server/reports/site-promises.server";
import { LsaCounts } from "~/components/admin/reports/lsa-counts";
import { lsaPeriodCounts, readLsaConnection } from "~/server/lead-inbox/lsa-pull.server";
import { readDoorCheckReport } from "~/server/door-check/door-check-report.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/index";
import { reportRequest } from "./period.server";

/*
 * Reports (issue 30, decision 0039): what each source, page, city, service, locksmith and
 * hour brought in a period. Owners and admins only: the admin layout's middleware checks the
 * session and the role on the server before this loader runs.
 */

export const handle = { liveTables: ["leads", "jobs", "assignments"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const { period, dimension } = reportRequest(request);
  const wanted: Dimension[] = [...new Set<Dimension>([dimension, "source", "hour"])];
  const reports = await readReports(db, period, wanted);
  // After readReports: its refresh of the rollups has made the period's days already.
  const [arrival, doorChecks] = await Promise.all([
    readArrivalGroups(db, period),
    readDoorCheckReport(db, period),
  ]);
  // Google Local Services (issue 51): shown once connected, or when the period has its leads.
  const lsaCounts = await lsaPeriodCounts(db, period);
  const lsa = lsaCounts.leads > 0 || (await readLsaConnection(db)) ? lsaCounts : null;
  const of = (which: Dimension) => reports.find((report) => report.dimension === which)!;
  return {
    period: {
      preset: period.preset,
      first: period.first,
      last: period.last,
      firstDay: formatDay(period.first),
      lastDay: formatDay(period.last),
    },
    dimension,
    table: of(dimension),
    sources: of("source").rows,
    hours: of("hour").rows,
    arrival,
    lsa,
    doorChecks,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Reports | Admin" }];

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { period, dimension, table, sources, hours, arrival, lsa, doorChecks } = loaderData;
  const [params] = useSearchParams();
  const withBy = (by: Dimension) => {
    const next = new URLSearchParams(params);
    next.set("by", by);
    return `?${next}`;
  };
  const csv = new URLSearchParams(params);
  csv.set("by", dimension);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader
        title="Reports"
        description="What pays: each source, page, city, service, locksmith and hour, from the leads of the period and what became of them. Jobs count with their lead; “—” is a figure that cannot be known."
      />
      <PeriodPicker preset={period.preset} first={period.firstDay} last={period.lastDay} />
      <PeriodCaption first={period.first} last={period.last} />
      <nav aria-label="Report by" className="flex flex-wrap gap-2">
        {DIMENSIONS.map((by) => (
          <Link
            key={by}
            to={withBy(by)}
            preventScrollReset
            aria-current={by === dimension ? "page" : undefined}
            className={cn(
              "rounded-lg border px-3 py-1.5 text-sm font-medium",
              by === dimension
                ? "border-brand-700 bg-brand-50 text-brand-800"
                : "border-border bg-white hover:bg-muted",
            )}
          >
            By {DIMENSION_LABELS[by].toLowerCase()}
          </Link>
        ))}
      </nav>
      <ReportTable
        title={`By ${DIMENSION_LABELS[dimension].toLowerCase()}`}
        groupHeader={DIMENSION_LABELS[dimension]}
        rows={table.rows}
        total={table.total}
        csvHref={`/admin/reports/export.csv?${csv}`}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <FunnelChart total={table.total} />
        <RevenueBySourceChart rows={sources} />
      </div>
      {lsa && <LsaCounts counts={lsa} />}
      <AnswerTimeChart rows={hours} />
      <ArrivalTable groups={arrival} />
      <DoorCheckTable rows={doorChecks.rows} total={doorChecks.total} />
    </div>
  );
}
