import { eq } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { formatCents } from "~/lib/money/money";
import { reviewPath } from "~/lib/reviews/review-request";
import { leads, locksmiths, type Job } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { newCustomerPageUrl } from "../customers/customer-links.server";
import { createReviewRequest } from "../reviews/review-requests.server";
import { queueCustomerText, type TextContext } from "../texting/outbox.server";
import { readPayLink } from "./pay-links.server";

/*
 * The job done, told to the customer in one text (issue 44, case 5, decision 0056): the price,
 * what is left to pay by card, their page with the receipt, and the review link.
 */

/**
 * After a job completes, one text: the price, what is left to pay by card (when the job is
 * paid by link), the customer's page with the receipt, and the review link (once per job).
 */
export async function textJobDone(
  tx: Db,
  job: Job,
  texts: TextContext,
  actor: Actor,
): Promise<void> {
  if (!job.leadId) return;
  const [lead] = await tx.select().from(leads).where(eq(leads.id, job.leadId));
  if (!lead?.textConsent) return;
  const request = await createReviewRequest(tx, { jobId: job.id });
  if (!request) return;
  const [locksmith] = job.locksmithId
    ? await tx
        .select({ name: locksmiths.name })
        .from(locksmiths)
        .where(eq(locksmiths.id, job.locksmithId))
    : [];
  const payLink = await readPayLink(tx, job);
  await queueCustomerText(
    tx,
    texts,
    lead,
    {
      kind: "customer_review_request",
      values: {
        locksmith: locksmith?.name ?? "our locksmith",
        amount: job.finalPriceCents === null ? null : formatCents(job.finalPriceCents),
        balance: payLink && payLink.amountCents > 0 ? formatCents(payLink.amountCents) : null,
        customer_link: await newCustomerPageUrl(tx, texts, lead.id),
        review_link: `${texts.siteUrl}${reviewPath(request.token)}`,
      },
      jobId: job.id,
    },
    actor,
  );
}
