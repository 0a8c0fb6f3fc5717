import { Link } from "react-router";
import { DataList, type DataColumn } from "~/components/admin/data-list/data-list";
import { Badge } from "~/components/ui/badge";
import { formatCents } from "~/lib/money/money";
import { PAYOUT_METHOD_LABELS, PAYOUT_METHODS, type PayoutMethod } from "~/lib/money/payouts";
import { COUNTS_TOWARD_NEC } from "~/lib/tax/payout-counting";

/*
 * The year-end page's list (decision 0070): each locksmith paid in the year, their payouts by
 * method, what counts toward the 1099-NEC and what is apart, whether one is due, and what
 * their W-9 still lacks, in words.
 */

export interface YearEndListRow {
  id: string;
  name: string;
  byMethod: Partial<Record<PayoutMethod, number>>;
  countedCents: number;
  apartCents: number;
  due: boolean;
  /** "Missing: taxpayer number" or "No W-9 on file"; null when the W-9 is complete. */
  w9Text: string | null;
}

const money = (cents: number | undefined) => (
  <span className="tabular-nums">{cents ? formatCents(cents) : "—"}</span>
);

function Standing({ row }: { row: YearEndListRow }) {
  return row.due ? (
    <Badge variant="warning">1099-NEC due</Badge>
  ) : (
    <Badge variant="secondary">Below the threshold</Badge>
  );
}

function W9Words({ row }: { row: YearEndListRow }) {
  if (!row.w9Text) return <span>Complete</span>;
  return (
    <span className={row.due ? "font-medium text-red-800" : "text-muted-foreground"}>
      {row.w9Text}
    </span>
  );
}

export function YearEndList({ rows }: { rows: readonly YearEndListRow[] }) {
  const methods = PAYOUT_METHODS.filter((method) => rows.some((row) => row.byMethod[method]));
  const methodHeader = (method: PayoutMethod) =>
    COUNTS_TOWARD_NEC[method]
      ? PAYOUT_METHOD_LABELS[method]
      : `${PAYOUT_METHOD_LABELS[method]} (apart)`;
  const columns: DataColumn<YearEndListRow>[] = [
    {
      header: "Locksmith",
      cell: (row) => (
        <Link
          to={`/admin/locksmiths/${row.id}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.name}
        </Link>
      ),
    },
    ...methods.map((method) => ({
      id: method,
      // Two-word methods ("Bank transfer") wrap under their column, as wide as its amounts.
      header: <span className="whitespace-normal">{methodHeader(method)}</span>,
      align: "right" as const,
      cell: (row: YearEndListRow) => money(row.byMethod[method]),
    })),
    { header: "Counted", align: "right", cell: (row) => money(row.countedCents) },
    { header: "1099-NEC", cell: (row) => <Standing row={row} /> },
    // Room for "Missing: taxpayer number, address" on two lines, not one word a line.
    { header: "W-9", className: "min-w-36", cell: (row) => <W9Words row={row} /> },
  ];
  return (
    <DataList
      rows={rows}
      columns={columns}
      caption="Each locksmith's payouts in the year by method, against the 1099-NEC threshold"
      card={(row) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <Link
              to={`/admin/locksmiths/${row.id}`}
              className="font-semibold text-brand-700 hover:underline"
            >
              {row.name}
            </Link>
            <Standing row={row} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {methods.map((method) => (
              <div key={method} className="contents">
                <dt className="text-muted-foreground">{methodHeader(method)}</dt>
                <dd>{money(row.byMethod[method])}</dd>
              </div>
            ))}
            <dt className="text-muted-foreground">Counted</dt>
            <dd>{money(row.countedCents)}</dd>
            <dt className="text-muted-foreground">W-9</dt>
            <dd>
              <W9Words row={row} />
            </dd>
          </dl>
        </>
      )}
    />
  );
}
