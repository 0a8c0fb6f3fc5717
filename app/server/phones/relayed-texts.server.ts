import { and, asc, desc, eq, sql } from "drizzle-orm";
import { customerMayCall, jobLinkView } from "~/lib/dispatch/job-link";
import { leadDisplayName, SERVICE_IN_A_SENTENCE } from "~/lib/leads/lead-labels";
import { activityLog } from "../db/activity-tables.server";
import {
  assignments,
  customers,
  leads,
  locksmiths,
  type Assignment,
  type Lead,
} from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";
import { findByToken } from "../dispatch/job-page.server";
import { notFound, RuleError } from "../rule-error.server";
import { queueCustomerText, queueText, type TextContext } from "../texting/outbox.server";
import { canBridgeCalls } from "../texting/text-settings.server";
import { RULE } from "~/lib/ui-text";
import { RELAY_MAX_LENGTH } from "~/lib/texting/relay";
import { PHONE_SYSTEM } from "./missed-call-text-back.server";

/*
 * Masked texts (issue 50, decision 0071): texts between the locksmith and the customer go
 * through the business number, as the masked calls do, so neither has the other's number.
 * The locksmith writes on the job page; the text goes to the customer from the business
 * number through the outbox (the texts agreement, STOP, the caps per lead and per number).
 * The customer's reply to the business number, while their job is open to calls
 * (customerMayCall: a locksmith accepted it, and until 12 hours after it is completed),
 * is texted on to the locksmith and shown on the job page; after that the customer hears
 * "this job is closed, call the office", and the office reads the reply on the lead.
 * Each relayed text is a `text_relayed` entry on the lead's timeline.
 */

export const RELAY_TEXT = {
  unavailable: "Texting through the business line is not set up: call the office.",
  notAccepted: "Accept the job first; then you can text the customer.",
  closed: "This job is closed: call the office.",
  noConsent: "The customer has not agreed to texts: call them with Call the customer instead.",
  optedOut:
    "The customer asked for no more texts (STOP): call them with Call the customer instead.",
  heldBack: "Too many texts to this customer for now: call them with Call the customer instead.",
} as const;

/** One text of the conversation as the job page shows it: never a phone number. */
export interface RelayedText {
  id: string;
  at: Date;
  from: "locksmith" | "customer";
  text: string;
}

/** The locksmith's text to the customer, from the job page. */
export async function relayTextToCustomer(
  db: Db,
  token: string,
  body: string,
  texts: TextContext,
  now = new Date(),
): Promise<void> {
  const found = await findByToken(db, token);
  if (!found) throw notFound(RULE.jobLinkGone);
  // The page shows the customer's own number where texts cannot go through the business line.
  if (!canBridgeCalls(texts.sender)) throw new RuleError(RELAY_TEXT.unavailable);
  const { assignment, locksmithName } = found;
  if (!customerMayCall(assignment, now)) {
    throw new RuleError(
      assignment.state === "offered" ? RELAY_TEXT.notAccepted : RELAY_TEXT.closed,
    );
  }
  const actor = { kind: "locksmith" as const, id: assignment.locksmithId, name: locksmithName };
  // Not thrown inside the transaction: a held-back text stays on the timeline.
  const refusal = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ lead: leads, optedOutAt: customers.textsOptedOutAt })
      .from(leads)
      .leftJoin(customers, eq(customers.id, leads.customerId))
      .where(eq(leads.id, assignment.leadId));
    if (!row) return RULE.jobLinkGone;
    if (row.optedOutAt) return RELAY_TEXT.optedOut;
    if (!row.lead.textConsent) return RELAY_TEXT.noConsent;
    const message = await queueCustomerText(
      tx,
      texts,
      row.lead,
      {
        kind: "customer_relayed",
        values: { relay: body, locksmith: locksmithName },
        jobId: assignment.jobId,
      },
      actor,
    );
    if (!message) return RELAY_TEXT.heldBack;
    await recordActivity(tx, {
      actor,
      entity: "lead",
      entityId: assignment.leadId,
      action: "text_relayed",
      after: { to: "customer", text: body, assignmentId: assignment.id, messageId: message.id },
      leadId: assignment.leadId,
    });
    return undefined;
  });
  if (refusal) throw new RuleError(refusal);
}

/**
 * The lead's latest assignment, if a locksmith accepted it: an offer (or one declined or
 * lapsed) is nobody's job yet, and the office is finding someone.
 */
async function acceptedAssignment(tx: Db, leadId: string) {
  const [row] = await tx
    .select({ assignment: assignments, phone: locksmiths.phone })
    .from(assignments)
    .innerJoin(locksmiths, eq(locksmiths.id, assignments.locksmithId))
    .where(eq(assignments.leadId, leadId))
    .orderBy(desc(assignments.createdAt))
    .limit(1);
  return row?.assignment.acceptedAt ? row : undefined;
}

export type RelayOutcome = "relayed" | "closed" | "none";

/**
 * A customer's text to the business number, already stored as a reply on their latest lead
 * (in its transaction): texted on to the job's locksmith while the job is open to them,
 * else answered "this job is closed, call the office" (the office reads it on the lead).
 * A lead no locksmith took is left as it was (a reply to the text-back, a new request).
 */
export async function relayCustomerText(
  tx: Db,
  texts: TextContext,
  text: { lead: Lead; body: string },
  now = new Date(),
): Promise<RelayOutcome> {
  const { lead } = text;
  const taken = await acceptedAssignment(tx, lead.id);
  if (!taken) return "none";
  const customer = { kind: "customer" as const, id: lead.id, name: lead.name };
  const body = text.body.trim().slice(0, RELAY_MAX_LENGTH * 2);
  if (customerMayCall(taken.assignment, now)) {
    const message = await queueText(tx, texts, {
      kind: "locksmith_relayed",
      to: taken.phone,
      values: {
        relay: body,
        customer: leadDisplayName(lead.name),
        service: SERVICE_IN_A_SENTENCE[lead.serviceType],
      },
      leadId: lead.id,
      jobId: taken.assignment.jobId,
      locksmithId: taken.assignment.locksmithId,
    });
    await recordActivity(tx, {
      actor: customer,
      entity: "lead",
      entityId: lead.id,
      action: "text_relayed",
      after: {
        to: "locksmith",
        text: body,
        assignmentId: taken.assignment.id,
        messageId: message?.id ?? null,
      },
      leadId: lead.id,
    });
    return "relayed";
  }
  await recordActivity(tx, {
    actor: customer,
    entity: "lead",
    entityId: lead.id,
    action: "relay_refused",
    after: { text: body, assignmentId: taken.assignment.id },
    leadId: lead.id,
  });
  // They texted us: the answer goes without the texts agreement, never after STOP.
  await queueCustomerText(
    tx,
    texts,
    lead,
    { kind: "customer_job_closed", values: {}, jobId: taken.assignment.jobId },
    PHONE_SYSTEM,
    true,
  );
  return "closed";
}

/** The conversation of one assignment, oldest first, for the job page. */
async function relayedTexts(db: Db, assignment: Assignment): Promise<RelayedText[]> {
  const rows = await db
    .select({ id: activityLog.id, at: activityLog.at, after: activityLog.after })
    .from(activityLog)
    .where(
      and(
        eq(activityLog.leadId, assignment.leadId),
        eq(activityLog.action, "text_relayed"),
        sql`${activityLog.after}->>'assignmentId' = ${assignment.id}`,
      ),
    )
    .orderBy(asc(activityLog.at), asc(activityLog.id))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    from: row.after?.to === "customer" ? "locksmith" : "customer",
    text: typeof row.after?.text === "string" ? row.after.text : "",
  }));
}

/** What the job page shows of the conversation: none where the customer's number is shown. */
export interface JobPageTexts {
  texts: RelayedText[];
  /** A locksmith accepted and the window is open (customerMayCall). */
  canSend: boolean;
}

export async function jobPageTexts(
  db: Db,
  token: string,
  texts: TextContext,
  now = new Date(),
): Promise<JobPageTexts | null> {
  if (!canBridgeCalls(texts.sender)) return null;
  const found = await findByToken(db, token);
  if (!found || !jobLinkView(found.assignment, now).showsCustomer) return null;
  return {
    texts: await relayedTexts(db, found.assignment),
    canSend: customerMayCall(found.assignment, now),
  };
}
