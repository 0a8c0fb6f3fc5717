import { Download } from "lucide-react";
import { ScrollTable } from "~/components/admin/scroll-table";
import { REPORT_COLUMNS } from "~/lib/reports/columns";
import type { ReportRow } from "~/lib/reports/report";
import { cn } from "~/lib/utils";

/**
 * One report as a table: a row per group, the total last, every column of
 * app/lib/reports/columns.ts (the CSV's too). Wide, so it scrolls sideways inside its own
 * region (keyboard focusable), the group's name kept in view.
 */
export function ReportTable({
  title,
  groupHeader,
  rows,
  total,
  csvHref,
}: {
  title: string;
  groupHeader: string;
  rows: readonly ReportRow[];
  total: ReportRow;
  csvHref: string;
}) {
  return (
    <section aria-labelledby="report-table-heading" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="report-table-heading" className="text-lg font-semibold">
          {title}
        </h2>
        <a
          href={csvHref}
          download
          className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-border bg-white px-3 text-sm font-medium hover:bg-muted"
        >
          <Download className="size-4" aria-hidden="true" />
          Download CSV<span className="sr-only"> of {title}</span>
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">
          No leads in this period.
        </p>
      ) : (
        <ScrollTable title={title} caption="“—” where a figure cannot be known">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={cn(STICKY, "bg-slate-50 px-3 py-2 font-semibold")}>
                  {groupHeader}
                </th>
                {REPORT_COLUMNS.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    title={column.description}
                    className="px-3 py-2 text-right font-semibold whitespace-nowrap"
                  >
                    {column.header}
                    {column.description && <span className="sr-only"> ({column.description})</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ReportLine
                  key={row.key ?? "not-known"}
                  row={row}
                  className="border-t border-border"
                />
              ))}
            </tbody>
            <tfoot>
              <ReportLine row={total} className="border-t-2 border-border font-semibold" />
            </tfoot>
        </ScrollTable>
      )}
    </section>
  );
}

const STICKY = "sticky left-0 z-10 bg-white text-left";

/** A group's line: its name kept in view, then every column's figure. */
function ReportLine({ row, className }: { row: ReportRow; className: string }) {
  return (
    <tr className={className}>
      <th scope="row" className={cn(STICKY, "max-w-64 truncate px-3 py-2")}>
        {row.label}
      </th>
      {REPORT_COLUMNS.map((column) => (
        <td key={column.key} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
          {column.show(row)}
        </td>
      ))}
    </tr>
  );
}
