import { and, eq, lte, or, sql } from "drizzle-orm";
import zipcodes from "zipcodes";
import { leadZip } from "~/lib/dispatch/lead-zip";
import { asShifts } from "~/lib/dispatch/on-call";
import { presenceAt } from "~/lib/locksmiths/shift";
import {
  MISSES_WINDOW_MS,
  rankLocksmiths,
  rosterStateOf,
  type LeadMiss,
  type LeadRanking,
  type Locate,
  type RankCandidate,
  type RankedLocksmith,
  type RosterState,
} from "~/lib/dispatch/ranking";
import { assignments, leads, locksmiths } from "../db/business-tables.server";
import { complianceDocuments } from "../db/compliance-tables.server";
import { needsClosingCutoff } from "~/lib/dispatch/needs-closing";
import { lastProgressSql, readNeedsClosingHours } from "./needs-closing.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";

export type { RankedLocksmith } from "~/lib/dispatch/ranking";

/** A US ZIP's centroid, from the zipcodes package's table (US Census ZCTAs). */
export const locateZip: Locate = (zip) => {
  const found = /^\d{5}$/.test(zip) ? zipcodes.lookup(zip) : undefined;
  return found && found.country === "US"
    ? { latitude: found.latitude, longitude: found.longitude }
    : undefined;
};

function toDate(value: unknown): Date | null {
  return value === null || value === undefined ? null : new Date(value as string);
}

/**
 * Every active locksmith with what ranking reads: their live assignment's start, the offers
 * they declined or let expire in the last 24 hours, and when their last assignment ended.
 * One statement; each per-locksmith read is one probe of a partial index (migration 0023),
 * so it costs the same at a thousand leads or a million.
 */
export async function readRankCandidates(db: Db, now = new Date()): Promise<RankCandidate[]> {
  const missesSince = new Date(now.getTime() - MISSES_WINDOW_MS);
  const cutoff = needsClosingCutoff(now, await readNeedsClosingHours(db));
  const result = await db.execute(sql`
    select l.id, l.name, l.phone, l.assigned_zips, l.presence, l.presence_changed_at, l.available_until,
      l.on_call_shifts, l.license_number, l.license_expires_on::text as license_expires_on,
      live.created_at as live_since, live.lead_id as live_lead_id,
      (select d.expires_on::text from ${complianceDocuments} d
        where d.locksmith_id = l.id and d.kind = 'insurance') as insurance_expires_on,
      (select count(*) from ${assignments} a
        where a.locksmith_id = l.id and a.end_reason in ('declined', 'expired')
          and a.ended_at > ${missesSince.toISOString()}::timestamptz) as recent_misses,
      (select coalesce(a.completed_at, a.ended_at) from ${assignments} a
        where a.locksmith_id = l.id and coalesce(a.completed_at, a.ended_at) is not null
        order by coalesce(a.completed_at, a.ended_at) desc limit 1) as last_finished_at
    from ${locksmiths} l
    left join lateral (
      select a.created_at, a.lead_id from ${assignments} a
      where a.locksmith_id = l.id
        and a.state in ('offered', 'accepted', 'on_the_way', 'arrived')
        -- An offer past its time is as good as expired: it blocks no one.
        and not (a.state = 'offered' and a.expires_at <= ${now.toISOString()}::timestamptz)
        -- Nor does one that needs closing: no progress for longer than the setting.
        and ${lastProgressSql(sql`a`)} >= ${cutoff.toISOString()}::timestamptz
      order by a.created_at limit 1) live on true
    where l.active
  `);
  // node-postgres and PGlite both answer { rows }.
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => {
    // Available lapses at the end of the shift they chose (decision 0057).
    const presence = presenceAt(
      {
        presence: row.presence === "off" ? "off" : "available",
        presenceChangedAt: new Date(row.presence_changed_at as string),
        availableUntil: toDate(row.available_until),
      },
      now,
    );
    return {
      id: String(row.id),
      name: String(row.name),
      phone: String(row.phone),
      assignedZips: (row.assigned_zips as string[] | null) ?? [],
      presence: presence.presence,
      presenceChangedAt: presence.since,
      onCallShifts: asShifts(
        typeof row.on_call_shifts === "string"
          ? JSON.parse(row.on_call_shifts)
          : row.on_call_shifts,
      ),
      liveSince: toDate(row.live_since),
      liveLeadId: typeof row.live_lead_id === "string" ? row.live_lead_id : null,
      lastFinishedAt: toDate(row.last_finished_at),
      recentMisses: Number(row.recent_misses),
      license: {
        number: typeof row.license_number === "string" ? row.license_number : null,
        expiresOn: typeof row.license_expires_on === "string" ? row.license_expires_on : null,
      },
      insuranceExpiresOn:
        typeof row.insurance_expires_on === "string" ? row.insurance_expires_on : null,
    };
  });
}

/** The active locksmiths ranked for a ZIP text: best first, eligible ones before the others. */
export async function rankForZip(
  db: Db,
  zipText: string | null,
  now = new Date(),
): Promise<LeadRanking> {
  return {
    zip: leadZip(zipText),
    ranked: rankLocksmiths(await readRankCandidates(db, now), zipText, locateZip, now),
  };
}

/**
 * A lead's ranking, with its ZIP and who already declined or let expire an offer of it (the
 * dialog does not choose them for the office); undefined when there is no such lead.
 */
export async function readLeadRanking(
  db: Db,
  leadId: string,
  now = new Date(),
): Promise<LeadRanking | undefined> {
  if (!isUuid(leadId)) return undefined;
  const [lead] = await db.select({ zip: leads.zip }).from(leads).where(eq(leads.id, leadId));
  if (!lead) return undefined;
  const [ranking, misses] = await Promise.all([
    rankForZip(db, lead.zip, now),
    leadMisses(db, leadId, now),
  ]);
  return { ...ranking, misses };
}

/** Per locksmith, the offers of this lead they declined or let run out (lapsed ones too). */
async function leadMisses(db: Db, leadId: string, now: Date): Promise<LeadMiss[]> {
  const lapsed = or(
    eq(assignments.endReason, "expired"),
    and(eq(assignments.state, "offered"), lte(assignments.expiresAt, now)),
  );
  const rows = await db
    .select({
      locksmithId: assignments.locksmithId,
      declined: sql<number>`count(*) filter (where ${assignments.endReason} = 'declined')`.mapWith(
        Number,
      ),
      expired: sql<number>`count(*) filter (where ${lapsed})`.mapWith(Number),
    })
    .from(assignments)
    .where(and(eq(assignments.leadId, leadId), or(eq(assignments.endReason, "declined"), lapsed)))
    .groupBy(assignments.locksmithId);
  return rows;
}

/**
 * The active locksmiths ranked for a lead (decision 0029): best first, eligible ones before
 * the others. Empty when there is no such lead.
 */
export async function rankLocksmithsForLead(
  db: Db,
  leadId: string,
  now = new Date(),
): Promise<RankedLocksmith[]> {
  return (await readLeadRanking(db, leadId, now))?.ranked ?? [];
}

/** Every active locksmith's state now, by name: the board. */
export async function readRosterBoard(db: Db, now = new Date()): Promise<RosterState[]> {
  const candidates = await readRankCandidates(db, now);
  return candidates
    .map((candidate) => rosterStateOf(candidate, now))
    .sort((a, b) => a.name.localeCompare(b.name, "en-US"));
}
