import { and, asc, eq, inArray } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { OPEN_LEAD_STATUSES } from "~/lib/business-enums";
import { formatDate, shortId } from "~/lib/format";
import {
  GUARANTEE_CALLBACK_SOURCE,
  GUARANTEE_TEXT,
  guaranteeLastDay,
  guaranteeOpen,
} from "~/lib/money/guarantee";
import { UNKNOWN_NAME } from "~/lib/leads/lead-labels";
import { customers, jobs, leads, type Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import { recordActivity } from "../activity/activity.server";
import { customerFor } from "../customers/customers.server";
import { notFound, RuleError } from "../rule-error.server";
import { RULE } from "~/lib/ui-text";

/*
 * Guarantee call-backs (issue 45, decision 0065): from a completed job, within its guarantee,
 * the office opens a lead linked to the job, for the same customer, address and service. Its
 * source is "Guarantee call-back" (the reports count them); its job is priced $0 when made,
 * and a price above $0 needs a quote with a reason, confirmed by the office and approved by
 * the customer (quotes.server.ts).
 */

/**
 * Opens the job's guarantee call-back, or returns the one still open for it (`existed`): a
 * double click makes one lead. Refused for a job not completed, or past its guarantee.
 */
export async function openGuaranteeCallback(
  db: Db,
  jobId: string,
  actor: Actor,
  now = new Date(),
): Promise<{ lead: Lead; existed: boolean }> {
  if (!isUuid(jobId)) throw notFound(RULE.jobGone);
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
    if (!job) throw notFound(RULE.jobGone);
    if (job.status !== "completed" || !job.completedAt) {
      throw new RuleError(GUARANTEE_TEXT.notCompleted);
    }
    const [open] = await tx
      .select()
      .from(leads)
      .where(and(eq(leads.guaranteeJobId, jobId), inArray(leads.status, [...OPEN_LEAD_STATUSES])))
      .orderBy(asc(leads.createdAt))
      .limit(1);
    if (open) return { lead: open, existed: true };
    if (!guaranteeOpen(job.completedAt, now)) {
      throw new RuleError(GUARANTEE_TEXT.ended(guaranteeLastDay(job.completedAt)));
    }
    const [original] = job.leadId
      ? await tx.select().from(leads).where(eq(leads.id, job.leadId))
      : [];
    const [customer] = job.customerId
      ? await tx.select().from(customers).where(eq(customers.id, job.customerId))
      : [];
    const phone = original?.phone ?? customer?.phone;
    if (!phone) throw new RuleError(GUARANTEE_TEXT.noPhone);
    const name = original?.name ?? (job.clientName === UNKNOWN_NAME ? null : job.clientName);
    const address = job.address ?? original?.address ?? null;
    const found = await customerFor(tx, phone, { name, address });
    const [lead] = await tx
      .insert(leads)
      .values({
        name,
        phone: found?.phone ?? phone,
        serviceType: job.jobType,
        zip: original?.zip ?? null,
        address,
        email: original?.email ?? null,
        details: `Guarantee call-back for job ${shortId(job.id)}, completed ${formatDate(job.completedAt)}.`,
        source: "manual",
        sourceName: GUARANTEE_CALLBACK_SOURCE,
        status: "new",
        customerId: found?.id ?? job.customerId,
        // The customer agreed to texts about the work; the call-back is that work again.
        textConsent: original?.textConsent ?? false,
        guaranteeJobId: job.id,
      })
      .returning();
    await recordActivity(tx, {
      actor,
      entity: "lead",
      entityId: lead!.id,
      action: "created",
      after: {
        name: lead!.name,
        phone: lead!.phone,
        serviceType: lead!.serviceType,
        source: lead!.source,
        sourceName: lead!.sourceName,
        guaranteeJobId: job.id,
      },
      leadId: lead!.id,
    });
    await recordActivity(tx, {
      actor,
      entity: "job",
      entityId: job.id,
      action: "guarantee_callback_opened",
      after: { callbackLeadId: lead!.id },
      leadId: job.leadId,
    });
    return { lead: lead!, existed: false };
  });
}
