import { sql } from "drizzle-orm";
import type { ServiceType } from "~/lib/business-enums";
import type { LeadFact } from "~/lib/reports/report";
import { assignments, jobs, leads } from "../db/business-tables.server";
import type { Db } from "../db/database.server";

/*
 * The reports' one read of the business's records (issue 30, decision 0039): a fact per lead
 * that came in during some instants, with what became of it. The daily rollups are made from
 * these (report-rollups.server.ts); every figure is then computed by app/lib/reports.
 */

const time = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string);
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** The period's leads, each with its dispatch, arrival, jobs and locksmith. */
export async function readLeadFacts(
  db: Db,
  range: { start: Date; end: Date },
): Promise<LeadFact[]> {
  const result = await db.execute(sql`
    select l.created_at, l.source_name, l.landing_page, l.request_page, l.zip, l.service_type,
      l.status = 'cancelled' as cancelled, l.guarantee_job_id is not null as guarantee_callback,
      a.first_offer_at, a.accepted, a.first_arrived_at,
      coalesce(j.has_job, false) as has_job, coalesce(j.booked, false) as booked,
      coalesce(j.completed, false) as completed,
      coalesce(j.revenue, 0) as revenue, coalesce(j.cut, 0) as cut,
      coalesce(j.job_locksmith_id, a.last_locksmith_id)::text as locksmith,
      j.first_job_at
    from ${leads} l
    left join lateral (
      select min(created_at) as first_offer_at, bool_or(accepted_at is not null) as accepted,
        min(arrived_at) as first_arrived_at,
        (array_agg(locksmith_id order by created_at desc))[1] as last_locksmith_id
      from ${assignments} where lead_id = l.id
    ) a on true
    left join lateral (
      select true as has_job, bool_or(status <> 'cancelled') as booked,
        bool_or(status = 'completed') as completed,
        sum(final_price_cents) filter (where status = 'completed') as revenue,
        sum(your_cut_cents) filter (where status = 'completed') as cut,
        min(created_at) as first_job_at,
        (array_agg(locksmith_id order by (status = 'completed') desc, created_at desc))[1]
          as job_locksmith_id
      from ${jobs} where lead_id = l.id
      having count(*) > 0
    ) j on true
    where l.created_at >= ${range.start.toISOString()} and l.created_at < ${range.end.toISOString()}
  `);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => {
    const firstOffer = time(row.first_offer_at);
    const firstJob = time(row.first_job_at);
    // A job the office made without an offer counts as dispatched and accepted when made.
    const dispatchedAt =
      firstOffer && firstJob
        ? firstOffer < firstJob
          ? firstOffer
          : firstJob
        : (firstOffer ?? firstJob);
    return {
      createdAt: new Date(row.created_at as string),
      sourceName: text(row.source_name),
      landingPage: text(row.landing_page),
      requestPage: text(row.request_page),
      zip: text(row.zip),
      serviceType: row.service_type as ServiceType,
      locksmith: text(row.locksmith),
      dispatchedAt,
      accepted: row.accepted === true || row.has_job === true,
      arrivedAt: time(row.first_arrived_at),
      booked: row.booked === true,
      completed: row.completed === true,
      cancelled: row.cancelled === true,
      revenueCents: Number(row.revenue),
      businessCutCents: Number(row.cut),
      guaranteeCallback: row.guarantee_callback === true,
    };
  });
}
