import { and, eq, lt } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import {
  assignments,
  leads,
  locksmiths,
  type Assignment,
  type Lead,
} from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import type { Timer } from "../db/night-watch-tables.server";
import { recordActivity } from "../activity/activity.server";
import { scheduleTimer } from "../background/timers.server";
import { queueCustomerText, type TextContext } from "../texting/outbox.server";

/*
 * The customer's "on the way" texts (issue 46, decision 0057): the first estimate at once;
 * a changed one at most once more, never sooner than ETA_RETEXT_MINUTES after the last. A
 * change inside that pause is not dropped: an `eta_text` timer sends the estimate as it
 * then stands when the pause ends (one timer per text number, so a second change inside
 * the same pause moves nothing: the timer reads the latest estimate when it fires).
 */

/** A changed ETA texts the customer again at most once, and never sooner than this. */
export const ETA_RETEXT_MINUTES = 5;
/** "On my way" texts per assignment: the first, and one update. */
export const ETA_TEXTS_PER_ASSIGNMENT = 2;

/** Minutes from `now` to the arrival the customer's page shows (on the way at + estimate). */
function minutesLeft(assignment: Pick<Assignment, "onTheWayAt" | "etaMinutes">, now: Date) {
  const start = assignment.onTheWayAt ?? now;
  const arrives = start.getTime() + (assignment.etaMinutes ?? 0) * 60_000;
  return Math.max(1, Math.round((arrives - now.getTime()) / 60_000));
}

/**
 * What "On my way" with `minutes` does for the customer's texts: texted now (the first, or a
 * change after the pause), held for the pause's end (a change inside it), or nothing more
 * (the cap reached, or the same estimate again). Returns whether a text is queued now, and
 * the counters to store with the move.
 */
export async function estimateTexts(
  tx: Db,
  texts: TextContext,
  lead: Lead,
  assignment: Assignment,
  minutes: number,
  actor: Actor,
  now: Date,
): Promise<{ texted: boolean; set: Partial<Assignment> }> {
  const { etaTexts, etaTextedAt } = assignment;
  const retextAt = (etaTextedAt?.getTime() ?? 0) + ETA_RETEXT_MINUTES * 60_000;
  if (etaTexts === 0 || (etaTexts < ETA_TEXTS_PER_ASSIGNMENT && now.getTime() >= retextAt)) {
    const message = await queueCustomerText(
      tx,
      texts,
      lead,
      {
        kind: "customer_on_the_way",
        values: { locksmith: actor.name, minutes: String(minutes) },
        jobId: assignment.jobId,
      },
      actor,
    );
    return { texted: Boolean(message), set: { etaTexts: etaTexts + 1, etaTextedAt: now } };
  }
  if (etaTexts < ETA_TEXTS_PER_ASSIGNMENT && minutes !== assignment.etaMinutes) {
    await scheduleTimer(tx, {
      kind: "eta_text",
      key: `eta_text:${assignment.id}:${etaTexts + 1}`,
      dueAt: new Date(retextAt),
      leadId: lead.id,
      payload: { assignmentId: assignment.id },
    });
  }
  return { texted: false, set: {} };
}

/**
 * The `eta_text` timer: the pause is over, so the held estimate goes, as it stands now,
 * if the locksmith is still on the way and the customer has not had their texts.
 */
export async function sendHeldEstimate(
  tx: Db,
  timer: Timer,
  context: { texts: TextContext; now: Date },
): Promise<void> {
  const { assignmentId } = timer.payload as { assignmentId?: string };
  if (!assignmentId) return;
  const [row] = await tx
    .select({ assignment: assignments, lead: leads, name: locksmiths.name })
    .from(assignments)
    .innerJoin(leads, eq(leads.id, assignments.leadId))
    .innerJoin(locksmiths, eq(locksmiths.id, assignments.locksmithId))
    .where(and(eq(assignments.id, assignmentId), eq(assignments.state, "on_the_way")));
  if (!row || row.assignment.etaTexts >= ETA_TEXTS_PER_ASSIGNMENT) return;
  // Counted first, conditionally: of two processes, one texts.
  const [counted] = await tx
    .update(assignments)
    .set({ etaTexts: row.assignment.etaTexts + 1, etaTextedAt: context.now })
    .where(
      and(
        eq(assignments.id, assignmentId),
        lt(assignments.etaTexts, ETA_TEXTS_PER_ASSIGNMENT),
        eq(assignments.etaTexts, row.assignment.etaTexts),
      ),
    )
    .returning({ id: assignments.id });
  if (!counted) return;
  const actor: Actor = { kind: "locksmith", id: row.assignment.locksmithId, name: row.name };
  const minutes = minutesLeft(row.assignment, context.now);
  const message = await queueCustomerText(
    tx,
    context.texts,
    row.lead,
    {
      kind: "customer_on_the_way",
      values: { locksmith: row.name, minutes: String(minutes) },
      jobId: row.assignment.jobId,
    },
    actor,
  );
  await recordActivity(tx, {
    actor: { kind: "system" },
    entity: "lead",
    entityId: row.lead.id,
    action: "estimate_texted",
    after: { minutes, customerTexted: Boolean(message) },
    leadId: row.lead.id,
  });
}
