import { FileText, HandCoins } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { OPEN_ID_PARAM, OPEN_PARAM } from "~/lib/admin/dialog-address";
import { DataList, type DataColumn } from "~/components/admin/data-list/data-list";
import { buttonVariants } from "~/components/ui/button-variants";
import { describeNet } from "~/lib/money/collection";
import { formatCents } from "~/lib/money/money";
import type { LocksmithMoney } from "~/lib/money/payouts";

/** The two dialogs a locksmith's line opens (their `?open=` names). */
export const RECORD_PAYOUT = "record-payout";
export const RECEIVE_PAYMENT = "receive-payment";

/** A locksmith's line, keyed by the locksmith's id (a list row's `id`). */
export type MoneyRow = Omit<LocksmithMoney, "locksmithId"> & { id: string };

/** Per locksmith: the period's jobs and split, what was paid, what is owed now. */
export function MoneyList({ rows }: { rows: readonly MoneyRow[] }) {
  const [params] = useSearchParams();
  const period = new URLSearchParams(
    [...params].filter(([name]) => name !== OPEN_PARAM && name !== OPEN_ID_PARAM),
  );
  const money = (cents: number) => <span className="tabular-nums">{formatCents(cents)}</span>;
  const columns: DataColumn<MoneyRow>[] = [
    { header: "Locksmith", cell: (row) => <span className="font-medium">{row.name}</span> },
    { header: "Jobs", align: "right", cell: (row) => row.jobs },
    { header: "Total price", align: "right", cell: (row) => money(row.totalCents) },
    { header: "Their cut", align: "right", cell: (row) => money(row.theirCutCents) },
    { header: "Business's cut", align: "right", cell: (row) => money(row.yourCutCents) },
    { header: "Business owes", align: "right", cell: (row) => money(row.businessOwesCents) },
    { header: "Locksmith owes", align: "right", cell: (row) => money(row.locksmithOwesCents) },
    // Pay-link jobs whose card money has not come: owed to nobody yet (decision 0050).
    {
      header: "Awaiting payment",
      align: "right",
      cell: (row) => money(row.awaitingPaymentCents),
    },
    { header: "Paid", align: "right", cell: (row) => money(row.paidCents) },
    { header: "Paid by them", align: "right", cell: (row) => money(row.paidByCents) },
    {
      header: "Owed now",
      align: "right",
      cell: (row) => <Net cents={row.owedCents} />,
    },
    { header: "Actions", align: "right", cell: (row) => <RowActions row={row} period={period} /> },
  ];
  return (
    <DataList
      rows={rows}
      columns={columns}
      caption="What each locksmith earned in the period, was paid, and is owed now"
      card={(row) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <span className="font-semibold">{row.name}</span>
            <span className="text-right">
              <span className="block text-xs text-muted-foreground">Owed now</span>
              <Net cents={row.owedCents} />
            </span>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Jobs</dt>
            <dd>{row.jobs}</dd>
            <dt className="text-muted-foreground">Total price</dt>
            <dd>{money(row.totalCents)}</dd>
            <dt className="text-muted-foreground">Their cut</dt>
            <dd>{money(row.theirCutCents)}</dd>
            <dt className="text-muted-foreground">Business's cut</dt>
            <dd>{money(row.yourCutCents)}</dd>
            <dt className="text-muted-foreground">Business owes</dt>
            <dd>{money(row.businessOwesCents)}</dd>
            <dt className="text-muted-foreground">Locksmith owes</dt>
            <dd>{money(row.locksmithOwesCents)}</dd>
            <dt className="text-muted-foreground">Awaiting payment</dt>
            <dd>{money(row.awaitingPaymentCents)}</dd>
            <dt className="text-muted-foreground">Paid</dt>
            <dd>{money(row.paidCents)}</dd>
            <dt className="text-muted-foreground">Paid by them</dt>
            <dd>{money(row.paidByCents)}</dd>
          </dl>
          <RowActions row={row} period={period} />
        </>
      )}
    />
  );
}

function RowActions({ row, period }: { row: MoneyRow; period: URLSearchParams }) {
  // Each dialog's address, for this locksmith: the server renders it whole (entry.server.tsx).
  const addressOf = (dialog: string) => {
    const address = new URLSearchParams(period);
    address.set(OPEN_PARAM, dialog);
    address.set(OPEN_ID_PARAM, row.id);
    return address;
  };
  const record = addressOf(RECORD_PAYOUT);
  const receive = addressOf(RECEIVE_PAYMENT);
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {row.owedCents > 0 && (
        <Link to={`?${record}`} preventScrollReset className={buttonVariants({ size: "sm" })}>
          <HandCoins aria-hidden="true" />
          Record payout<span className="sr-only"> to {row.name}</span>
        </Link>
      )}
      {row.owedCents < 0 && (
        <Link to={`?${receive}`} preventScrollReset className={buttonVariants({ size: "sm" })}>
          <HandCoins aria-hidden="true" />
          Record payment<span className="sr-only"> from {row.name}</span>
        </Link>
      )}
      <Link
        to={`/admin/payouts/${row.id}?${period}`}
        className={buttonVariants({ size: "sm", variant: "outline" })}
      >
        <FileText aria-hidden="true" />
        Statement<span className="sr-only"> of {row.name}</span>
      </Link>
    </div>
  );
}

/** The net in words: who owes whom, and how much (decision 0031). */
function Net({ cents }: { cents: number }) {
  return (
    <span className="font-semibold tabular-nums" data-net={cents}>
      {describeNet(cents, formatCents)}
    </span>
  );
}
