import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { OPEN_LEAD_STATUSES, type ServiceType } from "~/lib/business-enums";
import {
  changesWhere,
  latestWordChanges,
  type LatestWord,
  type LatestWordChanges,
} from "~/lib/leads/latest-word";
import { leadDisplayName, SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { leads, type Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";
import { liveAssignmentOf } from "../dispatch/assignments.server";
import { customerFor } from "../customers/customers.server";
import { createLead, lockLead, setTextConsent, type NewLead } from "./leads.server";
import { queueText, type TextContext } from "../texting/outbox.server";

/*
 * One phone, one open lead, and the customer's latest word on it (decisions 0013 and 0027).
 * A request from a phone (the website's form, or a call the office takes down with Add
 * Lead) first takes the phone's lock, so requests from one phone at once are one after the
 * other; then the phone's recent open lead, if any, takes what the request says new.
 */

/** How long a second request from the same phone joins the open lead instead of a new one. */
export const REPEAT_REQUEST_WINDOW_HOURS = 24;

/** Requests from one phone, one at a time (until the caller's transaction ends). */
export async function lockPhone(tx: Db, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lockline:phone:${phone}`}))`);
}

/** The customer's open lead (new, assigned, in progress) made in the last 24 hours. */
export async function recentOpenLead(
  tx: Db,
  customerId: string | null | undefined,
): Promise<Lead | undefined> {
  if (!customerId) return undefined;
  const [open] = await tx
    .select()
    .from(leads)
    .where(
      and(
        eq(leads.customerId, customerId),
        inArray(leads.status, OPEN_LEAD_STATUSES),
        gt(leads.createdAt, sql`now() - make_interval(hours => ${REPEAT_REQUEST_WINDOW_HOURS})`),
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return open;
}

export interface TakenWord {
  lead: Lead;
  /** What changed, with the new values (empty: the repeat said nothing new). */
  changes: LatestWordChanges;
  /** The locksmith who has the lead (offered or holding it), if anyone. */
  holder: { name: string; texted: boolean } | null;
}

/**
 * The repeat's new values replace the lead's (the `customer_updated` entry keeps the old
 * ones), and the locksmith who has the lead is texted a new address or notes (when the
 * texts' context is given and that kind of text is on). Nothing changes when the repeat
 * says nothing new. Pass the transaction that took the phone's lock.
 */
export async function takeLatestWord(
  tx: Db,
  leadId: string,
  word: LatestWord,
  actor: Actor,
  options: { via: "web" | "call"; texts?: TextContext },
): Promise<TakenWord> {
  const current = await lockLead(tx, leadId);
  const changes = latestWordChanges(current, word);
  if (Object.keys(changes).length === 0) return { lead: current, changes, holder: null };
  const { serviceType, ...texts } = changes;
  const [lead] = await tx
    .update(leads)
    .set({ ...texts, ...(serviceType ? { serviceType: serviceType as ServiceType } : {}) })
    .where(eq(leads.id, leadId))
    .returning();
  const live = await liveAssignmentOf(tx, leadId);
  const message =
    live && options.texts && changesWhere(changes)
      ? await queueText(tx, options.texts, {
          kind: "locksmith_address_changed",
          to: live.locksmithPhone,
          values: {
            customer: leadDisplayName(lead!.name),
            address: [lead!.address, lead!.zip].filter(Boolean).join(", "),
            details: lead!.details,
            service: SERVICE_TYPE_LABELS[lead!.serviceType],
            locksmith: live.locksmithName,
          },
          leadId,
          jobId: live.jobId,
          locksmithId: live.locksmithId,
        })
      : undefined;
  const holder = live ? { name: live.locksmithName, texted: Boolean(message) } : null;
  await recordActivity(tx, {
    actor,
    entity: "lead",
    entityId: leadId,
    action: "customer_updated",
    before: Object.fromEntries(
      Object.keys(changes).map((field) => [field, current[field as keyof LatestWordChanges]]),
    ),
    after: {
      ...changes,
      via: options.via,
      // For the office's toast, live or replayed: who, and where to go now.
      customer: leadDisplayName(lead!.name),
      where: [lead!.address, lead!.zip].filter(Boolean).join(", ") || null,
      ...(holder ? { locksmithName: holder.name, locksmithTexted: holder.texted } : {}),
    },
    leadId,
  });
  return { lead: lead!, changes, holder };
}

export interface TakenCall extends TakenWord {
  /** The phone had an open lead: it was opened (and told the call's new details). */
  existed: boolean;
}

/**
 * Add Lead: a call the office takes down by hand. Like a web request (decision 0027), the
 * same phone with an open lead from the last 24 hours opens that lead instead of making a
 * second one, and what the caller said new replaces the lead's (the locksmith who has it is
 * texted a new address); "Customer agreed to texts" is stored as the lead's consent, as the
 * website's checkbox is, and never taken back by a call that leaves it unticked. A repeated
 * form token answers with the lead it made.
 */
export async function addLeadFromCall(
  db: Db,
  input: NewLead,
  actor: Actor,
  texts?: TextContext,
): Promise<TakenCall> {
  return db.transaction(async (tx) => {
    await lockPhone(tx, input.phone);
    const made = input.requestId
      ? (await tx.select().from(leads).where(eq(leads.idempotencyKey, input.requestId)))[0]
      : undefined;
    if (made) return { lead: made, changes: {}, holder: null, existed: false };
    const customer = await customerFor(tx, input.phone, {
      name: input.name?.trim() || null,
      address: input.address?.trim() || null,
    });
    const open = await recentOpenLead(tx, customer?.id);
    if (!open) {
      const lead = await createLead(tx, { ...input, source: "manual" }, actor);
      return { lead, changes: {}, holder: null, existed: false };
    }
    if (input.textConsent && !open.textConsent) await setTextConsent(tx, open.id, true, actor);
    const taken = await takeLatestWord(tx, open.id, input, actor, { via: "call", texts });
    return { ...taken, existed: true };
  });
}
