import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { chicagoToday, readPlan } from "./payment-plans.server";
import { licenseToShow, licenseToday } from "~/lib/locksmiths/license";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import type { ReceiptBusiness, ReceiptFacts } from "~/lib/money/receipt";
import {
  cardMoney,
  jobs,
  leads,
  locksmiths,
  planInstalments,
  quotes,
} from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { doorChecks } from "../db/door-check-tables.server";
import { isUuid } from "../db/list-query.server";
import { businessContact } from "../business.server";
import type { Env } from "../env.server";
import { readReceiptSettings } from "./receipt-settings.server";

/** A completed, priced job's receipt, or undefined when there is none to give. */
export async function readReceipt(
  db: Db,
  jobId: string,
  now = new Date(),
): Promise<ReceiptFacts | undefined> {
  if (!isUuid(jobId)) return undefined;
  const [[row], [approved], money] = await Promise.all([
    db
      .select({
        job: jobs,
        locksmithName: locksmiths.name,
        licenseNumber: locksmiths.licenseNumber,
        licenseExpiresOn: locksmiths.licenseExpiresOn,
        zip: leads.zip,
      })
      .from(jobs)
      .leftJoin(locksmiths, eq(locksmiths.id, jobs.locksmithId))
      .leftJoin(leads, eq(leads.id, jobs.leadId))
      .where(eq(jobs.id, jobId)),
    // The quote the customer last approved: still current, or replaced since by one that
    // waits on them (an office raise), which is not approved until they say so.
    db
      .select({
        amountCents: quotes.amountCents,
        lines: quotes.lines,
        approvedWay: quotes.approvedWay,
        approvedAt: quotes.decidedAt,
      })
      .from(quotes)
      .where(and(eq(quotes.jobId, jobId), isNotNull(quotes.approvedWay)))
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(1),
    db
      .select({
        kind: cardMoney.kind,
        amountCents: cardMoney.amountCents,
        at: cardMoney.createdAt,
        refundState: cardMoney.refundState,
      })
      .from(cardMoney)
      .where(eq(cardMoney.jobId, jobId))
      .orderBy(asc(cardMoney.createdAt), asc(cardMoney.id)),
  ]);
  const job = row?.job;
  if (!job || job.status !== "completed" || job.finalPriceCents === null || !job.completedAt) {
    return undefined;
  }
  const [plan, cash, doorCheck] = await Promise.all([
    readPlan(db, job),
    db
      .select()
      .from(planInstalments)
      .where(
        and(eq(planInstalments.jobId, job.id), inArray(planInstalments.paidBy, ["cash", "check"])),
      )
      .orderBy(asc(planInstalments.paidAt)),
    // Only whether the door was checked (issue 49): never what the check saw.
    db.select({ outcome: doorChecks.outcome }).from(doorChecks).where(eq(doorChecks.jobId, job.id)),
  ]);
  return {
    jobId: job.id,
    service: SERVICE_TYPE_LABELS[job.jobType],
    customerName: job.clientName.trim() || null,
    locksmithName: row.locksmithName,
    // Live on the day of the work: a license that ran out since still stood then.
    locksmithLicense: licenseToShow(
      { number: row.licenseNumber, expiresOn: row.licenseExpiresOn },
      licenseToday(job.completedAt),
    ),
    completedAt: job.completedAt,
    address: [job.address, row.zip].filter(Boolean).join(", ") || null,
    approvedQuote: approved ?? null,
    finalPriceCents: job.finalPriceCents,
    paymentMethod: job.paymentMethod,
    collectedBy: job.collectedBy,
    cardMoney: money,
    identityChecked: doorCheck[0]?.outcome === "checked",
    plan: { instalments: plan, today: chicagoToday(now) },
    planCash: cash.map((instalment) => ({
      number: instalment.number,
      amountCents: instalment.amountCents,
      at: instalment.paidAt!,
      method: instalment.paidBy as "cash" | "check",
    })),
  };
}

/** The business as receipts name it: configuration, and Settings → Receipts. */
export async function readReceiptBusiness(db: Db, env: Env): Promise<ReceiptBusiness> {
  const contact = businessContact(env);
  const settings = await readReceiptSettings(db);
  return {
    name: contact.name,
    legalName: settings.legalName,
    address: settings.address,
    phone: contact.phone,
    email: contact.email,
    license: contact.license,
    taxRates: settings.taxRates,
  };
}
