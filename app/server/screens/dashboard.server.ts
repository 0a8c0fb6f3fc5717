import { and, count, eq, gte, isNotNull, lt, sql, type AnyColumn } from "drizzle-orm";
import { fillBuckets, type DayCount, type WeekRevenue } from "~/lib/time/chart-buckets";
import {
  BUSINESS_TIME_ZONE,
  dayKeys,
  lastDaysPeriod,
  weekKeys,
  wholeWeeks,
  type Period,
} from "~/lib/time/chicago-period";
import { timeAgo } from "~/lib/time/relative-time";
import type { SystemStatusReport } from "~/lib/admin/system-status";
import { readSetting } from "../db/app-settings.server";
import { user } from "../db/auth-tables.server";
import { LAST_BACKUP_KEY } from "../db/backup.server";
import { jobs, leads } from "../db/business-tables.server";
import { countCalls } from "../phones/call-logs.server";
import { pingDatabase, type Db } from "../db/database.server";
import { countJobs } from "../money/jobs.server";
import { countLeads } from "../leads/leads.server";
import { countLocksmiths } from "../locksmiths/locksmiths.server";
import type { AppServices } from "../services.server";
import { logger } from "../logger.server";

/*
 * The dashboard's numbers. Each card is one aggregate query (count(*) with FILTER) from the
 * model that owns the table; each chart is one GROUP BY over a bounded created_at /
 * completed_at range, so a year of 100,000 leads or calls costs a range scan, never a read
 * of every row into the process. The charts count Chicago days and Monday-to-Sunday
 * Chicago weeks over the period the operator picks (decision 0017); the Call Activity
 * card's "today" stays the UTC date (docs/spec/back-office.md §9).
 */

/** How far back the charts look when no period is picked. */
export const CHART_DAYS = 90;

/** The charts' period when the URL names none: the last 90 Chicago days. */
export function defaultChartPeriod(now: Date): Period {
  return lastDaysPeriod(now, CHART_DAYS);
}

export interface DashboardStats {
  locksmiths: { total: number; active: number };
  leads: { total: number; new: number };
  jobs: { total: number; active: number };
  calls: { total: number; today: number };
  /** One entry per Chicago day of the period, oldest first, zeros included. */
  leadsPerDay: DayCount[];
  /** One entry per week (its Monday, Chicago) the period touches, oldest first, zeros included. */
  revenuePerWeek: WeekRevenue[];
}

export async function loadDashboardStats(
  db: Db,
  now: Date = new Date(),
  period: Period = defaultChartPeriod(now),
): Promise<DashboardStats> {
  const [locksmiths, leadCounts, jobCounts, calls, leadsPerDay, revenuePerWeek] = await Promise.all(
    [
      countLocksmiths(db),
      countLeads(db),
      countJobs(db),
      countCalls(db, now),
      leadsByDay(db, period),
      revenueByWeek(db, period),
    ],
  );
  return {
    locksmiths,
    leads: leadCounts,
    jobs: jobCounts,
    calls,
    leadsPerDay,
    revenuePerWeek,
  };
}

/** A timestamp's calendar date in Chicago, as PostgreSQL computes it. */
const chicagoDate = (column: AnyColumn) =>
  sql`(${column} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)})`;

/** Leads created per Chicago day (served by leads_created_at_idx: a range, then a group). */
export async function leadsByDay(db: Db, period: Period): Promise<DayCount[]> {
  // Grouped by the date (a 4-byte value) and formatted once per group: cheaper than
  // formatting every row.
  const day = sql`${chicagoDate(leads.createdAt)}::date`;
  const rows = await db
    .select({ key: sql<string>`to_char(${day}, 'YYYY-MM-DD')`, value: count() })
    .from(leads)
    .where(and(gte(leads.createdAt, period.start), lt(leads.createdAt, period.end)))
    .groupBy(day);
  return fillBuckets(
    dayKeys(period),
    rows.map((row) => ({ key: row.key, value: Number(row.value) })),
    { value: 0 },
  );
}

/**
 * Revenue per week: the final prices of jobs completed that week, for every whole week the
 * period touches. Money counts when the job is done (completed_at), not when it was
 * opened; cancelled and unpriced jobs add nothing, as on the Jobs page's Total Revenue.
 */
export async function revenueByWeek(db: Db, period: Period): Promise<WeekRevenue[]> {
  const { start, end } = wholeWeeks(period);
  const week = sql`date_trunc('week', ${chicagoDate(jobs.completedAt)})`;
  const rows = await db
    .select({
      key: sql<string>`to_char(${week}, 'YYYY-MM-DD')`,
      // bigint sum: node-postgres gives a string, PGlite a number; Number() reads both.
      value: sql<string>`coalesce(sum(${jobs.finalPriceCents}), 0)::bigint`,
      jobs: count(),
    })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, "completed"),
        isNotNull(jobs.finalPriceCents),
        gte(jobs.completedAt, start),
        lt(jobs.completedAt, end),
      ),
    )
    .groupBy(week);
  return fillBuckets(
    weekKeys(period),
    rows.map((row) => ({ key: row.key, value: Number(row.value), jobs: Number(row.jobs) })),
    { value: 0, jobs: 0 },
  );
}

/** The team hint: accounts, and sign-ups waiting for an owner's approval. */
export async function countTeam(db: Db): Promise<{ total: number; pending: number }> {
  const [row] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${user.role} = 'pending')`.mapWith(Number),
    })
    .from(user);
  return { total: Number(row?.total ?? 0), pending: Number(row?.pending ?? 0) };
}

const PING_TIMEOUT_MS = 2000;

/** Real checks for the System Status card: nothing here is a constant. */
export async function readSystemStatus(
  services: Pick<AppServices, "database" | "changes" | "env">,
  now: Date = new Date(),
): Promise<SystemStatusReport> {
  const { database, changes, env } = services;
  const engine = database.kind === "pglite" ? "Embedded (PGlite)" : "PostgreSQL";
  let status: SystemStatusReport["database"];
  try {
    const ms = await withTimeout(pingDatabase(database.db), PING_TIMEOUT_MS);
    status = { online: true, engine, roundTripMs: Math.round(ms * 10) / 10 };
  } catch (error) {
    logger.error({ err: error }, "Dashboard database ping failed");
    status = { online: false, engine };
  }

  const mode =
    database.kind !== "pglite" ? "server" : env.BACKUP_INTERVAL_HOURS > 0 ? "embedded" : "off";
  let lastAt: string | null = null;
  let unknown = false;
  if (status.online) {
    try {
      const value = await readSetting<string>(database.db, LAST_BACKUP_KEY);
      const parsed = typeof value === "string" ? new Date(value) : null;
      lastAt = parsed && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : null;
    } catch (error) {
      logger.error({ err: error }, "Reading the last backup time failed");
      unknown = true;
    }
  } else {
    unknown = true;
  }
  const intervalMs = env.BACKUP_INTERVAL_HOURS * 3_600_000;
  const overdue =
    mode === "embedded" &&
    !unknown &&
    lastAt !== null &&
    now.getTime() - new Date(lastAt).getTime() > 2 * intervalMs;

  return {
    database: status,
    liveChannel: changes.connected,
    backup: {
      mode,
      intervalHours: env.BACKUP_INTERVAL_HOURS,
      lastAt,
      ago: lastAt ? timeAgo(new Date(lastAt), now) : null,
      overdue,
      unknown,
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      timer.unref?.();
    }),
  ]).finally(() => clearTimeout(timer));
}
