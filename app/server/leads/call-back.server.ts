import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { OPEN_LEAD_STATUSES } from "~/lib/business-enums";
import { callLogs, customers, leads, type Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import { notFound } from "../rule-error.server";
import { createLead } from "./leads.server";
import { sourceForCalledNumber } from "../reports/sources.server";

/** How far back a missed call still asks for a call back. */
export const CALL_BACK_DAYS = 7;

export interface CallBack {
  id: string;
  clientPhone: string;
  /** The caller's name, when the business knows it. */
  name: string | null;
  startTime: Date;
  /** Missed calls from this number in the window (the latest is the row). */
  attempts: number;
}

/**
 * The dashboard's call-back queue: the latest missed call of each number in the last week
 * that nobody has dealt with — no answered call from the number after it, and no lead from
 * it made after it by a person or the website (a lead the missed call made by itself, still
 * untouched, does not count as dealt with). Newest first.
 */
export async function listCallBacks(db: Db, limit = 10): Promise<CallBack[]> {
  const rows = await db.execute(sql`
    select distinct on (c.customer_id) c.id, c.client_phone, c.start_time, cu.name,
      count(*) over (partition by c.customer_id) as attempts
    from ${callLogs} c join ${customers} cu on cu.id = c.customer_id
    where c.status = 'missed' and c.customer_id is not null
      and c.start_time > now() - make_interval(days => ${CALL_BACK_DAYS})
      and not exists (
        select 1 from ${callLogs} later
        where later.customer_id = c.customer_id and later.status = 'answered'
          and later.start_time > c.start_time)
      and not exists (
        select 1 from ${leads} l
        where l.customer_id = c.customer_id and l.created_at > c.start_time
          and not (l.source = 'phone' and l.status = 'new'))
    order by c.customer_id, c.start_time desc
  `);
  // node-postgres and PGlite both answer { rows }.
  return (rows as unknown as { rows: Record<string, unknown>[] }).rows
    .map((row) => ({
      id: String(row.id),
      clientPhone: String(row.client_phone),
      name: typeof row.name === "string" ? row.name : null,
      startTime: new Date(row.start_time as string),
      attempts: Number(row.attempts),
    }))
    .sort((a, b) => b.startTime.getTime() - a.startTime.getTime())
    .slice(0, limit);
}

/**
 * Make lead, from a missed call: the caller's open lead if they have one, else a new phone
 * lead (emergency until someone hears otherwise).
 */
export async function leadFromCall(
  db: Db,
  callId: string,
  actor: Actor,
  /** The website's number (E.164): a call to it came from "Website" (decision 0039). */
  websiteNumber?: string,
): Promise<Lead> {
  if (!isUuid(callId)) throw notFound("Call not found");
  return db.transaction(async (tx) => {
    const [call] = await tx.select().from(callLogs).where(eq(callLogs.id, callId));
    if (!call) throw notFound("Call not found");
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`lockline:phone:${call.clientPhone}`}))`,
    );
    const [open] = await tx
      .select()
      .from(leads)
      .where(
        and(
          eq(leads.phone, call.clientPhone),
          inArray(leads.status, OPEN_LEAD_STATUSES),
          gt(leads.createdAt, sql`now() - interval '30 days'`),
        ),
      )
      .orderBy(desc(leads.createdAt))
      .limit(1);
    if (open) return open;
    return createLead(
      tx,
      {
        phone: call.clientPhone,
        serviceType: "emergency",
        source: "phone",
        // The number it dialled says where it came from (decision 0039).
        attribution: {
          sourceName: await sourceForCalledNumber(
            tx,
            call.calledNumber ?? undefined,
            websiteNumber,
          ),
          calledNumber: call.calledNumber ?? undefined,
        },
        details: "Made from a missed call in the call-back queue.",
      },
      actor,
    );
  });
}
