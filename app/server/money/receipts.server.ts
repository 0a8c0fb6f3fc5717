import { and, eq, sql } from "drizzle-orm";
import { licenseToShow, licenseToday } from "~/lib/locksmiths/license";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import type { ReceiptFacts } from "~/lib/money/receipt";
import { cardMoney, jobs, leads, locksmiths, quotes } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";

/** A completed, priced job's receipt, or undefined when there is none to give. */
export async function readReceipt(db: Db, jobId: string): Promise<ReceiptFacts | undefined> {
  if (!isUuid(jobId)) return undefined;
  const [row] = await db
    .select({
      job: jobs,
      locksmithName: locksmiths.name,
      licenseNumber: locksmiths.licenseNumber,
      licenseExpiresOn: locksmiths.licenseExpiresOn,
      zip: leads.zip,
      quotedCents: quotes.amountCents,
      approvedWay: quotes.approvedWay,
      approvedAt: quotes.decidedAt,
      // The first card payment (a job may have more: a duplicate, an old amount).
      cardPaidAt:
        sql<Date | null>`(select min(${cardMoney.createdAt}) from ${cardMoney} where ${cardMoney.jobId} = ${jobs.id} and ${cardMoney.kind} = 'payment')`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
    })
    .from(jobs)
    .leftJoin(locksmiths, eq(locksmiths.id, jobs.locksmithId))
    .leftJoin(leads, eq(leads.id, jobs.leadId))
    .leftJoin(quotes, and(eq(quotes.jobId, jobs.id), eq(quotes.state, "approved")))
    .where(eq(jobs.id, jobId));
  const job = row?.job;
  if (!job || job.status !== "completed" || job.finalPriceCents === null || !job.completedAt) {
    return undefined;
  }
  return {
    jobId: job.id,
    service: SERVICE_TYPE_LABELS[job.jobType],
    locksmithName: row.locksmithName,
    // Live on the day of the work: a license that ran out since still stood then.
    locksmithLicense: licenseToShow(
      { number: row.licenseNumber, expiresOn: row.licenseExpiresOn },
      licenseToday(job.completedAt),
    ),
    completedAt: job.completedAt,
    address: [job.address, row.zip].filter(Boolean).join(", ") || null,
    quotedCents: row.quotedCents,
    finalPriceCents: job.finalPriceCents,
    paymentMethod: job.paymentMethod,
    collectedBy: job.collectedBy,
    cardPaidAt: job.paymentMethod === "pay_link" ? row.cardPaidAt : null,
    approval: row.approvedWay ? { way: row.approvedWay, at: row.approvedAt } : null,
  };
}
