import { HandCoins, Wallet } from "lucide-react";
import { useState } from "react";
import { closedDialogHref, OPEN_ID_PARAM, OPEN_PARAM } from "~/lib/admin/dialog-address";
import { RECEIVE_PAYMENT, RECORD_PAYOUT } from "~/components/admin/payouts/money-list";
import { Link, useLocation, useNavigate } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { PageHeader } from "~/components/admin/page-header";
import { MoneyList } from "~/components/admin/payouts/money-list";
import { PayoutsList } from "~/components/admin/payouts/payouts-list";
import { PeriodCaption, PeriodPicker } from "~/components/admin/period-picker";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { StatCard } from "~/components/admin/stat-card";
import { formatDay, presetPeriod } from "~/lib/time/chicago-period";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { formatCents } from "~/lib/money/money";
import { payoutActionSchema } from "~/lib/schemas/payouts";
import { requireOwner, userActor, userContext } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import {
  listPayouts,
  moneyByLocksmith,
  recordPayout,
  undoPayout,
  unsettledJobs,
} from "~/server/money/payouts.server";
import type { Route } from "./+types/index";
import { requestedPeriod } from "./period.server";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";

// Its code loads when first opened (decision 0040).
const RecordPayoutDialog = lazyDialog(() =>
  import("~/components/admin/payouts/record-payout-dialog").then(
    (module) => module.RecordPayoutDialog,
  ),
);

export const handle = { liveTables: ["jobs", "payouts", "locksmiths"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const { period, range } = requestedPeriod(request);
  const [money, paid] = await Promise.all([moneyByLocksmith(db, range), listPayouts(db, range)]);
  const search = new URL(request.url).searchParams;
  // The dialog's address names the locksmith: `?open=record-payout&id=…` (or receive-payment).
  const dialog = search.get(OPEN_PARAM);
  const locksmithId = search.get(OPEN_ID_PARAM);
  const payTo =
    dialog === RECORD_PAYOUT ? money.find((row) => row.locksmithId === locksmithId) : undefined;
  const payFrom =
    dialog === RECEIVE_PAYMENT ? money.find((row) => row.locksmithId === locksmithId) : undefined;
  const recordFor = payTo ?? payFrom;
  return {
    period: { preset: period.preset, first: period.first, last: period.last, range },
    rows: money.map(({ locksmithId, ...row }) => ({ id: locksmithId, ...row })),
    payouts: paid,
    isOwner: context.get(userContext).role === "owner",
    record: recordFor
      ? {
          locksmith: { id: recordFor.locksmithId, name: recordFor.name },
          owedCents: recordFor.owedCents,
          direction: payTo ? ("to_locksmith" as const) : ("from_locksmith" as const),
          today: formatDay(presetPeriod("today", new Date()).first),
          jobs: payTo ? await unsettledJobs(db, recordFor.locksmithId) : [],
        }
      : null,
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext).database;
  return handleIntents(request, payoutActionSchema, {
    record: {
      failure: FAILURE.recordPayout,
      form: true,
      run: async ({ intent: _, amount, ...payout }) => {
        const { existed } = await recordPayout(
          db,
          { ...payout, amountCents: amount },
          userActor(context),
        );
        return {
          toast: existed
            ? {
                type: "info",
                title: "Already recorded",
                description: "This payout was saved once.",
              }
            : payout.direction === "from_locksmith"
              ? {
                  title: "Payment recorded",
                  description: `${formatCents(amount)} received from the locksmith.`,
                }
              : { title: SUCCESS.payoutRecorded, description: `${formatCents(amount)} paid.` },
        };
      },
    },
    undo: {
      failure: FAILURE.undoPayout,
      run: async ({ payoutId }) => {
        requireOwner(context);
        await undoPayout(db, payoutId, userActor(context));
        return { toast: { title: SUCCESS.payoutUndone, description: "Its jobs are owed again." } };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Payouts | Admin" }];

export default function PayoutsPage({ loaderData }: Route.ComponentProps) {
  const { period, rows, payouts, isOwner, record } = loaderData;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const owed = rows.reduce((sum, row) => sum + Math.max(0, row.owedCents), 0);
  const owing = rows.reduce((sum, row) => sum + Math.max(0, -row.owedCents), 0);
  const theirs = rows.reduce((sum, row) => sum + row.theirCutCents, 0);
  const paid = rows.reduce((sum, row) => sum + row.paidCents, 0);
  const closeHref = closedDialogHref(pathname, search);
  const closeRecord = () => void navigate(closeHref, { preventScrollReset: true, replace: true });
  // Opened by loading the page at its address (a tap before hydration, or no JavaScript): the
  // server drew the dialog as part of the page, and so does hydration, until it is closed.
  const [fromDocument, setFromDocument] = useState(record !== null);
  if (fromDocument && !record) setFromDocument(false);
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Payouts"
        description="Settlements both ways: on a job the business collected it owes the locksmith their cut; on one the locksmith collected (cash, their card reader) the locksmith owes the business its cut. The net nets both, less every payment either way, whatever the period."
      >
        <Link to="/admin/reconciliation" className={buttonVariants({ variant: "outline" })}>
          Reconcile with Stripe
        </Link>
        {isOwner && (
          <Link to="/admin/payouts/year-end" className={buttonVariants({ variant: "outline" })}>
            Year-end 1099s
          </Link>
        )}
      </PageHeader>
      <PeriodPicker
        preset={period.preset}
        first={period.range.firstDay}
        last={period.range.lastDay}
      />
      <PeriodCaption first={period.first} last={period.last} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          title="Owed now"
          value={formatCents(owed)}
          icon={Wallet}
          detail="By the business, to locksmiths"
        />
        <StatCard
          title="Owed to the business"
          value={formatCents(owing)}
          icon={Wallet}
          detail="By locksmiths who hold the money"
        />
        <StatCard title="Their cut in the period" value={formatCents(theirs)} icon={HandCoins} />
        <StatCard title="Paid in the period" value={formatCents(paid)} icon={HandCoins} />
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">
          No completed jobs or payouts in this period, and nothing owed.
        </p>
      ) : (
        <MoneyList rows={rows} />
      )}
      <section aria-labelledby="payouts-heading" className="grid gap-3">
        <h2 id="payouts-heading" className="text-lg font-semibold">
          Payouts in the period
        </h2>
        {payouts.length === 0 ? (
          <p className="text-muted-foreground">None yet.</p>
        ) : (
          <PayoutsList rows={payouts} canUndo={isOwner} />
        )}
      </section>
      {record && (
        <RecordPayoutDialog
          key={record.locksmith.id}
          draft={record}
          onClose={closeRecord}
          inline={fromDocument}
          closeHref={closeHref}
        />
      )}
    </div>
  );
}
