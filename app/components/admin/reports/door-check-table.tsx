import { ScrollTable } from "~/components/admin/scroll-table";
import { FIGURE_CELL, FiguresHead } from "./figures-head";
import {
  NO_LOCKSMITH_LABEL,
  openings,
  type DoorCheckCounts,
  type DoorCheckReportRow,
} from "~/lib/door-check/report";

const CELL = FIGURE_CELL;
const HEADS = ["Openings", "Checked", "Skipped", "Refused"] as const;

function Counts({ counts }: { counts: DoorCheckCounts }) {
  return (
    <>
      <td className={CELL}>{openings(counts)}</td>
      <td className={CELL}>{counts.checked}</td>
      <td className={`${CELL} ${counts.skipped > 0 ? "font-semibold text-red-800" : ""}`}>
        {counts.skipped}
      </td>
      <td className={CELL}>{counts.refused}</td>
    </>
  );
}

/**
 * Reports → door checks (issue 49, decision 0069): each locksmith's openings of the period
 * by how the check of identity and authority came out. A locksmith who skips comes first.
 */
export function DoorCheckTable({
  rows,
  total,
}: {
  rows: readonly DoorCheckReportRow[];
  total: DoorCheckCounts;
}) {
  const title = "Door checks by locksmith";
  return (
    <section className="grid gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">
        Jobs that open something (lockouts, cars, homes, businesses, safes) completed or refused
        in the period. Skipped: completed with no check of photo ID and authority recorded.
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No openings in this period.</p>
      ) : (
        <ScrollTable title={title} caption="openings by the check's outcome">
          <FiguresHead first="Locksmith" heads={HEADS} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.locksmithId ?? "none"} className="border-t border-border">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {row.locksmithName ?? NO_LOCKSMITH_LABEL}
                </th>
                <Counts counts={row} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-border bg-slate-50 font-semibold">
              <th scope="row" className="px-3 py-2 text-left">
                Total
              </th>
              <Counts counts={total} />
            </tr>
          </tfoot>
        </ScrollTable>
      )}
    </section>
  );
}
