import { SETTLEMENT_DIRECTION_LABELS } from "~/lib/money/collection";
import { Undo2 } from "lucide-react";
import { DataList, type DataColumn } from "~/components/admin/data-list/data-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { RowForm, useRowSending } from "../row-form";
import { formatCents } from "~/lib/money/money";
import { PAYOUT_METHOD_LABELS, type PayoutRow } from "~/lib/money/payouts";

/** The period's payouts, newest first; an owner may undo one. */
export function PayoutsList({ rows, canUndo }: { rows: readonly PayoutRow[]; canUndo: boolean }) {
  const columns: DataColumn<PayoutRow>[] = [
    { header: "Paid on", className: "whitespace-nowrap tabular-nums", cell: (row) => row.paidOn },
    { header: "Locksmith", cell: (row) => row.locksmithName },
    { header: "Which way", cell: (row) => SETTLEMENT_DIRECTION_LABELS[row.direction] },
    { header: "Amount", align: "right", cell: (row) => <Amount row={row} /> },
    { header: "Method", cell: (row) => <Method row={row} /> },
    { header: "Jobs", align: "right", cell: (row) => row.jobs },
    ...(canUndo
      ? [
          {
            header: "Undo",
            align: "right" as const,
            cell: (row: PayoutRow) => <UndoButton row={row} />,
          },
        ]
      : []),
  ];
  return (
    <DataList
      rows={rows}
      columns={columns}
      caption="Payouts in the period, newest first"
      card={(row) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <span className="font-medium">{row.locksmithName}</span>
            <Amount row={row} />
          </div>
          <p className="text-sm text-muted-foreground">
            {row.paidOn} · {SETTLEMENT_DIRECTION_LABELS[row.direction]} · <Method row={row} /> ·{" "}
            {row.jobs} job{row.jobs === 1 ? "" : "s"}
          </p>
          {canUndo && <UndoButton row={row} />}
        </>
      )}
    />
  );
}

function Amount({ row }: { row: PayoutRow }) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold tabular-nums">
      {formatCents(row.amountCents)}
      {row.partial && <Badge variant="warning">Partial</Badge>}
    </span>
  );
}

function Method({ row }: { row: PayoutRow }) {
  return (
    <>
      {PAYOUT_METHOD_LABELS[row.method]}
      {row.reference ? ` (${row.reference})` : ""}
    </>
  );
}

function UndoButton({ row }: { row: PayoutRow }) {
  const fetcherKey = `payout-undo:${row.id}`;
  const { busy } = useRowSending(fetcherKey);
  return (
    <RowForm
      fetcherKey={fetcherKey}
      onSubmit={(event) => {
        if (
          !window.confirm(
            `Undo the ${formatCents(row.amountCents)} payout to ${row.locksmithName}? Its jobs will be owed again.`,
          )
        )
          event.preventDefault();
      }}
    >
      <input type="hidden" name="payoutId" value={row.id} />
      <Button type="submit" name="intent" value="undo" size="sm" variant="ghost" disabled={busy}>
        <Undo2 aria-hidden="true" />
        Undo<span className="sr-only"> payout to {row.locksmithName}</span>
      </Button>
    </RowForm>
  );
}
