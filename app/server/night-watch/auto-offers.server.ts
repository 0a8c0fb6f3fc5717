import { and, eq, sql } from "drizzle-orm";
import { isClosedLead } from "~/lib/business-enums";
import { assignments, type Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { autoDispatches, type AutoDispatch, type Timer } from "../db/night-watch-tables.server";
import { recordActivity } from "../activity/activity.server";
import { expireLapsedOffer, liveAssignmentOf } from "../dispatch/assignments.server";
import { NIGHT_WATCH_ACTOR, offerTimerKey } from "./auto-dispatch.server";
import { dispatchLead } from "../dispatch/dispatch.server";
import { lockLead } from "../leads/leads.server";
import { rankLocksmithsForLead } from "../dispatch/locksmith-ranking.server";
import { scheduleTimer } from "../background/timers.server";
import { notifyOperators, type NotifyContext } from "./notify-operators.server";

/*
 * The steps of a lead's chain of automatic offers (issue 28, decision 0028), each run when
 * one of its timers fires, in that timer's transaction, with the lead locked first as every
 * dispatch step is: offer the best-ranked eligible locksmith not offered yet (through
 * dispatchLead, the office's own path, with a short expiry); when the offer's time is up,
 * or it was declined, offer the next; after the configured number of offers, or when nobody
 * is eligible, escalate to the office. An accept ends the chain; the office acting on the
 * lead stops it (auto-dispatch.server.ts).
 */

/** The `auto_offer` timer: make the chain's next offer (the first one right after the request). */
export async function runAutoOffer(tx: Db, timer: Timer, context: NotifyContext): Promise<void> {
  if (!timer.leadId) return;
  const lead = await lockLead(tx, timer.leadId);
  const chain = await runningChain(tx, lead.id);
  if (!chain) return;
  await offerNext(tx, lead, chain, context);
}

/**
 * The `offer_expiry` timer: the offer's time is up or it was answered. Unanswered: it
 * expires and the next locksmith is offered; declined: the next is offered; accepted: the
 * chain is done; withdrawn by the office: the chain was stopped already.
 */
export async function runOfferExpiry(tx: Db, timer: Timer, context: NotifyContext): Promise<void> {
  const assignmentId = String(timer.payload.assignmentId ?? "");
  if (!timer.leadId || !assignmentId) return;
  let lead = await lockLead(tx, timer.leadId);
  const chain = await runningChain(tx, lead.id);
  if (!chain || chain.currentAssignmentId !== assignmentId) return;
  const [offer] = await tx.select().from(assignments).where(eq(assignments.id, assignmentId));
  if (!offer) return;
  switch (offer.state) {
    case "offered":
      lead = await expireLapsedOffer(tx, lead, context.now);
      // The timer is due at the offer's expiry, so it has lapsed; should a clock step back,
      // the chain hands the standing offer to the clock rules ("offer unanswered").
      if ((await liveAssignmentOf(tx, lead.id))?.id === offer.id) {
        return endChain(tx, lead.id, "stopped");
      }
      return offerNext(tx, lead, chain, context);
    case "declined":
    case "expired":
      return offerNext(tx, lead, chain, context);
    case "withdrawn":
      return endChain(tx, lead.id, "stopped");
    default:
      // Accepted (and perhaps on the way by now): the chain did its work.
      return endChain(tx, lead.id, "accepted");
  }
}

async function runningChain(tx: Db, leadId: string): Promise<AutoDispatch | undefined> {
  const [chain] = await tx
    .select()
    .from(autoDispatches)
    .where(and(eq(autoDispatches.leadId, leadId), eq(autoDispatches.state, "running")));
  return chain;
}

async function endChain(tx: Db, leadId: string, state: "accepted" | "stopped" | "escalated") {
  await tx
    .update(autoDispatches)
    .set({ state })
    .where(and(eq(autoDispatches.leadId, leadId), eq(autoDispatches.state, "running")));
}

async function offerNext(
  tx: Db,
  lead: Lead,
  chain: AutoDispatch,
  context: NotifyContext,
): Promise<void> {
  const { offerSeconds, maxOffers } = context.settings.autoOffers;
  if (isClosedLead(lead.status)) return endChain(tx, lead.id, "stopped");
  // Someone holds the lead who is not the chain's offer: the office's doing.
  if (await liveAssignmentOf(tx, lead.id)) return endChain(tx, lead.id, "stopped");
  if (chain.offers >= maxOffers) {
    return escalate(
      tx,
      lead,
      context,
      `${chain.offers} offer${chain.offers === 1 ? "" : "s"}, no accept`,
    );
  }
  // No ZIP, no place: nobody is sent there unasked (the office chooses, decision 0029).
  const ranked = lead.zip ? await rankLocksmithsForLead(tx, lead.id, context.now) : [];
  const next = ranked.find(
    (locksmith) => locksmith.eligible && !chain.offeredTo.includes(locksmith.id),
  );
  if (!next) {
    return escalate(
      tx,
      lead,
      context,
      chain.offers === 0 ? "nobody is eligible" : "nobody else is eligible",
    );
  }
  const expiresAt = new Date(context.now.getTime() + offerSeconds * 1000);
  await dispatchLead(
    tx,
    { leadId: lead.id, locksmithId: next.id, auto: { expiresAt } },
    NIGHT_WATCH_ACTOR,
    context.texts,
    context.now,
  );
  const offer = await liveAssignmentOf(tx, lead.id);
  if (!offer) return;
  await tx
    .update(autoDispatches)
    .set({
      offers: sql`${autoDispatches.offers} + 1`,
      offeredTo: sql`array_append(${autoDispatches.offeredTo}, ${next.id}::uuid)`,
      currentAssignmentId: offer.id,
    })
    .where(eq(autoDispatches.leadId, lead.id));
  await scheduleTimer(tx, {
    kind: "offer_expiry",
    key: offerTimerKey(offer.id),
    dueAt: expiresAt,
    leadId: lead.id,
    payload: { assignmentId: offer.id },
  });
  await recordActivity(tx, {
    actor: NIGHT_WATCH_ACTOR,
    entity: "lead",
    entityId: lead.id,
    action: "auto_offer_made",
    after: {
      assignmentId: offer.id,
      locksmithId: next.id,
      locksmithName: next.name,
      why: next.why,
      offer: chain.offers + 1,
      maxOffers,
      offerSeconds,
    },
    leadId: lead.id,
  });
}

async function escalate(tx: Db, lead: Lead, context: NotifyContext, detail: string) {
  await endChain(tx, lead.id, "escalated");
  await notifyOperators(
    tx,
    { leadId: lead.id, rule: "auto_offers_failed", since: context.now, detail },
    context,
  );
}
