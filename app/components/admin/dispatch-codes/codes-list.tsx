import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import type { DispatchCodeStatus } from "~/lib/business-enums";
import { formatDateTime } from "~/lib/format";
import { CodeStatusForm } from "./code-status-form";
import { CopyCodeButton } from "./copy-code-button";

/** What the list shows of a code (the loader's row, dates as they arrive). */
export interface CodeRow {
  id: string;
  code: string;
  status: DispatchCodeStatus;
  /** From displayStatus (app/lib/dispatch-code.ts), computed by the server at load time. */
  displayStatus: DispatchCodeStatus;
  leadName: string | null;
  leadPhone: string | null;
  locksmithName: string | null;
  expirationTime: Date | string;
  createdAt: Date | string;
}

/** A table where the list's column has 768 px, cards below (a phone, or beside the sidebar). */
export function CodesList({ rows }: { rows: readonly CodeRow[] }) {
  return (
    <>
      <div className="hidden @3xl:block">
        <Table>
          <TableCaption>Dispatch codes, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Code</TableHead>
              <TableHead>Lead</TableHead>
              <TableHead>Locksmith</TableHead>
              <TableHead>Expires</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Created</TableHead>
              <TableHead className="text-right">Copy</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <CodeText code={row.code} />
                </TableCell>
                <TableCell className="min-w-40">
                  <Lead row={row} />
                </TableCell>
                <TableCell>
                  {row.locksmithName ?? <span className="text-muted-foreground">Not assigned</span>}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <Expires row={row} stacked />
                </TableCell>
                <TableCell>
                  <CodeStatusForm code={row} idPrefix="table" />
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  <StackedDateTime value={row.createdAt} />
                </TableCell>
                <TableCell className="text-right">
                  <CopyCodeButton code={row.code} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 @3xl:hidden" aria-label="Dispatch codes, newest first">
        {rows.map((row) => (
          <li key={row.id}>
            <Card className="grid gap-3 p-4">
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
            </Card>
          </li>
        ))}
      </ul>
    </>
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
  if (!row.leadName) return <span className="text-muted-foreground">No lead</span>;
  return (
    <span className="grid">
      <span>{row.leadName}</span>
      {row.leadPhone && (
        <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
          {row.leadPhone}
        </span>
      )}
    </span>
  );
}

/** The time, and the spec's "expired" once it has passed on a code that was not used. */
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

/** "Nov 21, 2026" over "10:23 PM": seven columns have to fit next to the sidebar. */
function StackedDateTime({ value }: { value: Date | string }) {
  const text = formatDateTime(value);
  const split = text.lastIndexOf(", ");
  if (split < 0) return <>{text}</>;
  return (
    <>
      <span className="block">{text.slice(0, split)}</span>
      <span className="block text-xs text-muted-foreground">{text.slice(split + 2)}</span>
    </>
  );
}
