import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { LIVE_STATES } from "~/lib/dispatch/assignment-machine";
import { assignments, leads, locksmiths } from "../db/business-tables.server";
import type { Db } from "../db/database.server";

/*
 * Who to offer a lead to, best first. A minimal ranking until the on-call roster (issue 28,
 * night-roster) brings schedules, availability and distances: active locksmiths who cover
 * the lead's ZIP and hold no live assignment are eligible, fewest declines in the last day
 * first; everyone else follows, not eligible.
 */

export interface RankedLocksmith {
  id: string;
  name: string;
  phone: string;
  /** active, covers the ZIP or is near it, on call now, available (not off, not on a job) */
  eligible: boolean;
  covers: boolean;
  distanceMiles: number | null;
  onCallNow: boolean;
  availability: "available" | "on_job" | "off";
  /** e.g. "2.1 mi · free since 9:40 · on call" */
  why: string;
}

const DECLINES_COUNTED_MS = 24 * 60 * 60_000;

/** Best first; eligible ones before the others. */
export async function rankLocksmithsForLead(
  db: Db,
  leadId: string,
  now: Date = new Date(),
): Promise<RankedLocksmith[]> {
  const [lead] = await db.select({ zip: leads.zip }).from(leads).where(eq(leads.id, leadId));
  if (!lead) return [];
  const active = await db
    .select({
      id: locksmiths.id,
      name: locksmiths.name,
      phone: locksmiths.phone,
      zips: locksmiths.assignedZips,
    })
    .from(locksmiths)
    .where(eq(locksmiths.active, true));
  if (active.length === 0) return [];
  const ids = active.map((row) => row.id);
  const busy = await db
    .selectDistinct({ id: assignments.locksmithId })
    .from(assignments)
    .where(and(inArray(assignments.locksmithId, ids), inArray(assignments.state, LIVE_STATES)));
  const busyIds = new Set(busy.map((row) => row.id));
  const declines = await db
    .select({ id: assignments.locksmithId, count: sql<number>`count(*)::int` })
    .from(assignments)
    .where(
      and(
        inArray(assignments.locksmithId, ids),
        eq(assignments.state, "declined"),
        gte(assignments.endedAt, new Date(now.getTime() - DECLINES_COUNTED_MS)),
      ),
    )
    .groupBy(assignments.locksmithId);
  const declined = new Map(declines.map((row) => [row.id, row.count]));
  const ranked = active.map((row): RankedLocksmith & { declines: number } => {
    const covers = lead.zip !== null && row.zips.includes(lead.zip);
    const onJob = busyIds.has(row.id);
    const count = declined.get(row.id) ?? 0;
    return {
      id: row.id,
      name: row.name,
      phone: row.phone,
      eligible: covers && !onJob,
      covers,
      distanceMiles: null,
      onCallNow: true,
      availability: onJob ? "on_job" : "available",
      why: [
        covers ? `covers ${lead.zip}` : "does not cover this ZIP",
        onJob ? "on a job" : "free",
        count ? `${count} declined today` : null,
      ]
        .filter(Boolean)
        .join(" · "),
      declines: count,
    };
  });
  ranked.sort(
    (a, b) =>
      Number(b.eligible) - Number(a.eligible) ||
      a.declines - b.declines ||
      a.name.localeCompare(b.name),
  );
  return ranked.map(({ declines: _declines, ...row }) => row);
}
