import { and, desc, eq } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { activityLog, type ActivityRow } from "../db/activity-tables.server";
import type { Db } from "../db/database.server";

export interface ActivityEntry {
  actor: Actor;
  entity: string;
  entityId: string;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The lead whose timeline shows it. */
  leadId?: string | null;
}

/**
 * Appends to the activity log. Pass the transaction that makes the change (`tx`): the entry
 * is written with it, or not at all.
 */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLog).values({
    actorKind: entry.actor.kind,
    actorId: entry.actor.id ?? null,
    actorName: entry.actor.name ?? null,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    leadId: entry.leadId ?? null,
  });
}

/** A lead's timeline: everything recorded about it and its jobs, codes and texts, newest first. */
export async function listLeadActivity(
  db: Db,
  leadId: string,
  limit = 200,
): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activityLog)
    .where(eq(activityLog.leadId, leadId))
    .orderBy(desc(activityLog.at), desc(activityLog.id))
    .limit(limit);
}

/** One record's history (a locksmith's, a member's), newest first. */
export async function listEntityActivity(
  db: Db,
  entity: string,
  entityId: string,
  limit = 100,
): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.entity, entity), eq(activityLog.entityId, entityId)))
    .orderBy(desc(activityLog.at), desc(activityLog.id))
    .limit(limit);
}
