import { Link } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
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
import { formatDateTime, shortId } from "~/lib/format";
import { formatCents } from "~/lib/money/money";
import {
  DIFFERENCE_LABELS,
  STRIPE_LIST_CAP,
  type Reconciliation,
  type SideTotals,
} from "~/lib/money/reconciliation";

const signed = (cents: number) =>
  cents === 0 ? "—" : `${cents > 0 ? "+" : "−"}${formatCents(Math.abs(cents))}`;

const tight = "px-2 sm:px-3";

function TotalsTable({ stripe, ours }: { stripe: SideTotals; ours: SideTotals }) {
  const money: [string, number, number][] = [
    ["Paid", stripe.paidCents, ours.paidCents],
    ["Refunded", stripe.refundedCents, ours.refundedCents],
    ["Net", stripe.netCents, ours.netCents],
  ];
  const counts: [string, number, number][] = [
    ["Payments", stripe.payments, ours.payments],
    ["Refunds", stripe.refunds, ours.refunds],
  ];
  const label = (text: string) => (
    <TableHead scope="row" className={`${tight} text-sm normal-case`}>
      {text}
    </TableHead>
  );
  return (
    <Table data-testid="reconciliation-totals">
      <TableCaption>Totals: Stripe against the jobs</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className={tight}>
            <span className="sr-only">Total</span>
          </TableHead>
          <TableHead className={`${tight} text-right`}>Stripe</TableHead>
          <TableHead className={`${tight} text-right`}>Jobs</TableHead>
          <TableHead className={`${tight} text-right`}>Difference</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {money.map(([name, theirs, mine]) => (
          <TableRow key={name}>
            {label(name)}
            <TableCell className={`${tight} text-right tabular-nums`}>
              {formatCents(theirs)}
            </TableCell>
            <TableCell className={`${tight} text-right tabular-nums`}>
              {formatCents(mine)}
            </TableCell>
            <TableCell className={`${tight} text-right tabular-nums`}>
              {signed(mine - theirs)}
            </TableCell>
          </TableRow>
        ))}
        {counts.map(([name, theirs, mine]) => (
          <TableRow key={name}>
            {label(name)}
            <TableCell className={`${tight} text-right tabular-nums`}>{theirs}</TableCell>
            <TableCell className={`${tight} text-right tabular-nums`}>{mine}</TableCell>
            <TableCell className={`${tight} text-right tabular-nums`}>
              {mine === theirs ? "—" : `${mine > theirs ? "+" : "−"}${Math.abs(mine - theirs)}`}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Totals both sides and every difference, oldest first. */
export function ReconciliationView({
  reconciliation,
  truncated,
}: {
  reconciliation: Reconciliation;
  truncated: boolean;
}) {
  const { stripe, ours, matched, differences } = reconciliation;
  return (
    <div className="grid gap-6">
      {truncated && (
        <Alert variant="destructive">
          <AlertDescription>
            Stripe listed more than {STRIPE_LIST_CAP.toLocaleString("en-US")} charges or refunds for
            this month; only the first {STRIPE_LIST_CAP.toLocaleString("en-US")} of each are
            compared.
          </AlertDescription>
        </Alert>
      )}
      <TotalsTable stripe={stripe} ours={ours} />
      <section aria-labelledby="differences-heading" className="grid gap-3">
        <h2 id="differences-heading" className="text-lg font-semibold">
          {differences.length === 0
            ? "No differences"
            : `${differences.length} ${differences.length === 1 ? "difference" : "differences"}`}
        </h2>
        <p className="text-sm text-muted-foreground">
          {matched} {matched === 1 ? "payment or refund matches" : "payments and refunds match"} on
          both sides.
        </p>
        {differences.length > 0 && (
          <ul className="grid gap-3" data-testid="reconciliation-differences">
            {differences.map((difference, index) => (
              <li key={`${difference.kind}-${difference.stripeId ?? difference.jobId}-${index}`}>
                <Card className="grid gap-2 p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Badge variant="warning">{DIFFERENCE_LABELS[difference.kind]}</Badge>
                    <span className="text-sm text-muted-foreground">
                      {formatDateTime(difference.at)}
                    </span>
                  </div>
                  <p>{difference.text}</p>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    {difference.stripeCents !== null && (
                      <>
                        <dt className="text-muted-foreground">Stripe</dt>
                        <dd className="tabular-nums">{formatCents(difference.stripeCents)}</dd>
                      </>
                    )}
                    {difference.oursCents !== null && (
                      <>
                        <dt className="text-muted-foreground">Recorded</dt>
                        <dd className="tabular-nums">{formatCents(difference.oursCents)}</dd>
                      </>
                    )}
                    {difference.stripeId && (
                      <>
                        <dt className="text-muted-foreground">Stripe id</dt>
                        <dd className="font-mono text-xs break-all">{difference.stripeId}</dd>
                      </>
                    )}
                    {difference.jobId && (
                      <>
                        <dt className="text-muted-foreground">Job</dt>
                        <dd>
                          <Link
                            to={`/admin/jobs?q=${shortId(difference.jobId)}`}
                            className="font-medium text-brand-700 underline underline-offset-2"
                          >
                            {difference.clientName} ({shortId(difference.jobId)})
                          </Link>
                        </dd>
                      </>
                    )}
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
