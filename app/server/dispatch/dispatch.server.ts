import { and, desc, eq, inArray } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { describeHolder } from "~/lib/dispatch/holder";
import { jobPagePath } from "~/lib/dispatch/job-page-link";
import { formatDateTime, formatTime } from "~/lib/format";
import { officeOfferDeadline } from "~/lib/dispatch/offer-deadline";
import { isClosedLead } from "~/lib/business-enums";
import { leadDisplayName, SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { renderText, type TextValues } from "~/lib/texting/text-templates";
import { FIELD, RULE } from "~/lib/ui-text";
import {
  assignments,
  dispatchCodes,
  leads,
  type DispatchCode,
  type Lead,
} from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { messages, type Message } from "../db/messaging-tables.server";
import { RuleError } from "../rule-error.server";
import { recordActivity } from "../activity/activity.server";
import {
  applyEvent,
  expireLapsedOffer,
  hasBeenOffered,
  liveAssignmentOf,
  offerAssignment,
  withdrawLiveAssignment,
  type LiveAssignment,
} from "./assignments.server";
import { stopAutoDispatch } from "../night-watch/auto-dispatch.server";
import { createDispatchCode } from "./dispatch-codes.server";
import { takeLeadJob } from "../money/jobs.server";
import { activeLocksmith, lockLead } from "../leads/leads.server";
import { queueText, type TextContext } from "../texting/outbox.server";
import { lapsesOfLocksmith } from "../compliance/compliance.server";
import { lapseText, sendAnywayQuestion } from "~/lib/compliance/lapse";
import { licenseToday } from "~/lib/locksmiths/license";
import { tellCustomerWeAreFinding, tellCustomerWhoIsComing } from "./customer-updates.server";

/*
 * The office sends someone: Dispatch (an offer by text), Reassign (the same, taking the
 * lead from whoever has it, with a reason) and Assign by phone (the locksmith said yes on
 * the phone: accepted at once, nothing texted to them). All three are steps of the dispatch
 * state machine (app/server/dispatch/assignments.server.ts) on a lead that is open and locked.
 */

export interface Dispatch {
  lead: Lead;
  code: DispatchCode | null;
  locksmith: { id: string; name: string };
  /** The text for the locksmith (name, address, service, code, job page link; never the customer's number). */
  text: string;
  /** Its row in the outbox; none when that kind of text is switched off, or by phone. */
  message: Pick<Message, "id" | "status"> | null;
  /** Whom it was taken from (Reassign). */
  replaced: Pick<LiveAssignment, "locksmithId" | "locksmithName"> | null;
}

export interface DispatchInput {
  leadId: string;
  locksmithId: string;
  /** The form's one-time token: a double click dispatches once. */
  requestId?: string | null;
  /**
   * Reassign: the live assignment the office saw when it chose to move the lead (if someone
   * else changed it meanwhile, nothing happens), and why it moves (the old locksmith is
   * told they are off the job).
   */
  reassign?: { fromAssignmentId: string; reason: string } | null;
  /** "text": an offer by text (Dispatch). "phone": accepted on the phone, nothing texted. */
  by?: "text" | "phone";
  /**
   * An automatic offer (the night watch, decision 0028): it stands until `expiresAt` and
   * leaves the lead's chain of automatic offers running. Any other dispatch is the office
   * taking over: the chain stops.
   */
  auto?: { expiresAt: Date } | null;
  /**
   * The office answered "Insurance expired Nov 3: send anyway?" (decision 0064): without
   * it, a send to a locksmith whose license or insurance has lapsed is refused.
   */
  confirmLapsed?: boolean;
}

/**
 * Sends a locksmith to an open lead, in one transaction: a lapsed offer expires first; the
 * live assignment (if any) is withdrawn when this is a reassign of exactly that one, and
 * the dispatch is refused otherwise; the earlier codes lapse; a code and the locksmith's
 * offer (with its job page link) are made; the lead is theirs and In Progress; the texts
 * are queued (the locksmith's, and the customer's with consent, within its cap).
 */
export async function dispatchLead(
  db: Db,
  input: DispatchInput,
  actor: Actor,
  texts: TextContext,
  now = new Date(),
): Promise<Dispatch> {
  return db.transaction(async (tx) => {
    let lead = await lockLead(tx, input.leadId);
    const locksmith = await activeLocksmith(tx, input.locksmithId);
    const repeated = await repeatedDispatch(tx, lead, input.requestId, locksmith);
    if (repeated) return repeated;
    if (isClosedLead(lead.status)) throw new RuleError(RULE.leadClosed);
    // Automatic offers never reach a lapsed locksmith (ranking leaves them out); the office
    // may send one, having said so.
    const lapses = await lapsesOfLocksmith(tx, locksmith.id, now);
    if (lapses.length > 0 && (input.auto || !input.confirmLapsed)) {
      throw new RuleError(sendAnywayQuestion(lapses, licenseToday(now)), {
        field: "confirmLapsed",
      });
    }
    if (!input.auto) await stopAutoDispatch(tx, lead.id, actor);

    lead = await expireLapsedOffer(tx, lead, now);
    const firstOffer = !(await hasBeenOffered(tx, lead.id));
    const live = await liveAssignmentOf(tx, lead.id);
    let replaced: LiveAssignment | undefined;
    if (input.reassign) {
      if (!live || live.id !== input.reassign.fromAssignmentId) {
        throw new RuleError(RULE.dispatchChangedMeanwhile);
      }
      if (live.locksmithId === locksmith.id) {
        throw new RuleError(RULE.reassignToSomeoneElse, { field: "locksmithId" });
      }
      const reason = input.reassign.reason.trim();
      if (!reason) throw new RuleError(FIELD.reassignReason, { field: "reason" });
      replaced = await withdrawLiveAssignment(tx, lead, "reassigned", actor, {
        texts,
        note: reason,
        now,
      });
    } else if (live) {
      throw new RuleError(RULE.leadHeld(describeHolder(live, now)));
    }

    await lapseEarlierCodes(tx, lead.id, actor);
    const byPhone = input.by === "phone";
    const code = byPhone
      ? null
      : await createDispatchCode(
          tx,
          { leadId: lead.id, locksmithId: locksmith.id, status: "assigned" },
          actor,
        );
    const { assignment, token } = await offerAssignment(tx, {
      leadId: lead.id,
      locksmithId: locksmith.id,
      dispatchCodeId: code?.id ?? null,
      // An office offer stands OFFICE_OFFER_MINUTES, not the code's 24 hours: one ignored
      // holds nobody up longer than that (decision 0057). By phone it is accepted at once.
      expiresAt: input.auto?.expiresAt ?? (code ? officeOfferDeadline(now) : now),
      idempotencyKey: input.requestId ?? null,
    });
    const [assigned] = await tx
      .update(leads)
      .set({ assignedLocksmithId: locksmith.id, status: "in_progress" })
      .where(eq(leads.id, lead.id))
      .returning();
    await recordActivity(tx, {
      actor,
      entity: "lead",
      entityId: lead.id,
      action: byPhone ? "assigned" : "dispatched",
      before: { status: lead.status, assignedLocksmithId: lead.assignedLocksmithId },
      after: {
        status: "in_progress",
        assignedLocksmithId: locksmith.id,
        locksmithName: locksmith.name,
        assignmentId: assignment.id,
        ...(code ? { code: code.code, codeId: code.id } : {}),
        ...(lapses.length > 0 ? { sentDespite: lapseText(lapses, licenseToday(now)) } : {}),
        ...(replaced
          ? { replacedLocksmithName: replaced.locksmithName, reason: input.reassign?.reason }
          : {}),
      },
      leadId: lead.id,
    });
    if (byPhone) {
      // They said yes on the phone: the offer is accepted for them, and the job is theirs.
      const job = await takeLeadJob(tx, assigned!, locksmith.id, actor);
      await applyEvent(tx, assignment.id, "accept", { acceptedAt: now, jobId: job.id });
    }
    const link = `${texts.siteUrl}${jobPagePath(token)}`;
    const values = dispatchValues(assigned!, code, locksmith, link, assignment.expiresAt);
    const message = byPhone
      ? undefined
      : await queueText(tx, texts, {
          kind: "locksmith_dispatch",
          to: locksmith.phone,
          values,
          leadId: lead.id,
          locksmithId: locksmith.id,
        });
    // An offer tells the customer we are finding their locksmith (once: a reassign from
    // someone who had accepted says it again, in withdrawLiveAssignment); a name only when
    // someone accepted, here by phone.
    if (byPhone) await tellCustomerWhoIsComing(tx, texts, assigned!, locksmith.name, actor, now);
    else if (firstOffer) await tellCustomerWeAreFinding(tx, texts, assigned!, actor, now);
    // Shown in the dialog even when this kind is off (or by phone), for sending by hand.
    const text =
      message?.body ??
      renderText("locksmith_dispatch", texts.settings.templates.locksmith_dispatch, {
        business: texts.business.name,
        business_phone: texts.business.phone,
        ...values,
      });
    return {
      lead: assigned!,
      code,
      locksmith,
      text,
      message: message ?? null,
      replaced: replaced ?? null,
    };
  });
}

/** What the locksmith's text fills in about the job. */
function dispatchValues(
  lead: Lead,
  code: DispatchCode | null,
  locksmith: { name: string },
  link: string,
  answerBy: Date,
): TextValues {
  return {
    customer: leadDisplayName(lead.name),
    address:
      [lead.address, lead.zip].filter(Boolean).join(", ") || "Address not given: call the customer",
    service: SERVICE_TYPE_LABELS[lead.serviceType],
    details: lead.details,
    code: code?.code ?? null,
    code_expires: code ? formatDateTime(code.expirationTime) : null,
    // The same deadline as their pages show, in Chicago time (decision 0057).
    answer_by: code ? formatTime(answerBy) : null,
    link,
    locksmith: locksmith.name,
  };
}

/** A repeated dispatch (same form token) answers with what the first one queued. */
async function repeatedDispatch(
  tx: Db,
  lead: Lead,
  requestId: string | null | undefined,
  locksmith: { id: string; name: string },
): Promise<Dispatch | undefined> {
  if (!requestId) return undefined;
  const [first] = await tx
    .select({ assignment: assignments, code: dispatchCodes })
    .from(assignments)
    .leftJoin(dispatchCodes, eq(dispatchCodes.id, assignments.dispatchCodeId))
    .where(eq(assignments.idempotencyKey, requestId));
  if (!first) return undefined;
  const [message] = await tx
    .select({ id: messages.id, status: messages.status, body: messages.body })
    .from(messages)
    .where(
      and(
        eq(messages.leadId, lead.id),
        eq(messages.locksmithId, locksmith.id),
        eq(messages.purpose, "locksmith_dispatch"),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return {
    lead,
    code: first.code,
    locksmith,
    text: message?.body ?? (first.code ? `Dispatch code ${first.code.code}` : "Assigned by phone"),
    message: message ? { id: message.id, status: message.status } : null,
    replaced: null,
  };
}

/** A lead dispatched again: the codes it was given before and never used lapse. */
async function lapseEarlierCodes(tx: Db, leadId: string, actor: Actor): Promise<void> {
  const lapsed = await tx
    .update(dispatchCodes)
    .set({ status: "expired" })
    .where(
      and(eq(dispatchCodes.leadId, leadId), inArray(dispatchCodes.status, ["new", "assigned"])),
    )
    .returning({ id: dispatchCodes.id, code: dispatchCodes.code });
  for (const code of lapsed) {
    await recordActivity(tx, {
      actor,
      entity: "dispatch_code",
      entityId: code.id,
      action: "status_changed",
      after: { status: "expired", code: code.code, reason: "dispatched again" },
      leadId,
    });
  }
}
