import { and, eq } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { isClosedLead, type LeadStatus } from "~/lib/business-enums";
import type { WithdrawReason } from "~/lib/dispatch/assignment-machine";
import { FIELD, RULE } from "~/lib/ui-text";
import { jobs, leads, type Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { RuleError } from "../rule-error.server";
import { recordActivity } from "../activity/activity.server";
import { expireLapsedOffer, withdrawLiveAssignment } from "../dispatch/assignments.server";
import { stopAutoDispatch } from "../night-watch/auto-dispatch.server";
import { setJobStatus } from "../money/jobs.server";
import { lockLead } from "./leads.server";
import { queueCustomerText, type TextContext } from "../texting/outbox.server";

/*
 * A lead's status, set by the office, and what it brings along: the status select (any
 * open status from any other, docs/spec/back-office.md §4) and Reopen. Closing a lead
 * closes its dispatch in the same transaction: whoever has it is taken off it (and told),
 * so no old link can accept, complete or make a second job. A closed lead stays closed
 * until it is reopened with a reason (decision 0026).
 */

/** Who is taken off a lead set to each status, and why they are told it happened. */
const WITHDRAWN_WHEN: Partial<Record<LeadStatus, WithdrawReason>> = {
  new: "taken_back",
  cancelled: "cancelled",
  completed: "closed",
};

export async function setLeadStatus(
  db: Db,
  id: string,
  status: LeadStatus,
  actor: Actor,
  texts?: TextContext,
  now = new Date(),
): Promise<Lead> {
  return db.transaction(async (tx) => {
    let lead = await lockLead(tx, id);
    if (lead.status === status) return lead;
    if (isClosedLead(lead.status)) throw new RuleError(RULE.reopenFirst);
    await stopAutoDispatch(tx, id, actor);
    lead = await expireLapsedOffer(tx, lead, now);
    const [openJob] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.leadId, id), eq(jobs.status, "in_progress")));
    // The job goes first: completing it completes the holder's assignment with it (they did
    // the work); cancelling it takes them off the job.
    if (openJob && (status === "completed" || status === "cancelled")) {
      await setJobStatus(tx, openJob.id, status, actor, texts, now);
    }
    const reason = WITHDRAWN_WHEN[status];
    if (reason) await withdrawLiveAssignment(tx, lead, reason, actor, { texts, now });
    const unassign = status === "new" || status === "cancelled";
    const row = await writeStatus(tx, lead, actor, "status_changed", {
      status,
      ...(unassign ? { assignedLocksmithId: null } : {}),
    });
    if (status === "cancelled" && texts) {
      // Whoever was on the way is told by locksmith_off_job; the customer hears it too
      // (with consent, within the cap), so nobody waits at the door (decision 0057).
      await queueCustomerText(tx, texts, row, { kind: "customer_cancelled", values: {} }, actor);
    }
    return row;
  });
}

/**
 * A closed lead (completed or cancelled) worked again: New, nobody's, with the reason on
 * its timeline. Nobody is texted: the office sends someone when it is ready.
 */
export async function reopenLead(db: Db, id: string, reason: string, actor: Actor): Promise<Lead> {
  const why = reason.trim();
  if (!why) throw new RuleError(FIELD.reopenReason, { field: "reason" });
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx, id);
    if (!isClosedLead(lead.status)) throw new RuleError(RULE.leadNotClosed);
    const row = await writeStatus(
      tx,
      lead,
      actor,
      "reopened",
      { status: "new", assignedLocksmithId: null },
      { reason: why },
    );
    return row;
  });
}

/** The lead's new status (and holder) written, and the change on its timeline. */
async function writeStatus(
  tx: Db,
  lead: Lead,
  actor: Actor,
  action: "status_changed" | "reopened",
  set: { status: LeadStatus; assignedLocksmithId?: null },
  said: Record<string, string> = {},
): Promise<Lead> {
  const [row] = await tx.update(leads).set(set).where(eq(leads.id, lead.id)).returning();
  await recordActivity(tx, {
    actor,
    entity: "lead",
    entityId: lead.id,
    action,
    before: { status: lead.status },
    after: { status: set.status, ...said },
    leadId: lead.id,
  });
  return row!;
}
