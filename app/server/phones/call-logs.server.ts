import { and, count, desc, eq, getTableColumns, gte, lt, or, type SQL, sql } from "drizzle-orm";
import type { InstantRange } from "~/lib/time/chicago-period";
import type { CallStatus } from "~/lib/business-enums";
import type { ListQuery, Page } from "~/lib/admin/pagination";
import { callLogs, leads, type CallLog } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { countWhere, idContains, isUuid, phoneContains, readPage } from "../db/list-query.server";

/** Call logs are read only in the back office: the phone system writes them. */

export type CallLogListQuery = ListQuery<CallStatus> & {
  /** Calls that started in this range. */
  range?: InstantRange;
};

/**
 * Search (phone number or id: docs/spec/back-office.md §2 Call Logs page) and the status filter. A
 * search that is neither phone-like nor id-like ("smith") finds nothing.
 */
function callFilter({ q, status, range }: CallLogListQuery): SQL | undefined {
  const search = q
    ? (or(phoneContains(callLogs.clientPhoneDigits, q), idContains(callLogs.id, q)) ?? sql`false`)
    : undefined;
  return and(
    status ? eq(callLogs.status, status) : undefined,
    range ? gte(callLogs.startTime, range.start) : undefined,
    range ? lt(callLogs.startTime, range.end) : undefined,
    search,
  );
}

/**
 * The caller's latest lead, for a link from the call to it. The outer column is named with
 * its table: in a select list Drizzle writes a column bare, and inside this subquery a bare
 * "customer_id" would be the lead's own.
 */
const latestLeadId = sql<string | null>`(select l.id from ${leads} l
  where l.customer_id = ${callLogs}.${sql.identifier(callLogs.customerId.name)}
  order by l.created_at desc limit 1)`;

/** Calls, newest first, each with the caller's latest lead. */
export async function listCallLogs(
  db: Db,
  query: CallLogListQuery = {},
): Promise<Page<CallLog & { leadId: string | null }>> {
  const where = callFilter(query);
  return readPage({
    page: query.page,
    pageSize: query.pageSize,
    count: () => countWhere(db, callLogs, where),
    rows: (limit, offset) =>
      db
        .select({ ...getTableColumns(callLogs), leadId: latestLeadId })
        .from(callLogs)
        .where(where)
        .orderBy(desc(callLogs.createdAt), desc(callLogs.id))
        .limit(limit)
        .offset(offset),
  });
}

/** View Details. */
export async function getCallLog(db: Db, id: string): Promise<CallLog | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(callLogs).where(eq(callLogs.id, id));
  return row;
}

/**
 * The UTC day that contains `now` ("today" is the UTC date of created_at,
 * docs/spec/back-office.md §9).
 */
export function utcDay(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

export interface CallLogStats {
  totalCalls: number;
  answeredToday: number;
  missedToday: number;
  /** Whole seconds, over every answered call; 0 when there is none. */
  averageAnsweredSeconds: number;
}

/**
 * The Call Logs page's four cards (docs/spec/back-office.md §2 leaves their contents open; decision
 * 0008). Chosen for what an operator of a 24/7 line acts on:
 *   - total calls: the volume the line has handled (the dashboard's Call Activity total);
 *   - answered today: today's load, on the same UTC day as the dashboard's "calls today";
 *   - missed today: callers to call back now, each a lost job if left;
 *   - average answered duration: how long a call takes, for staffing the phone.
 * Busy and failed calls stay reachable through the status filter.
 */
export async function callLogStats(db: Db, now: Date = new Date()): Promise<CallLogStats> {
  const { start, end } = utcDay(now);
  const today = and(gte(callLogs.createdAt, start), lt(callLogs.createdAt, end));
  const [row] = await db
    .select({
      totalCalls: count(),
      answeredToday:
        sql<number>`count(*) filter (where ${callLogs.status} = 'answered' and ${today})`.mapWith(
          Number,
        ),
      missedToday:
        sql<number>`count(*) filter (where ${callLogs.status} = 'missed' and ${today})`.mapWith(
          Number,
        ),
      averageAnsweredSeconds:
        sql<number>`coalesce(round(avg(${callLogs.durationSeconds}) filter (where ${callLogs.status} = 'answered')), 0)::int`.mapWith(
          Number,
        ),
    })
    .from(callLogs);
  return {
    totalCalls: Number(row?.totalCalls ?? 0),
    answeredToday: Number(row?.answeredToday ?? 0),
    missedToday: Number(row?.missedToday ?? 0),
    averageAnsweredSeconds: Number(row?.averageAnsweredSeconds ?? 0),
  };
}

/** The dashboard's Call Activity card: calls today (UTC) and all calls. */
export async function countCalls(
  db: Db,
  now: Date = new Date(),
): Promise<{ total: number; today: number }> {
  const { start, end } = utcDay(now);
  const [row] = await db
    .select({
      total: count(),
      today:
        sql<number>`count(*) filter (where ${and(gte(callLogs.createdAt, start), lt(callLogs.createdAt, end))})`.mapWith(
          Number,
        ),
    })
    .from(callLogs);
  return { total: Number(row?.total ?? 0), today: Number(row?.today ?? 0) };
}
