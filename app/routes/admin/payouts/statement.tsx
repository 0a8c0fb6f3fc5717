import { Download } from "lucide-react";
import { data, useRouteLoaderData } from "react-router";
import { PeriodCaption, PeriodPicker } from "~/components/admin/period-picker";
import { PrintButton } from "~/components/admin/payouts/print-button";
import { buttonVariants } from "~/components/ui/button-variants";
import type { BusinessContact } from "~/content/business";
import { chicagoDay, formatDay, formatPeriod } from "~/lib/time/chicago-period";
import { shortId } from "~/lib/format";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { COLLECTOR_LABELS, describeNet, SETTLEMENT_DIRECTION_LABELS } from "~/lib/money/collection";
import { formatCents } from "~/lib/money/money";
import { PAYOUT_METHOD_LABELS } from "~/lib/money/payouts";
import { formatPhone } from "~/lib/phone";
import { servicesContext } from "~/server/route-helpers/context.server";
import { readStatement } from "~/server/money/payouts.server";
import { BackLink } from "~/components/admin/back-link";
import type { Route } from "./+types/statement";
import { requestedPeriod } from "./period.server";

export const handle = { liveTables: ["jobs", "payouts", "locksmiths"] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const { period, range } = requestedPeriod(request);
  const statement = await readStatement(db, params.locksmithId, range);
  if (!statement) throw data("This locksmith does not exist (any more).", { status: 404 });
  return {
    ...statement,
    period: { preset: period.preset, first: period.first, last: period.last, range },
    query: new URL(request.url).search,
  };
}

export const meta: Route.MetaFunction = ({ data: statement }) => [
  {
    title: statement
      ? `Statement: ${statement.locksmith.name}, ${formatPeriod(statement.period)} | Admin`
      : "Statement | Admin",
  },
];

const day = (value: Date | string | null) => (value ? formatDay(chicagoDay(new Date(value))) : "");

/**
 * A locksmith's statement for a period: a page that prints as a clean document (the
 * admin's sidebar and header are left out of print), with its CSV.
 */
export default function StatementPage({ loaderData: statement }: Route.ComponentProps) {
  const root = useRouteLoaderData("root") as { business: BusinessContact } | undefined;
  const { locksmith, jobs, payouts, totals, owedCents, period, query } = statement;
  const money = (cents: number | null) => (cents === null ? "—" : formatCents(cents));
  return (
    <article className="grid gap-6 print:gap-4 print:text-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink to={`/admin/payouts${query}`}>Payouts</BackLink>
        <div className="flex flex-wrap gap-2">
          <PrintButton />
          <a
            href={`/admin/payouts/${locksmith.id}/statement.csv${query}`}
            className={buttonVariants({ variant: "outline" })}
          >
            <Download aria-hidden="true" />
            Download CSV
          </a>
        </div>
      </div>
      <PeriodPicker
        preset={period.preset}
        first={period.range.firstDay}
        last={period.range.lastDay}
      />
      <header className="grid gap-1 border-b border-border pb-4">
        <p className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          {root?.business.name} · Statement
        </p>
        <h1 className="text-2xl font-bold tracking-tight">{locksmith.name}</h1>
        <p className="text-sm text-muted-foreground">
          {formatPhone(locksmith.phone)}
          {locksmith.paymentMethod ? ` · paid by ${locksmith.paymentMethod}` : ""}
        </p>
        <PeriodCaption first={period.first} last={period.last} />
      </header>

      <section aria-labelledby="statement-jobs" className="grid gap-2">
        <h2 id="statement-jobs" className="font-semibold">
          Jobs completed ({jobs.length})
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-muted-foreground">
              <tr className="border-b border-border">
                <th className="py-2 pr-3 font-medium">Completed</th>
                <th className="py-2 pr-3 font-medium">Job</th>
                <th className="py-2 pr-3 font-medium">Client</th>
                <th className="py-2 pr-3 font-medium">Service</th>
                <th className="py-2 pr-3 text-right font-medium">Price</th>
                <th className="py-2 pr-3 text-right font-medium">Their cut</th>
                <th className="py-2 pr-3 text-right font-medium">Business</th>
                <th className="py-2 font-medium">Money held by</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {jobs.map((job) => (
                <tr key={job.id} className="border-b border-border/60">
                  <td className="py-1.5 pr-3 whitespace-nowrap">{day(job.completedAt)}</td>
                  <td className="py-1.5 pr-3 font-mono text-xs">{shortId(job.id)}</td>
                  <td className="py-1.5 pr-3">{job.clientName}</td>
                  <td className="py-1.5 pr-3">{SERVICE_TYPE_LABELS[job.jobType]}</td>
                  <td className="py-1.5 pr-3 text-right">{money(job.finalPriceCents)}</td>
                  <td className="py-1.5 pr-3 text-right">
                    {money(job.theirCutCents)}
                    {job.theirCutPercent !== null && (
                      <span className="text-xs text-muted-foreground">
                        {" "}
                        ({job.theirCutPercent}%)
                      </span>
                    )}
                  </td>
                  <td className="py-1.5 pr-3 text-right">{money(job.yourCutCents)}</td>
                  <td className="py-1.5">{COLLECTOR_LABELS[job.collectedBy]}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="font-semibold tabular-nums">
              <tr>
                <td colSpan={4} className="py-2 pr-3">
                  Total
                </td>
                <td className="py-2 pr-3 text-right">{money(totals.totalCents)}</td>
                <td className="py-2 pr-3 text-right">{money(totals.theirCutCents)}</td>
                <td className="py-2 pr-3 text-right">{money(totals.yourCutCents)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      <section aria-labelledby="statement-payouts" className="grid gap-2">
        <h2 id="statement-payouts" className="font-semibold">
          Payouts ({payouts.length})
        </h2>
        {payouts.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payouts in this period.</p>
        ) : (
          <ul className="grid gap-1 text-sm tabular-nums">
            {payouts.map((payout) => (
              <li
                key={payout.id}
                className="flex justify-between gap-3 border-b border-border/60 py-1.5"
              >
                <span>
                  {payout.paidOn} · {SETTLEMENT_DIRECTION_LABELS[payout.direction]} ·{" "}
                  {PAYOUT_METHOD_LABELS[payout.method]}
                  {payout.reference ? ` (${payout.reference})` : ""} · {payout.jobs} job
                  {payout.jobs === 1 ? "" : "s"}
                  {payout.partial ? " · partial" : ""}
                </span>
                <span className="font-medium">{formatCents(payout.amountCents)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 rounded-lg border border-border p-4 tabular-nums">
        <dt>Their cut in the period</dt>
        <dd className="text-right">{formatCents(totals.theirCutCents)}</dd>
        <dt>Business owes (jobs it collected)</dt>
        <dd className="text-right">{formatCents(totals.businessOwesCents)}</dd>
        <dt>Locksmith owes (jobs they collected)</dt>
        <dd className="text-right">{formatCents(totals.locksmithOwesCents)}</dd>
        <dt>Paid in the period</dt>
        <dd className="text-right">{formatCents(totals.paidCents)}</dd>
        <dt>Paid by the locksmith in the period</dt>
        <dd className="text-right">{formatCents(totals.paidByCents)}</dd>
        <dt className="font-semibold">Balance owed now</dt>
        <dd className="text-right font-semibold">{describeNet(owedCents, formatCents)}</dd>
      </dl>
    </article>
  );
}
