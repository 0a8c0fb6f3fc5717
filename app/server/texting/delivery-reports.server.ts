import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { OPEN_LEAD_STATUSES } from "~/lib/business-enums";
import { storablePhone } from "~/lib/phone-parse";
import { fromTwilioStatus, optKeyword, statusAfterReport } from "~/lib/texting/text-delivery";
import { customers, leads, locksmiths, type Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import { messages } from "../db/messaging-tables.server";
import { recordActivity } from "../activity/activity.server";
import { customerFor } from "../customers/customers.server";
import { restartLadderForCustomer } from "../night-watch/escalation-ladder.server";
import { acknowledgeByPhone } from "../night-watch/ladder-stop.server";

/*
 * What Twilio's signed callbacks tell us about texts: how ours fared, and what came in.
 */

export interface DeliveryReport {
  /** Our message id, from the status callback's URL. */
  id?: string;
  sid: string;
  status: string;
  errorCode?: string;
}

/** A delivery report: the text moves forward only (reports arrive out of order). */
export async function recordDeliveryReport(db: Db, report: DeliveryReport): Promise<void> {
  const reported = fromTwilioStatus(report.status);
  if (!reported) return;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(messages)
      .where(
        report.id && isUuid(report.id)
          ? and(
              eq(messages.id, report.id),
              or(isNull(messages.twilioSid), eq(messages.twilioSid, report.sid)),
            )
          : eq(messages.twilioSid, report.sid),
      )
      .for("update");
    if (!row) return;
    const status = statusAfterReport(row.status, reported);
    await tx
      .update(messages)
      .set({
        twilioSid: report.sid,
        ...(status ? { status, sendingSince: null } : {}),
        ...(status === "delivered" ? { deliveredAt: new Date() } : {}),
        ...(status && status !== "delivered" && status !== "sent" && report.errorCode
          ? { lastError: `Twilio ${report.errorCode}: the carrier did not deliver it` }
          : {}),
      })
      .where(eq(messages.id, row.id));
  });
}

export interface IncomingText {
  from: string;
  body: string;
  sid: string;
}

/** What else a customer's text does, in its transaction (the masked texts relay it on). */
export type CustomerTextHook = (tx: Db, text: { lead: Lead; body: string }) => Promise<unknown>;

/**
 * A text that came in: kept in the outbox as a reply (on the sender's latest lead, so it
 * shows on its timeline); STOP and its kin opt the number out of every text we would
 * queue, START opts it back in. Twilio retries a callback: the SID makes that one row.
 */
export async function recordIncomingText(
  db: Db,
  text: IncomingText,
  onCustomerText?: CustomerTextHook,
): Promise<void> {
  const from = storablePhone(text.from) ?? text.from;
  await db.transaction(async (tx) => {
    const [locksmith] = await tx
      .select({ id: locksmiths.id })
      .from(locksmiths)
      .where(eq(locksmiths.phone, from))
      .limit(1);
    const customer = locksmith ? undefined : await customerFor(tx, from);
    // A locksmith's reply is about the job they have open; a customer's, their latest lead.
    const about = locksmith
      ? and(eq(leads.assignedLocksmithId, locksmith.id), inArray(leads.status, OPEN_LEAD_STATUSES))
      : customer
        ? eq(leads.customerId, customer.id)
        : undefined;
    const [lead] = about
      ? await tx.select().from(leads).where(about).orderBy(desc(leads.createdAt)).limit(1)
      : [];
    const [stored] = await tx
      .insert(messages)
      .values({
        toPhone: from,
        body: text.body.slice(0, 1_600),
        purpose: "reply",
        status: "received",
        twilioSid: text.sid,
        leadId: lead?.id ?? null,
        locksmithId: locksmith?.id ?? null,
        customerId: customer?.id ?? null,
      })
      .onConflictDoNothing({ target: messages.twilioSid })
      .returning({ id: messages.id });
    const keyword = optKeyword(text.body);
    if (!stored) return;
    // A reply from someone the ladder woke answers it; a customer's word restarts it.
    if (!locksmith && (await acknowledgeByPhone(tx, from))) return;
    if (customer && lead && !keyword) {
      await restartLadderForCustomer(tx, lead.id, new Date());
      await onCustomerText?.(tx, { lead, body: text.body });
    }
    if (!customer || !keyword) return;
    await tx
      .update(customers)
      .set({ textsOptedOutAt: keyword === "opt_out" ? new Date() : null })
      .where(eq(customers.id, customer.id));
    await recordActivity(tx, {
      actor: { kind: "customer", name: customer.name ?? null },
      entity: "customer",
      entityId: customer.id,
      action: keyword === "opt_out" ? "texts_opted_out" : "texts_opted_in",
      after: { keyword: text.body.trim().toUpperCase() },
      leadId: lead?.id ?? null,
    });
  });
}
