import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { formatCents } from "~/lib/money/money";
import type { Db } from "../db/database.server";
import { jobs, payLinks } from "../db/business-tables.server";
import { isUniqueViolation } from "../db/errors.server";
import { logger } from "../logger.server";
import type { PaidSession, PayLinkService } from "./stripe.server";
import { RuleError } from "../rule-error.server";
import { recordActivity } from "../activity/activity.server";

/*
 * The card pay link of a completed job (decision 0036): a Stripe Checkout Session for the
 * final price, made when the customer taps Pay on their page, and paid by Stripe's signed
 * webhook. A job completed as "pay link" is business-collected from the start (0031), so
 * the ledger already owes the locksmith their cut; the webhook records that the money came.
 */

/** A session is reused while it has this long left; Stripe's sessions live 24 hours. */
const REUSE_MARGIN_MS = 10 * 60_000;

export const PAY_LINK_RULE = {
  notPayLink: "This job is not paid by card link. Call us about paying.",
  paid: "This job is paid already. Thank you.",
  unavailable: "Card payment is not available right now. Try again in a few minutes, or call us.",
} as const;

export interface PayLinkState {
  amountCents: number;
  paidAt: Date | null;
  /** The live checkout page, while one is open and unpaid. */
  url: string | null;
}

/** Where a pay-link job's payment stands: null for a job not paid by link. */
export async function readPayLink(
  db: Db,
  job: { id: string; paymentMethod: string | null; finalPriceCents: number | null },
  now = new Date(),
): Promise<PayLinkState | null> {
  if (job.paymentMethod !== "pay_link" || job.finalPriceCents === null) return null;
  const [latest] = await db
    .select()
    .from(payLinks)
    .where(eq(payLinks.jobId, job.id))
    .orderBy(sql`${payLinks.paidAt} is null`, desc(payLinks.createdAt))
    .limit(1);
  const live =
    latest &&
    !latest.paidAt &&
    latest.amountCents === job.finalPriceCents &&
    latest.expiresAt.getTime() - now.getTime() > REUSE_MARGIN_MS;
  return {
    amountCents: job.finalPriceCents,
    paidAt: latest?.paidAt ?? null,
    url: live ? latest.url : null,
  };
}

/**
 * The checkout page for a completed pay-link job: the open session when there is one, else
 * a new one from Stripe. Two taps at once ask Stripe with the same idempotency key, so they
 * get one session.
 */
export async function openPayLink(
  db: Db,
  service: PayLinkService,
  jobId: string,
  returnUrl: string,
  now = new Date(),
): Promise<string> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job || job.status !== "completed") throw new RuleError(PAY_LINK_RULE.notPayLink);
  const state = await readPayLink(db, job, now);
  if (!state || state.amountCents <= 0) throw new RuleError(PAY_LINK_RULE.notPayLink);
  if (state.paidAt) throw new RuleError(PAY_LINK_RULE.paid);
  if (state.url) return state.url;
  const [made] = await db.select({ n: count() }).from(payLinks).where(eq(payLinks.jobId, jobId));
  // The same job, price and number of earlier links: the same key, so the same session.
  const payLinkId = `${jobId}-${state.amountCents}-${made?.n ?? 0}`;
  let session;
  try {
    session = await service.createCheckout({
      payLinkId,
      jobId,
      amountCents: state.amountCents,
      description: `Locksmith service, ${formatCents(state.amountCents)}`,
      returnUrl,
    });
  } catch (error) {
    logger.error({ err: error, jobId }, "Stripe did not make a Checkout Session");
    throw new RuleError(PAY_LINK_RULE.unavailable, { status: 503, retryAfter: 60 });
  }
  await db
    .insert(payLinks)
    .values({
      jobId,
      sessionId: session.sessionId,
      url: session.url,
      amountCents: state.amountCents,
      expiresAt: session.expiresAt,
    })
    .onConflictDoNothing({ target: payLinks.sessionId });
  return session.url;
}

export type PaidOutcome = "paid" | "ignored";

/**
 * A verified "checkout session paid" event: marks the session's job paid, once. A replayed
 * event, one for a session we did not make, an amount that is not the link's, or a second
 * payment for a job already paid changes nothing (the last is logged: it needs a refund).
 */
export async function recordPaidSession(
  db: Db,
  paid: PaidSession,
  now = new Date(),
): Promise<PaidOutcome> {
  if (paid.currency !== "usd") return "ignored";
  try {
    return await db.transaction(async (tx) => {
      const [link] = await tx
        .update(payLinks)
        .set({ paidAt: now, paidByEvent: paid.eventId })
        .where(
          and(
            eq(payLinks.sessionId, paid.sessionId),
            isNull(payLinks.paidAt),
            eq(payLinks.amountCents, paid.amountCents),
          ),
        )
        .returning();
      if (!link) return "ignored";
      const [job] = await tx
        .select({ leadId: jobs.leadId })
        .from(jobs)
        .where(eq(jobs.id, link.jobId));
      await recordActivity(tx, {
        actor: { kind: "webhook", name: "Stripe" },
        entity: "job",
        entityId: link.jobId,
        action: "paid_by_pay_link",
        after: { amountCents: link.amountCents, sessionId: link.sessionId },
        leadId: job?.leadId ?? null,
      });
      return "paid";
    });
  } catch (error) {
    if (isUniqueViolation(error, "pay_links_one_paid_per_job")) {
      logger.error(
        { sessionId: paid.sessionId, eventId: paid.eventId },
        "A job already paid was paid again through another pay link: refund it in Stripe",
      );
      return "ignored";
    }
    throw error;
  }
}
