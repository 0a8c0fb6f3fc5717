import { Link } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { PageHeader } from "~/components/admin/page-header";
import { ReconciliationView } from "~/components/admin/reconciliation/reconciliation-view";
import { ShowForm } from "~/components/admin/show-form";
import { buttonVariants } from "~/components/ui/button-variants";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatCents } from "~/lib/money/money";
import { addMonths, formatMonth, requestedMonth } from "~/lib/money/reconciliation";
import { chicagoMidnight } from "~/lib/time/chicago-period";
import { readReconciliation } from "~/server/money/reconciliation.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/index";

/*
 * The reconciliation of a month (issue 44, decision 0054): Stripe's charges and refunds
 * against the jobs' card money, every difference listed. Owners and admins, as Jobs and
 * Payouts (the admin layout checks the session and the role).
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, payLinks } = context.get(servicesContext);
  const month = requestedMonth(new URL(request.url).searchParams, new Date());
  const period = {
    start: chicagoMidnight({ ...month, day: 1 }),
    end: chicagoMidnight({ ...addMonths(month, 1), day: 1 }),
  };
  const view = await readReconciliation(database.db, payLinks, period);
  const sum = (rows: readonly { amountCents: number }[]) =>
    rows.reduce((total, row) => total + row.amountCents, 0);
  return {
    month: formatMonth(month),
    view:
      view.state === "ready"
        ? view
        : {
            state: view.state,
            ours: {
              payments: view.ours.payments.length,
              paidCents: sum(view.ours.payments),
              refunds: view.ours.refunds.length,
              refundedCents: sum(view.ours.refunds.filter((one) => one.state !== "failed")),
            },
          },
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Reconciliation | Admin" }];

const MONTH_NAME = new Intl.DateTimeFormat("en-US", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

function monthName(text: string): string {
  const [year, month] = text.split("-").map(Number);
  return MONTH_NAME.format(new Date(Date.UTC(year!, month! - 1, 15)));
}

export default function ReconciliationPage({ loaderData }: Route.ComponentProps) {
  const { month, view } = loaderData;
  const [year, number] = month.split("-").map(Number);
  const step = (months: number) =>
    `?month=${formatMonth(addMonths({ year: year!, month: number! }, months))}`;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Reconciliation"
        description="What Stripe says was paid and refunded by card in a month, against the card money the jobs recorded. Every difference is listed. Months run midnight to midnight, Chicago time."
      >
        <Link to="/admin/payouts" className={buttonVariants({ variant: "outline" })}>
          Payouts
        </Link>
      </PageHeader>
      <div className="flex flex-wrap items-end gap-2 print:hidden">
        <Link to={step(-1)} className={buttonVariants({ variant: "outline" })}>
          Previous month
        </Link>
        <Link to={step(1)} className={buttonVariants({ variant: "outline" })}>
          Next month
        </Link>
        <ShowForm key={month}>
          <div className="grid gap-1">
            <Label htmlFor="reconcile-month">Month</Label>
            <Input
              id="reconcile-month"
              name="month"
              type="month"
              defaultValue={month}
              className="w-44"
            />
          </div>
        </ShowForm>
      </div>
      <h2 className="text-lg font-semibold">{monthName(month)}</h2>
      {view.state === "ready" ? (
        <ReconciliationView reconciliation={view.reconciliation} truncated={view.truncated} />
      ) : (
        <Alert variant={view.state === "unreachable" ? "destructive" : "default"}>
          <AlertDescription className="grid gap-1">
            <p className="font-medium">
              {view.state === "not_configured"
                ? "Stripe is not configured, so there is nothing to reconcile against."
                : "Stripe did not answer, so this month cannot be reconciled now. Try again in a few minutes."}
            </p>
            <p>
              {view.state === "not_configured"
                ? "Card pay links are off until STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. "
                : ""}
              The jobs recorded {view.ours.payments} card{" "}
              {view.ours.payments === 1 ? "payment" : "payments"} (
              {formatCents(view.ours.paidCents)}) and {view.ours.refunds}{" "}
              {view.ours.refunds === 1 ? "refund" : "refunds"} (
              {formatCents(view.ours.refundedCents)}) in {monthName(month)}.
            </p>
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}
