import { CallBackQueue } from "~/components/admin/dashboard/call-back-queue";
import { NeedsAttention } from "~/components/admin/dashboard/needs-attention";
import { DashboardCards } from "~/components/admin/dashboard/dashboard-cards";
import {
  LeadsPerDayChart,
  RevenuePerWeekChart,
} from "~/components/admin/dashboard/dashboard-charts";
import { QuickActions } from "~/components/admin/dashboard/quick-actions";
import { SystemStatus } from "~/components/admin/dashboard/system-status";
import { PageHeader } from "~/components/admin/page-header";
import { useLoadErrorToast } from "~/components/admin/use-load-error-toast";
import { Card } from "~/components/ui/card";
import { FAILURE } from "~/lib/ui-text";
import { normalizePhone } from "~/lib/phone-parse";
import { dashboardActionSchema } from "~/lib/schemas/dashboard";
import { userActor, userContext } from "~/server/auth/session.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { CALL_BACK_DAYS, leadFromCall, listCallBacks } from "~/server/leads/call-back.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { chartPeriod, chartView } from "./period.server";
import { PeriodCaption, PeriodPicker } from "~/components/admin/period-picker";
import {
  countTeam,
  loadDashboardStats,
  readSystemStatus,
  type DashboardStats,
} from "~/server/screens/dashboard.server";
import { loadOrError } from "~/server/route-helpers/load-or-error.server";
import { OwedCard } from "~/components/admin/dashboard/owed-card";
import { totalOwed } from "~/server/money/payouts.server";
import { listNeedsAttention } from "~/server/night-watch/alerts.server";
import { readArrivalGroups } from "~/server/reports/site-promises.server";
import { ArrivalTable } from "~/components/admin/reports/arrival-table";
import { listNeedsClosing, readNeedsClosingHours } from "~/server/dispatch/needs-closing.server";
import { NeedsClosingCard } from "~/components/admin/dashboard/needs-closing-card";
import type { Route } from "./+types/index";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";

/**
 * The stats reload on any change to these tables (docs/spec/back-office.md §2 Dashboard), and
 * payouts.
 */
export const handle = {
  liveTables: ["locksmiths", "leads", "jobs", "call_logs", "payouts", "night_watch_alerts"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = context.get(userContext);
  const { db } = services.database;
  const now = new Date();
  const period = chartPeriod(request, now);
  // Checked first, alone: behind the stats' queries the round trip would time the queue.
  const status = await readSystemStatus(services, now);
  // Each part fails on its own: with the database down the System Status card still says so.
  const [stats, team, callBacks, owedCents, needsAttention, needsClosing, closingHours, arrival] =
    await Promise.all([
      loadOrError<DashboardStats | null>(
        FAILURE.loadDashboard,
        () => loadDashboardStats(db, now, period),
        null,
      ),
      countTeam(db).catch(() => null),
      listCallBacks(db).catch(() => null),
      totalOwed(db).catch(() => null),
      listNeedsAttention(db).catch(() => null),
      listNeedsClosing(db, now).catch(() => null),
      readNeedsClosingHours(db).catch(() => null),
      // Arrival against the site's promise for the charts' period, off the reports' rollups.
      readArrivalGroups(db, period).catch(() => null),
    ]);
  return {
    stats: stats.data,
    loadError: stats.loadError,
    status,
    checkedAt: now.toISOString(),
    team: team && { ...team, isOwner: user.role === "owner" },
    callBacks,
    callBackDays: CALL_BACK_DAYS,
    owedCents,
    needsAttention,
    needsClosing,
    closingHours,
    arrival,
    chart: chartView(period, now),
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  const db = database.db;
  return handleIntents(request, dashboardActionSchema, {
    "make-lead": {
      failure: FAILURE.makeLead,
      run: async ({ callId }) => {
        const lead = await leadFromCall(
          db,
          callId,
          userActor(context),
          normalizePhone(env.BUSINESS_PHONE),
        );
        return { redirectTo: `/admin/leads/${lead.id}`, toast: "Lead ready for the call back" };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    stats,
    loadError,
    status,
    checkedAt,
    team,
    callBacks,
    callBackDays,
    owedCents,
    needsAttention,
    needsClosing,
    closingHours,
    arrival,
    chart,
  } = loaderData;
  useLoadErrorToast(loadError);
  return (
    <>
      <PageHeader title="Admin Dashboard" description="Manage your locksmith business" />
      <div className="grid gap-6">
        <NeedsAttention items={needsAttention} checkedAt={checkedAt} />
        <NeedsClosingCard items={needsClosing} hours={closingHours} />
        <DashboardCards counts={stats} />
        <OwedCard owedCents={owedCents} />
        <CallBackQueue calls={callBacks} days={callBackDays} />
        <section aria-label="Charts period" className="grid gap-3">
          <PeriodPicker
            preset={chart.preset}
            first={chart.firstDay}
            last={chart.lastDay}
            defaultLabel={chart.defaultLabel}
          />
          <PeriodCaption first={chart.first} last={chart.last} />
        </section>
        {arrival && <ArrivalTable groups={arrival} />}
        {stats ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <LeadsPerDayChart days={stats.leadsPerDay} period={chart} />
            <RevenuePerWeekChart weeks={stats.revenuePerWeek} period={chart} />
          </div>
        ) : (
          <Card className="p-10 text-center">
            <p className="font-medium">{loadError}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              The charts return when the database answers; see System Status below.
            </p>
          </Card>
        )}
        <div className="grid gap-6 lg:grid-cols-2">
          <QuickActions team={team} />
          <SystemStatus status={status} checkedAt={checkedAt} />
        </div>
      </div>
    </>
  );
}
