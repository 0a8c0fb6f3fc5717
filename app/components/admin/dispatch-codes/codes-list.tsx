import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { StackedDateTime } from "~/components/admin/data-list/cells";
import { DataList, type DataColumn } from "~/components/admin/data-list/data-list";
import type { DispatchCodeStatus } from "~/lib/business-enums";
import { formatDateTime } from "~/lib/format";
import { formatPhone } from "~/lib/phone";
import { CodeStatusForm } from "./code-status-form";
import { CopyCodeButton } from "./copy-code-button";

/** What the list shows of a code (the loader's row, dates as they arrive). */
export interface CodeRow {
  id: string;
  code: string;
  status: DispatchCodeStatus;
  /** From displayStatus (app/lib/dispatch/dispatch-code.ts), computed by the server on load. */
  displayStatus: DispatchCodeStatus;
  leadId: string | null;
  leadName: string | null;
  leadPhone: string | null;
  locksmithName: string | null;
  expirationTime: Date | string;
  createdAt: Date | string;
}

/** Dispatch codes, newest first, with a copy button on every row. */
export function CodesList({ rows }: { rows: readonly CodeRow[] }) {
  const columns: DataColumn<CodeRow>[] = [
    { header: "Code", cell: (row) => <CodeText code={row.code} /> },
    { header: "Lead", className: "min-w-40", cell: (row) => <Lead row={row} /> },
    {
      header: "Locksmith",
      cell: (row) =>
        row.locksmithName ?? <span className="text-muted-foreground">Not assigned</span>,
    },
    {
      header: "Expires",
      className: "whitespace-nowrap",
      cell: (row) => <Expires row={row} stacked />,
    },
    { header: "Status", cell: (row) => <CodeStatusForm code={row} idPrefix="table" /> },
    {
      header: "Created",
      className: "whitespace-nowrap tabular-nums",
      cell: (row) => <StackedDateTime value={row.createdAt} />,
    },
    { header: "Copy", align: "right", cell: (row) => <CopyCodeButton code={row.code} /> },
  ];
  return (
    <DataList
      rows={rows}
      columns={columns}
      caption="Dispatch codes, newest first"
      card={(row) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <CodeText code={row.code} className="text-lg" />
            <CopyCodeButton code={row.code} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Lead</dt>
            <dd>
              <Lead row={row} />
            </dd>
            <dt className="text-muted-foreground">Locksmith</dt>
            <dd>{row.locksmithName ?? "Not assigned"}</dd>
            <dt className="text-muted-foreground">Expires</dt>
            <dd>
              <Expires row={row} />
            </dd>
            <dt className="text-muted-foreground">Created</dt>
            <dd className="tabular-nums">{formatDateTime(row.createdAt)}</dd>
            <dt className="self-center text-muted-foreground">Status</dt>
            <dd>
              <CodeStatusForm code={row} idPrefix="card" />
            </dd>
          </dl>
        </>
      )}
    />
  );
}

/** The code itself; the copy button selects this text where the clipboard is unavailable. */
function CodeText({ code, className }: { code: string; className?: string }) {
  return (
    <span
      data-dispatch-code
      className={`font-mono font-semibold tracking-wider select-all ${className ?? ""}`}
    >
      {code}
    </span>
  );
}

function Lead({ row }: { row: CodeRow }) {
  if (!row.leadId || !row.leadName) return <span className="text-muted-foreground">No lead</span>;
  return (
    <span className="grid">
      <Link to={`/admin/leads/${row.leadId}`} className="hover:text-brand-700 hover:underline">
        {row.leadName}
      </Link>
      {row.leadPhone && (
        <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
          {formatPhone(row.leadPhone)}
        </span>
      )}
    </span>
  );
}

/**
 * The time, and "expired" once it has passed on a code that was not used
 * (docs/spec/back-office.md §4, dispatch code status).
 */
function Expires({ row, stacked = false }: { row: CodeRow; stacked?: boolean }) {
  const expired = row.displayStatus === "expired";
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="tabular-nums">
        {stacked ? (
          <StackedDateTime value={row.expirationTime} />
        ) : (
          formatDateTime(row.expirationTime)
        )}
      </span>
      {expired && <Badge variant="destructive">Expired</Badge>}
    </span>
  );
}
