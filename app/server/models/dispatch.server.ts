import { and, eq, inArray } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { dispatchText } from "~/lib/dispatch-text";
import { leadDisplayName, SERVICE_TYPE_LABELS } from "~/lib/lead-labels";
import { dispatchCodes, type DispatchCode, type Lead } from "../db/business-tables.server";
import type { Database } from "../db/database.server";
import { recordActivity } from "./activity.server";
import { createDispatchCode } from "./dispatch-codes.server";
import { activeLocksmith, lockLead, writeAssignment } from "./leads.server";

export interface Dispatch {
  lead: Lead;
  code: DispatchCode;
  locksmith: { id: string; name: string };
  /** The ready-to-send text for the locksmith (name, phone, address, service, code). */
  text: string;
}

/**
 * Dispatch, in one step and one transaction: the lead is assigned to the locksmith and
 * moves to In Progress, a dispatch code is made for the pair (status assigned), codes of an
 * earlier dispatch of this lead that were not used lapse, and the timeline says
 * "dispatched". The same form token twice (a double click) dispatches once.
 */
export async function dispatchLead(
  db: Database,
  input: { leadId: string; locksmithId: string; requestId?: string | null },
  actor: Actor,
  businessName: string,
): Promise<Dispatch> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const before = await lockLead(t, input.leadId);
    const locksmith = await activeLocksmith(t, input.locksmithId);
    const [repeated] = input.requestId
      ? await tx
          .select()
          .from(dispatchCodes)
          .where(eq(dispatchCodes.idempotencyKey, input.requestId))
      : [];
    if (repeated) return describe(before, repeated, locksmith, businessName);

    await lapseEarlierCodes(t, before.id, actor);
    const code = await createDispatchCode(
      t,
      { leadId: before.id, locksmithId: locksmith.id, status: "assigned" },
      actor,
    );
    if (input.requestId) {
      await tx
        .update(dispatchCodes)
        .set({ idempotencyKey: input.requestId })
        .where(eq(dispatchCodes.id, code.id));
    }
    const lead = await writeAssignment(t, before, locksmith, actor, "dispatched", {
      code: code.code,
      codeId: code.id,
    });
    return describe(lead, code, locksmith, businessName);
  });
}

/** A lead dispatched again: the codes it was given before and never used lapse. */
async function lapseEarlierCodes(tx: Database, leadId: string, actor: Actor): Promise<void> {
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

function describe(
  lead: Lead,
  code: DispatchCode,
  locksmith: { id: string; name: string },
  businessName: string,
): Dispatch {
  return {
    lead,
    code,
    locksmith,
    text: dispatchText({
      businessName,
      customerName: leadDisplayName(lead.name),
      phone: lead.phone,
      address: lead.address,
      zip: lead.zip,
      service: SERVICE_TYPE_LABELS[lead.serviceType],
      details: lead.details,
      code: code.code,
      expiresAt: code.expirationTime,
    }),
  };
}
