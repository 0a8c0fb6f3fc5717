import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { formatCents } from "~/lib/money/money";
import { RULE } from "~/lib/ui-text";
import { jobs, quotes, type Job, type Quote } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import { notFound } from "../rule-error.server";
import { recordActivity } from "../activity/activity.server";
import { lockLead } from "../leads/leads.server";
import { requireOfficeDoorCheck } from "../door-check/door-checks.server";
import { queueCustomerText, type TextContext } from "../texting/outbox.server";
import { setJobPricing, type JobPricing } from "./jobs.server";
import { currentQuote, textQuoteWaiting } from "./quotes.server";

/*
 * The office's Edit Pricing, bound by what the customer approved (issue 44, case 4): a price
 * above the approved quote is not set but becomes a new quote waiting on the customer (texted
 * their page to approve it); a correction downward is set and texted to them. A job with no
 * quote at all (made in the office, never quoted on site) is priced as before.
 */

/** Why the new quote exists, as the customer reads it beside the price. */
export const OFFICE_RAISE_REASON = "The office changed the price: it needs your approval.";

export type OfficePricing = { kind: "priced"; job: Job } | { kind: "waiting"; quote: Quote };

/** The job's latest quote the customer approved (still current, or replaced since). */
export async function lastApprovedQuote(tx: Db, jobId: string): Promise<Quote | undefined> {
  const [row] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.jobId, jobId), isNotNull(quotes.approvedWay)))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(1);
  return row;
}

export async function priceJobAsOffice(
  db: Db,
  jobId: string,
  pricing: JobPricing,
  actor: Actor,
  texts: TextContext,
  now = new Date(),
): Promise<OfficePricing> {
  if (!isUuid(jobId)) throw notFound(RULE.jobGone);
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(jobs).where(eq(jobs.id, jobId));
    if (!found) throw notFound(RULE.jobGone);
    // Not before the door check of a job that opens something (decision 0075).
    await requireOfficeDoorCheck(tx, found);
    // The lead before the job, as every step of a job takes them.
    const lead = found.leadId ? await lockLead(tx, found.leadId) : undefined;
    const [approved, current] = await Promise.all([
      lastApprovedQuote(tx, jobId),
      currentQuote(tx, jobId),
    ]);
    const quoted = Boolean(current ?? approved);
    const service = lead ? SERVICE_TYPE_LABELS[lead.serviceType] : null;
    if (lead && quoted && pricing.finalPriceCents > (approved?.amountCents ?? -1)) {
      if (current) {
        await tx.update(quotes).set({ state: "superseded" }).where(eq(quotes.id, current.id));
      }
      const [quote] = await tx
        .insert(quotes)
        .values({
          jobId,
          leadId: lead.id,
          locksmithId: found.locksmithId,
          amountCents: pricing.finalPriceCents,
          reason: OFFICE_RAISE_REASON,
        })
        .returning();
      await recordActivity(tx, {
        actor,
        entity: "lead",
        entityId: lead.id,
        action: "quote_given",
        before: current ? { amountCents: current.amountCents, state: current.state } : null,
        after: {
          quoteId: quote!.id,
          jobId,
          amountCents: pricing.finalPriceCents,
          lines: [],
          reason: OFFICE_RAISE_REASON,
          service,
        },
        leadId: lead.id,
      });
      await textQuoteWaiting(tx, texts, lead, quote!, actor, now);
      return { kind: "waiting", quote: quote! };
    }
    if (
      lead &&
      approved &&
      current?.state === "pending" &&
      current.reason === OFFICE_RAISE_REASON
    ) {
      // A price within the approval withdraws the office's raise that waits on the customer:
      // their approval stands again, and their page no longer asks for the raise.
      await tx.update(quotes).set({ state: "superseded" }).where(eq(quotes.id, current.id));
      await tx.update(quotes).set({ state: "approved" }).where(eq(quotes.id, approved.id));
      await recordActivity(tx, {
        actor,
        entity: "lead",
        entityId: lead.id,
        action: "quote_withdrawn",
        before: { amountCents: current.amountCents, state: current.state },
        after: { quoteId: current.id, jobId, amountCents: approved.amountCents },
        leadId: lead.id,
      });
    }
    const before = found.finalPriceCents;
    const job = await setJobPricing(tx, jobId, pricing, actor);
    if (lead && before !== null && pricing.finalPriceCents < before) {
      await queueCustomerText(
        tx,
        texts,
        lead,
        {
          kind: "customer_price_lowered",
          values: { amount: formatCents(pricing.finalPriceCents) },
          jobId,
        },
        actor,
      );
    }
    return { kind: "priced", job };
  });
}
