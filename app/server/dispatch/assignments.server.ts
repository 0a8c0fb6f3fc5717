import { and, eq, inArray, lte, ne } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import {
  LIVE_STATES,
  isHolding,
  transitionOf,
  type AssignmentEvent,
  type LiveState,
  type WithdrawReason,
} from "~/lib/dispatch/assignment-machine";
import { describeHolder, type LeadHolder } from "~/lib/dispatch/holder";
import { leadDisplayName, SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import type { Page } from "~/lib/admin/pagination";
import {
  assignments,
  dispatchCodes,
  jobs,
  leads,
  locksmiths,
  type Assignment,
  type Lead,
} from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { newLinkToken } from "../links/link-tokens.server";
import { recordActivity } from "../activity/activity.server";
import { queueText, type TextContext } from "../texting/outbox.server";
import { tellCustomerWeAreFinding } from "./customer-updates.server";

/*
 * The dispatch state machine's rows (app/lib/dispatch/assignment-machine.ts, decision 0026).
 * Every step is one conditional update: the row moves only from a state its event allows,
 * so of two taps, two offices or a tap and the office at once, exactly one wins and the
 * other learns that the job changed. Callers hold the lead's row lock (lockLead) first, then
 * touch assignments, then jobs: one order everywhere, so nothing waits on a cycle.
 */

export interface LiveAssignment extends Omit<Assignment, "state"> {
  state: LiveState;
  locksmithName: string;
  locksmithPhone: string;
}

/** What the office reads of who holds a lead, for Reassign's "who and how far along". */
export async function liveAssignmentOf(
  tx: Db,
  leadId: string,
): Promise<LiveAssignment | undefined> {
  const [row] = await tx
    .select({ assignment: assignments, name: locksmiths.name, phone: locksmiths.phone })
    .from(assignments)
    .innerJoin(locksmiths, eq(locksmiths.id, assignments.locksmithId))
    .where(and(eq(assignments.leadId, leadId), inArray(assignments.state, LIVE_STATES)));
  // The where clause keeps only live states.
  const state = row?.assignment.state as LiveState;
  return row && { ...row.assignment, state, locksmithName: row.name, locksmithPhone: row.phone };
}

/** A page of leads, each with who has it (null: nobody). */
export async function withHolders<T extends { id: string }>(
  db: Db,
  page: Page<T>,
  now = new Date(),
): Promise<Page<T & { holder: LeadHolder | null }>> {
  const holders = await holdersOf(
    db,
    page.rows.map((row) => row.id),
    now,
  );
  return {
    ...page,
    rows: page.rows.map((row) => ({ ...row, holder: holders.get(row.id) ?? null })),
  };
}

/** Who has each of these leads (those someone has), described for the office's screens. */
export async function holdersOf(
  db: Db,
  leadIds: readonly string[],
  now = new Date(),
): Promise<Map<string, LeadHolder>> {
  const rows = await db
    .select({ assignment: assignments, locksmithName: locksmiths.name })
    .from(assignments)
    .innerJoin(locksmiths, eq(locksmiths.id, assignments.locksmithId))
    .where(and(inArray(assignments.leadId, [...leadIds]), inArray(assignments.state, LIVE_STATES)));
  return new Map(
    rows.map(({ assignment, locksmithName }) => {
      const facts = { ...assignment, state: assignment.state as LiveState, locksmithName };
      return [
        assignment.leadId,
        {
          assignmentId: assignment.id,
          locksmithId: assignment.locksmithId,
          state: facts.state,
          description: describeHolder(facts, now),
        },
      ];
    }),
  );
}

/**
 * One event applied to one assignment, if it is still in a state the event starts from;
 * undefined when it had moved on meanwhile (the caller says so to whoever asked).
 */
export async function applyEvent(
  tx: Db,
  assignmentId: string,
  event: AssignmentEvent,
  set: Partial<typeof assignments.$inferInsert> = {},
): Promise<Assignment | undefined> {
  const { to, from } = transitionOf(event);
  const [row] = await tx
    .update(assignments)
    .set({ ...set, state: to })
    .where(and(eq(assignments.id, assignmentId), inArray(assignments.state, from)))
    .returning();
  return row;
}

/** A new offer to a locksmith, with the link of their job page (the token is in no row). */
export async function offerAssignment(
  tx: Db,
  offer: {
    leadId: string;
    locksmithId: string;
    dispatchCodeId: string | null;
    expiresAt: Date;
    idempotencyKey?: string | null;
  },
): Promise<{ assignment: Assignment; token: string }> {
  const { token, hash } = newLinkToken();
  const [assignment] = await tx
    .insert(assignments)
    .values({ ...offer, tokenHash: hash })
    .returning();
  return { assignment: assignment!, token };
}

/** What the locksmith's text says about why they are off the job. */
const OFF_JOB_REASONS: Record<WithdrawReason, string> = {
  reassigned: "The office gave it to another locksmith.",
  cancelled: "The job was cancelled.",
  closed: "The office closed it.",
  taken_back: "The office took it back.",
};

/**
 * The office ends the lead's live assignment: withdrawn, with why (and the office's words,
 * for a reassign); the job the locksmith held is nobody's until someone accepts it; the
 * locksmith is texted that they are off the job (when the texts' context is given).
 * Returns what it ended, or undefined when nothing was live.
 */
export async function withdrawLiveAssignment(
  tx: Db,
  lead: Lead,
  reason: WithdrawReason,
  actor: Actor,
  options: { texts?: TextContext; note?: string | null; now?: Date } = {},
): Promise<LiveAssignment | undefined> {
  const live = await liveAssignmentOf(tx, lead.id);
  if (!live) return undefined;
  const now = options.now ?? new Date();
  const ended = await applyEvent(tx, live.id, "withdraw", {
    endedAt: now,
    endReason: reason,
    endNote: options.note ?? null,
  });
  if (!ended) return undefined;
  if (live.dispatchCodeId) {
    // The code goes with the offer: taken away, it shows Withdrawn, not Assigned or Used.
    await tx
      .update(dispatchCodes)
      .set({ status: "withdrawn" })
      .where(eq(dispatchCodes.id, live.dispatchCodeId));
  }
  // Only an accepted assignment has a job (an offer gets one on accept, decision 0026).
  if (live.jobId) {
    // Open or just cancelled, the job is not theirs any more: nothing of it is owed to them.
    await tx
      .update(jobs)
      .set({ locksmithId: null })
      .where(and(eq(jobs.id, live.jobId), ne(jobs.status, "completed")));
  }
  await recordActivity(tx, {
    actor,
    entity: "lead",
    entityId: lead.id,
    action: "assignment_withdrawn",
    before: { state: live.state },
    after: {
      assignmentId: live.id,
      locksmithId: live.locksmithId,
      locksmithName: live.locksmithName,
      reason,
      note: options.note ?? null,
    },
    leadId: lead.id,
  });
  if (options.texts && isHolding(live.state) && TOLD_CUSTOMER_AGAIN.has(reason)) {
    // They were told this locksmith's name; someone else is being found.
    await tellCustomerWeAreFinding(tx, options.texts, lead, actor, now);
  }
  if (options.texts) {
    await queueText(tx, options.texts, {
      kind: "locksmith_off_job",
      to: live.locksmithPhone,
      values: {
        customer: leadDisplayName(lead.name),
        service: SERVICE_TYPE_LABELS[lead.serviceType],
        locksmith: live.locksmithName,
        reason: OFF_JOB_REASONS[reason],
      },
      leadId: lead.id,
      jobId: live.jobId,
      locksmithId: live.locksmithId,
    });
  }
  return live;
}

/** Withdrawals after which the lead is still being served (not cancelled or closed). */
const TOLD_CUSTOMER_AGAIN = new Set<WithdrawReason>(["reassigned", "taken_back"]);

/** Whether the lead was ever offered to a locksmith (its customer heard we are finding one). */
export async function hasBeenOffered(tx: Db, leadId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: assignments.id })
    .from(assignments)
    .where(eq(assignments.leadId, leadId))
    .limit(1);
  return Boolean(row);
}

/**
 * An offer nobody answered before its time: expired, and the lead is nobody's again (back
 * to New). Run wherever the lead is about to change, so a lapsed offer never blocks the
 * next dispatch.
 */
export async function expireLapsedOffer(tx: Db, lead: Lead, now = new Date()): Promise<Lead> {
  const [lapsed] = await tx
    .update(assignments)
    .set({ state: "expired", endedAt: now, endReason: "expired" })
    .where(
      and(
        eq(assignments.leadId, lead.id),
        eq(assignments.state, "offered"),
        lte(assignments.expiresAt, now),
      ),
    )
    .returning();
  if (!lapsed) return lead;
  if (lapsed.dispatchCodeId) {
    await tx
      .update(dispatchCodes)
      .set({ status: "expired" })
      .where(
        and(eq(dispatchCodes.id, lapsed.dispatchCodeId), eq(dispatchCodes.status, "assigned")),
      );
  }
  const [row] = await tx
    .update(leads)
    .set({ status: "new", assignedLocksmithId: null })
    .where(and(eq(leads.id, lead.id), eq(leads.status, "in_progress")))
    .returning();
  await recordActivity(tx, {
    actor: { kind: "system" },
    entity: "lead",
    entityId: lead.id,
    action: "offer_expired",
    before: { status: lead.status },
    after: { assignmentId: lapsed.id, locksmithId: lapsed.locksmithId, status: row?.status },
    leadId: lead.id,
  });
  return row ?? lead;
}
