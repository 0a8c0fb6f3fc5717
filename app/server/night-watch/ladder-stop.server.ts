import { and, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { ladderStopText, type LadderStop } from "~/lib/night-watch/escalation-ladder";
import type { Db } from "../db/database.server";
import { timers } from "../db/night-watch-tables.server";
import { recordActivity } from "../activity/activity.server";

/*
 * Stopping a lead's escalation ladder (decision 0051) when a person acts: opening the lead,
 * dispatching it or changing its status, or texting back. Apart from the ladder's timer so
 * that dispatch and the lead page can stop it without importing what it wakes.
 */

/** The one escalation timer of a lead. */
export const ladderKey = (leadId: string) => `ladder:${leadId}`;

/** A person acted on the lead: its ladder stops (said on the timeline if it was climbing). */
export async function stopLadder(
  tx: Db,
  leadId: string,
  stop: Exclude<LadderStop, "spent">,
  actor: Actor,
): Promise<void> {
  const [stopped] = await tx
    .update(timers)
    .set({ state: "cancelled", leaseUntil: null })
    .where(and(eq(timers.key, ladderKey(leadId)), inArray(timers.state, ["pending", "claimed"])))
    .returning({ id: timers.id });
  if (!stopped) return;
  await recordActivity(tx, {
    actor,
    entity: "lead",
    entityId: leadId,
    action: "ladder_stopped",
    after: { stop, text: ladderStopText(stop) },
    leadId,
  });
}

/**
 * Someone on the ladder answered a wake-up (texted back): every ladder that woke that phone
 * stops. Returns whether the phone was on any.
 */
export async function acknowledgeByPhone(tx: Db, phone: string): Promise<boolean> {
  const climbing = await tx
    .select({ leadId: timers.leadId })
    .from(timers)
    .where(
      and(
        eq(timers.kind, "escalation"),
        inArray(timers.state, ["pending", "claimed"]),
        sql`${timers.payload} -> 'woken' @> to_jsonb(${phone}::text)`,
      ),
    );
  for (const { leadId } of climbing) {
    if (leadId) {
      await stopLadder(tx, leadId, "acknowledged", { kind: "system", name: "On-call reply" });
    }
  }
  return climbing.length > 0;
}
