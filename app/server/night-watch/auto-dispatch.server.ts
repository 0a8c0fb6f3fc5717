import { and, eq, inArray } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { autoOffersOnAt } from "~/lib/night-watch/clock-rules";
import type { Db } from "../db/database.server";
import { autoDispatches } from "../db/night-watch-tables.server";
import { stopLadder } from "./ladder-stop.server";
import { recordActivity } from "../activity/activity.server";
import { readNightWatchSettings } from "./settings.server";
import { bringForward, cancelTimers, scheduleTimer } from "../background/timers.server";

/*
 * Where a lead's chain of automatic offers starts and where the office stops it (decision
 * 0028). The chain's steps run in night-watch/auto-offers.server.ts when its timers fire;
 * these are the hooks the rest of the dispatch code calls, each in its own transaction.
 */

/** The system as it appears on timelines when the night watch acts. */
export const NIGHT_WATCH_ACTOR: Actor = { kind: "system", name: "Night watch" };

/** The key of the timer of an automatic offer's time limit. */
export const offerTimerKey = (assignmentId: string) => `offer_expiry:${assignmentId}`;

/** The key of the timer of a lead's first automatic offer (the next ones follow inline). */
const firstOfferKey = (leadId: string) => `auto_offer:${leadId}`;

/**
 * A new request (web or call): when automatic offers are on at this moment, its chain
 * starts and its first offer is due at once. Returns whether it started.
 */
export async function startAutoDispatch(
  tx: Db,
  leadId: string,
  now = new Date(),
): Promise<boolean> {
  const settings = await readNightWatchSettings(tx);
  if (!autoOffersOnAt(settings.autoOffers, now)) return false;
  const [chain] = await tx
    .insert(autoDispatches)
    .values({ leadId })
    .onConflictDoNothing()
    .returning();
  if (!chain) return false;
  await scheduleTimer(tx, {
    kind: "auto_offer",
    key: firstOfferKey(leadId),
    dueAt: now,
    leadId,
  });
  await recordActivity(tx, {
    actor: NIGHT_WATCH_ACTOR,
    entity: "lead",
    entityId: leadId,
    action: "auto_offers_started",
    after: {
      offerSeconds: settings.autoOffers.offerSeconds,
      maxOffers: settings.autoOffers.maxOffers,
    },
    leadId,
  });
  return true;
}

/**
 * The office acted on the lead (dispatched, reassigned, set a status): its chain, running or
 * escalated, ends here and its pending timers are cancelled, so nothing automatic happens
 * behind the office's back. Said on the timeline only when a chain was running.
 */
export async function stopAutoDispatch(tx: Db, leadId: string, actor: Actor): Promise<void> {
  // The office acting is someone awake: nobody else needs waking about this lead.
  await stopLadder(tx, leadId, "dispatched", actor);
  const [stopped] = await tx
    .update(autoDispatches)
    .set({ state: "stopped" })
    .where(
      and(
        eq(autoDispatches.leadId, leadId),
        inArray(autoDispatches.state, ["running", "escalated"]),
      ),
    )
    .returning({ offers: autoDispatches.offers });
  if (!stopped) return;
  await cancelTimers(tx, leadId, ["auto_offer", "offer_expiry"]);
  await recordActivity(tx, {
    actor,
    entity: "lead",
    entityId: leadId,
    action: "auto_offers_stopped",
    after: { offers: stopped.offers },
    leadId,
  });
}

/**
 * A locksmith answered an automatic offer (accepted or declined): its timer fires now
 * rather than at its limit, so a decline passes the lead on at once.
 */
export async function autoOfferAnswered(tx: Db, assignmentId: string, now = new Date()) {
  await bringForward(tx, offerTimerKey(assignmentId), now);
}
