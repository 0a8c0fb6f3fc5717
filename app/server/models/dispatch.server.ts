import { and, desc, eq, inArray } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { formatDateTime } from "~/lib/format";
import { jobPagePath } from "~/lib/dispatch/job-page-link";
import { leadDisplayName, SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { formatPhone } from "~/lib/phone";
import { renderText, type TextValues } from "~/lib/texting/text-templates";
import { dispatchCodes, type DispatchCode, type Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { messages, type Message } from "../db/messaging-tables.server";
import { queueCustomerText, queueText, type TextContext } from "./messages.server";
import { recordActivity } from "./activity.server";
import { createDispatchCode } from "./dispatch-codes.server";
import { openDispatchLink } from "./dispatch-links.server";
import { activeLocksmith, lockLead, writeAssignment } from "./leads.server";

export interface Dispatch {
  lead: Lead;
  code: DispatchCode;
  locksmith: { id: string; name: string };
  /** The text for the locksmith (name, phone, address, service, code, job page link). */
  text: string;
  /** Its row in the outbox; none when that kind of text is switched off. */
  message: Pick<Message, "id" | "status"> | null;
}

/**
 * Dispatch, in one step and one transaction: the lead is assigned to the locksmith and
 * moves to In Progress, a dispatch code and a job page link are made for the pair, codes
 * and links of an earlier dispatch of this lead lapse, the locksmith's text and (with the
 * customer's consent) the customer's are queued, and the timeline says "dispatched". The
 * same form token twice (a double click) dispatches once.
 */
export async function dispatchLead(
  db: Db,
  input: { leadId: string; locksmithId: string; requestId?: string | null },
  actor: Actor,
  texts: TextContext,
): Promise<Dispatch> {
  return db.transaction(async (tx) => {
    const before = await lockLead(tx, input.leadId);
    const locksmith = await activeLocksmith(tx, input.locksmithId);
    const [repeated] = input.requestId
      ? await tx
          .select()
          .from(dispatchCodes)
          .where(eq(dispatchCodes.idempotencyKey, input.requestId))
      : [];
    if (repeated) return describeRepeat(tx, before, repeated, locksmith);

    await lapseEarlierCodes(tx, before.id, actor);
    const code = await createDispatchCode(
      tx,
      { leadId: before.id, locksmithId: locksmith.id, status: "assigned" },
      actor,
    );
    if (input.requestId) {
      await tx
        .update(dispatchCodes)
        .set({ idempotencyKey: input.requestId })
        .where(eq(dispatchCodes.id, code.id));
    }
    const lead = await writeAssignment(tx, before, locksmith, actor, "dispatched", {
      code: code.code,
      codeId: code.id,
    });
    const token = await openDispatchLink(tx, {
      leadId: lead.id,
      locksmithId: locksmith.id,
      dispatchCodeId: code.id,
      expiresAt: code.expirationTime,
    });
    const values = dispatchValues(lead, code, locksmith, `${texts.siteUrl}${jobPagePath(token)}`);
    const message = await queueText(tx, texts, {
      kind: "locksmith_dispatch",
      to: locksmith.phone,
      values,
      leadId: lead.id,
      locksmithId: locksmith.id,
    });
    await queueCustomerText(
      tx,
      texts,
      lead,
      { kind: "customer_dispatched", values: { locksmith: locksmith.name } },
      actor,
    );
    // Shown in the dialog even when this kind is off, for sending by hand.
    const text =
      message?.body ??
      renderText("locksmith_dispatch", texts.settings.templates.locksmith_dispatch, {
        business: texts.business.name,
        business_phone: texts.business.phone,
        ...values,
      });
    return { lead, code, locksmith, text, message: message ?? null };
  });
}

/** What the locksmith's text fills in about the job. */
function dispatchValues(
  lead: Lead,
  code: DispatchCode,
  locksmith: { name: string },
  link: string,
): TextValues {
  return {
    customer: leadDisplayName(lead.name),
    customer_phone: formatPhone(lead.phone),
    address:
      [lead.address, lead.zip].filter(Boolean).join(", ") || "Address not given: call the customer",
    service: SERVICE_TYPE_LABELS[lead.serviceType],
    details: lead.details,
    code: code.code,
    code_expires: formatDateTime(code.expirationTime),
    link,
    locksmith: locksmith.name,
  };
}

/** A repeated dispatch answers with what the first one queued (the token is not kept). */
async function describeRepeat(
  tx: Db,
  lead: Lead,
  code: DispatchCode,
  locksmith: { id: string; name: string },
): Promise<Dispatch> {
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
    code,
    locksmith,
    text: message?.body ?? `Dispatch code ${code.code}`,
    message: message ? { id: message.id, status: message.status } : null,
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
