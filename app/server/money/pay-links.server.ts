import { and, asc, count, desc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { nextInstalment, type InstalmentView } from "~/lib/money/payment-plan";
import { formatCents } from "~/lib/money/money";
import {
  jobBalance,
  paymentVerdict,
  type JobBalance,
  type PaymentVerdict,
} from "~/lib/money/card-payments";
import type { Actor } from "~/lib/activity";
import type { Db } from "../db/database.server";
import {
  cardMoney,
  jobs,
  keptOverPrice,
  payLinks,
  planInstalments,
  type CardMoney,
  type PlanInstalment,
} from "../db/business-tables.server";
import { cancelStalePlan, readPlan } from "./payment-plans.server";
import { logger } from "../logger.server";
import type { PaidSession, PayLinkService } from "./stripe.server";
import { RuleError } from "../rule-error.server";
import { recordActivity } from "../activity/activity.server";
import type { TextContext } from "../texting/outbox.server";
import { textCardMoney } from "./money-texts.server";

/*
 * The card pay link of a completed job (decisions 0036, 0050): a Stripe Checkout Session
 * bound to the job, an amount and the job's price version, made when the customer taps Pay
 * on their page. What Stripe collects and gives back is kept in card_money, one row each;
 * the job's balance is its price less payments plus refunds. A session for a price the job
 * no longer asks is expired at Stripe; a payment that still arrives for one is recorded as
 * what it is (old amount, cancelled job, duplicate) and raised to the office.
 */

/** A session is reused while it has this long left; Stripe's sessions live 24 hours. */
const REUSE_MARGIN_MS = 10 * 60_000;

export const PAY_LINK_RULE = {
  notPayLink: "This job is not paid by card link. Call us about paying.",
  paid: "This job is paid already. Thank you.",
  unavailable: "Card payment is not available right now. Try again in a few minutes, or call us.",
} as const;

export interface PayLinkState {
  /**
   * What is asked now: the price less what came in, plus refunds; with a payment plan, the
   * next instalment (decision 0065).
   */
  amountCents: number;
  /** The payment plan's instalment `amountCents` is, when the job has a plan. */
  instalmentId: string | null;
  /** The live payment plan, first instalment first; [] without one. */
  plan: (InstalmentView & { id: string })[];
  /** When the job was paid in full; null while something is due or nothing came in. */
  paidAt: Date | null;
  /** The live checkout page, while one is open and unpaid. */
  url: string | null;
  balance: JobBalance;
}

type JobMoney = Pick<
  typeof jobs.$inferSelect,
  "id" | "status" | "paymentMethod" | "finalPriceCents" | "priceVersion" | "planCashCents"
>;

/** A job's card rows, oldest first. */
export function cardMoneyOf(db: Db, jobId: string): Promise<CardMoney[]> {
  return db
    .select()
    .from(cardMoney)
    .where(eq(cardMoney.jobId, jobId))
    .orderBy(asc(cardMoney.createdAt), asc(cardMoney.id));
}

/** The job's balance from its card rows. */
export async function readJobBalance(db: Db, job: JobMoney): Promise<JobBalance> {
  return jobBalance(job, await cardMoneyOf(db, job.id));
}

/** Where a pay-link job's payment stands: null for a job not paid by link. */
export async function readPayLink(
  db: Db,
  job: JobMoney,
  now = new Date(),
): Promise<PayLinkState | null> {
  if (job.paymentMethod !== "pay_link" || job.finalPriceCents === null) return null;
  const rows = await cardMoneyOf(db, job.id);
  const balance = jobBalance(job, rows);
  const left = Math.max(balance.balanceCents, 0);
  const plan = await readPlan(db, job);
  const next = left > 0 ? nextInstalment(plan) : undefined;
  const due = next ? Math.min(next.amountCents, left) : left;
  const [latest] = await db
    .select()
    .from(payLinks)
    .where(and(eq(payLinks.jobId, job.id), isNull(payLinks.paidAt), isNull(payLinks.expiredAt)))
    .orderBy(desc(payLinks.createdAt))
    .limit(1);
  const live =
    due > 0 &&
    latest &&
    latest.amountCents === due &&
    latest.instalmentId === (next?.id ?? null) &&
    latest.priceVersion === job.priceVersion &&
    latest.expiresAt.getTime() - now.getTime() > REUSE_MARGIN_MS;
  const firstPayment = rows.find((row) => row.kind === "payment");
  return {
    amountCents: due,
    instalmentId: next?.id ?? null,
    plan,
    paidAt: due === 0 && firstPayment ? firstPayment.createdAt : null,
    url: live ? latest.url : null,
    balance,
  };
}

/**
 * The checkout page for a completed pay-link job: the open session when there is one, else
 * a new one from Stripe for what is left to pay. Two taps at once ask Stripe with the same
 * idempotency key, so they get one session.
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
  if (!state || job.finalPriceCents! <= 0) throw new RuleError(PAY_LINK_RULE.notPayLink);
  if (state.amountCents <= 0) throw new RuleError(PAY_LINK_RULE.paid);
  if (state.url) return state.url;
  await expireStaleSessions(db, service, jobId);
  const [made] = await db.select({ n: count() }).from(payLinks).where(eq(payLinks.jobId, jobId));
  // The same job, version, amount and number of earlier links: the same key, so one session.
  const payLinkId = `${jobId}-v${job.priceVersion}-${state.amountCents}-${made?.n ?? 0}${state.instalmentId ? `-i${state.instalmentId}` : ""}`;
  let session;
  try {
    session = await service.createCheckout({
      payLinkId,
      jobId,
      priceVersion: job.priceVersion,
      amountCents: state.amountCents,
      description: state.instalmentId
        ? `Locksmith service, instalment ${state.plan.find((one) => one.id === state.instalmentId)?.number}: ${formatCents(state.amountCents)}`
        : `Locksmith service, ${formatCents(state.amountCents)}`,
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
      priceVersion: job.priceVersion,
      expiresAt: session.expiresAt,
      instalmentId: state.instalmentId,
    })
    .onConflictDoNothing({ target: payLinks.sessionId });
  return session.url;
}

/**
 * Closes at Stripe every open session of the job made for another price version or for a
 * job no longer completed (the office changed the price, cancelled or reopened it), so the
 * customer cannot pay a price the job no longer asks. Stripe down: logged, and a payment that
 * still comes is recorded as an old amount. Answers how many were closed.
 */
export async function expireStaleSessions(
  db: Db,
  service: PayLinkService,
  jobId: string,
  now = new Date(),
): Promise<number> {
  const [job] = await db
    .select({ status: jobs.status, priceVersion: jobs.priceVersion })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job) return 0;
  // A plan made at another price version is cancelled first: its sessions are stale below.
  await cancelStalePlan(db, jobId, now);
  const stale = await db
    .select({ id: payLinks.id, sessionId: payLinks.sessionId })
    .from(payLinks)
    .where(
      and(
        eq(payLinks.jobId, jobId),
        isNull(payLinks.paidAt),
        isNull(payLinks.expiredAt),
        gt(payLinks.expiresAt, now),
        job.status === "completed"
          ? or(
              ne(payLinks.priceVersion, job.priceVersion),
              // An instalment of a plan cancelled or replaced, or paid in cash or by check.
              sql`${payLinks.instalmentId} in (select id from ${planInstalments} where ${planInstalments.cancelledAt} is not null or ${planInstalments.paidAt} is not null)`,
              // The whole balance, once a plan asks it by instalments.
              sql`${payLinks.instalmentId} is null and exists (select 1 from ${planInstalments} where ${planInstalments.jobId} = ${jobId} and ${planInstalments.cancelledAt} is null)`,
            )
          : undefined,
      ),
    );
  let closed = 0;
  for (const link of stale) {
    try {
      if (await service.expireCheckout(link.sessionId)) closed++;
    } catch (error) {
      logger.error(
        { err: error, jobId, sessionId: link.sessionId },
        "Stripe did not expire a session",
      );
      continue;
    }
    // Expired, or paid already (its payment will be recorded as what it is): no longer offered.
    await db.update(payLinks).set({ expiredAt: now }).where(eq(payLinks.id, link.id));
  }
  return closed;
}

const STRIPE_ACTOR: Actor = { kind: "webhook", name: "Stripe" };

export type PaidOutcome = PaymentVerdict | "ignored";

export interface RecordedPayment {
  outcome: PaidOutcome;
  /** The payment's row, when this call recorded it. */
  payment?: CardMoney;
}

/**
 * A paid Checkout Session, from its verified webhook or from the customer's return page
 * (whichever comes first; the other changes nothing): one card_money row with its verdict,
 * decided with the job row locked. A session we did not make, an amount that is not the
 * session's, or another currency is ignored.
 */
export async function recordPaidSession(
  db: Db,
  paid: PaidSession,
  texts: TextContext | null,
  now = new Date(),
): Promise<RecordedPayment> {
  if (paid.currency !== "usd") return { outcome: "ignored" };
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(payLinks).where(eq(payLinks.sessionId, paid.sessionId));
    if (!link || link.amountCents !== paid.amountCents) return { outcome: "ignored" as const };
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, link.jobId)).for("update");
    if (!job) return { outcome: "ignored" as const };
    const balance = jobBalance(job, await cardMoneyOf(tx, job.id));
    // What came in already: card money kept, and plan instalments paid in cash or by check.
    const net = balance.paidCents - balance.refundedCents;
    const instalment = link.instalmentId ? await lockInstalment(tx, link.instalmentId) : null;
    const verdict = instalment
      ? instalmentVerdict(job, link, instalment, net)
      : paymentVerdict(job, link, net);
    const [payment] = await tx
      .insert(cardMoney)
      .values({
        jobId: job.id,
        kind: "payment",
        amountCents: paid.amountCents,
        payLinkId: link.id,
        paymentIntent: paid.paymentIntent,
        verdict,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!payment) return { outcome: "ignored" as const };
    await tx
      .update(payLinks)
      .set({ paidAt: now, paidByEvent: paid.eventId })
      .where(eq(payLinks.id, link.id));
    if (instalment && verdict === "for_price") {
      await tx
        .update(planInstalments)
        .set({ paidAt: now, paidBy: "pay_link" })
        .where(eq(planInstalments.id, instalment.id));
    }
    await recordActivity(tx, {
      actor: STRIPE_ACTOR,
      entity: "job",
      entityId: job.id,
      action: "paid_by_pay_link",
      after: { amountCents: payment.amountCents, sessionId: link.sessionId, verdict },
      leadId: job.leadId,
    });
    await textCardMoney(tx, texts, "customer_payment_received", payment, STRIPE_ACTOR);
    if (verdict !== "for_price") {
      logger.warn(
        { jobId: job.id, sessionId: link.sessionId, verdict },
        "A card payment needs the office",
      );
    }
    return { outcome: verdict, payment };
  });
}

async function lockInstalment(tx: Db, id: string): Promise<PlanInstalment | null> {
  const [row] = await tx
    .select()
    .from(planInstalments)
    .where(eq(planInstalments.id, id))
    .for("update");
  return row ?? null;
}

/**
 * A plan instalment's session paid (decision 0065): for the price when its instalment is
 * live, unpaid, at the job's price version and within what the job still asks; otherwise
 * what it is (an old amount, a duplicate) for the office, like any other payment.
 */
function instalmentVerdict(
  job: Pick<typeof jobs.$inferSelect, "status" | "finalPriceCents" | "priceVersion">,
  link: { priceVersion: number; amountCents: number },
  instalment: PlanInstalment,
  netPaidCents: number,
): PaymentVerdict {
  if (job.status !== "completed") return "cancelled_job";
  const price = job.finalPriceCents ?? 0;
  if (netPaidCents >= price && netPaidCents > 0) return "duplicate";
  if (
    instalment.cancelledAt ||
    instalment.paidAt ||
    instalment.priceVersion !== job.priceVersion ||
    link.priceVersion !== job.priceVersion ||
    netPaidCents + link.amountCents > price
  ) {
    return "old_amount";
  }
  return "for_price";
}

export const REFUND_RULE = {
  nothing: "There is nothing to refund on this payment.",
  tooMuch: "That is more than the customer paid over the price.",
  failed: "Stripe did not make the refund. Try again in a few minutes.",
} as const;

/**
 * Gives `amountCents` of a payment back through Stripe's Refunds API: a pending row first
 * (so the balance counts it at once and a second tap cannot refund twice), then Stripe,
 * then the row says how it went. The payment is settled: the office decided.
 */
export async function refundPayment(
  db: Db,
  service: PayLinkService,
  paymentId: string,
  amountCents: number,
  actor: Actor,
  texts: TextContext | null,
): Promise<CardMoney> {
  const refund = await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(cardMoney).where(eq(cardMoney.id, paymentId));
    if (!payment || payment.kind !== "payment" || !payment.paymentIntent) {
      throw new RuleError(REFUND_RULE.nothing);
    }
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, payment.jobId)).for("update");
    const rows = await cardMoneyOf(tx, payment.jobId);
    const given = rows
      .filter((row) => row.refundOf === payment.id && row.refundState !== "failed")
      .reduce((sum, row) => sum + row.amountCents, 0);
    const over = -jobBalance(job!, rows).balanceCents;
    if (
      !Number.isSafeInteger(amountCents) ||
      amountCents <= 0 ||
      amountCents > payment.amountCents - given
    ) {
      throw new RuleError(REFUND_RULE.nothing);
    }
    if (amountCents > over) throw new RuleError(REFUND_RULE.tooMuch);
    const [row] = await tx
      .insert(cardMoney)
      .values({
        jobId: payment.jobId,
        kind: "refund",
        amountCents,
        payLinkId: payment.payLinkId,
        paymentIntent: payment.paymentIntent,
        refundOf: payment.id,
        refundState: "pending",
      })
      .returning();
    await tx.update(cardMoney).set({ settledAt: new Date() }).where(eq(cardMoney.id, payment.id));
    await recordActivity(tx, {
      actor,
      entity: "job",
      entityId: payment.jobId,
      action: "card_refund_asked",
      after: { amountCents, paymentId: payment.id },
      leadId: job!.leadId,
    });
    return row!;
  });
  let answer;
  try {
    answer = await service.refund({
      paymentIntent: refund.paymentIntent!,
      amountCents,
      key: refund.id,
    });
  } catch (error) {
    // Left pending: a retry with the same key is the same refund at Stripe.
    logger.error({ err: error, refundId: refund.id }, "Stripe did not make a refund");
    throw new RuleError(REFUND_RULE.failed, { status: 503, retryAfter: 60 });
  }
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(cardMoney)
      .set({ refundId: answer.refundId, refundState: answer.state })
      .where(eq(cardMoney.id, refund.id))
      .returning();
    if (answer.state !== "failed") {
      await textCardMoney(tx, texts, "customer_refunded", done!, actor);
    }
    return done!;
  });
}

/** Payments the office must still decide on (refund or keep), oldest first. */
export function openPaymentAlerts(db: Db, jobId?: string): Promise<CardMoney[]> {
  return db
    .select()
    .from(cardMoney)
    .where(
      and(
        eq(cardMoney.kind, "payment"),
        ne(cardMoney.verdict, "for_price"),
        isNull(cardMoney.settledAt),
        jobId ? eq(cardMoney.jobId, jobId) : undefined,
      ),
    )
    .orderBy(asc(cardMoney.createdAt));
}

/**
 * A paid session from the webhook or the return page: recorded, and a duplicate (a second
 * payment of a job already paid in full) refunded at once, whole. A refund Stripe does not
 * make now stays pending and is asked again with the same key the next time.
 */
export async function takePaidSession(
  db: Db,
  service: PayLinkService,
  paid: PaidSession,
  texts: TextContext | null,
  now = new Date(),
): Promise<RecordedPayment> {
  const recorded = await recordPaidSession(db, paid, texts, now);
  if (recorded.outcome === "duplicate" && recorded.payment) {
    try {
      await refundPayment(
        db,
        service,
        recorded.payment.id,
        recorded.payment.amountCents,
        STRIPE_ACTOR,
        texts,
      );
    } catch (error) {
      logger.error(
        { err: error, paymentId: recorded.payment.id },
        "A duplicate payment waits for its refund",
      );
    }
  }
  return recorded;
}

/**
 * The customer is back from Stripe's page with `session_id`: ask Stripe whether that session
 * (one of this job's) is paid, and record it now rather than wait for the webhook.
 */
export async function confirmReturnedSession(
  db: Db,
  service: PayLinkService,
  jobId: string,
  sessionId: string,
  texts: TextContext | null,
): Promise<PaidOutcome> {
  const [link] = await db
    .select({ jobId: payLinks.jobId, paidAt: payLinks.paidAt })
    .from(payLinks)
    .where(eq(payLinks.sessionId, sessionId));
  if (!link || link.jobId !== jobId) return "ignored";
  if (link.paidAt) return "ignored";
  let paid;
  try {
    paid = await service.retrievePaid(sessionId);
  } catch (error) {
    // The webhook will say it: the page shows what we know.
    logger.warn({ err: error, sessionId }, "Could not ask Stripe about a returning session");
    return "ignored";
  }
  if (!paid) return "ignored";
  return (await takePaidSession(db, service, paid, texts)).outcome;
}

/**
 * The office's one tap when a job holds more card money than it asks (an old amount, a
 * cancelled job, a price lowered after payment): refunds the difference, from the newest
 * payments first, and settles the job's open alerts. Answers the refunds made.
 */
export async function refundOverpayment(
  db: Db,
  service: PayLinkService,
  jobId: string,
  actor: Actor,
  texts: TextContext | null,
): Promise<CardMoney[]> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw new RuleError(REFUND_RULE.nothing);
  const rows = await cardMoneyOf(db, jobId);
  let over = -jobBalance(job, rows).balanceCents;
  if (over <= 0) throw new RuleError(REFUND_RULE.nothing);
  const made: CardMoney[] = [];
  for (const payment of rows.filter((row) => row.kind === "payment").reverse()) {
    const given = rows
      .filter((row) => row.refundOf === payment.id && row.refundState !== "failed")
      .reduce((sum, row) => sum + row.amountCents, 0);
    const amount = Math.min(over, payment.amountCents - given);
    if (amount <= 0 || !payment.paymentIntent) continue;
    made.push(await refundPayment(db, service, payment.id, amount, actor, texts));
    over -= amount;
    if (over === 0) break;
  }
  await db
    .update(cardMoney)
    .set({ settledAt: new Date() })
    .where(
      and(eq(cardMoney.jobId, jobId), eq(cardMoney.kind, "payment"), isNull(cardMoney.settledAt)),
    );
  return made;
}

/**
 * Jobs holding more money (card, and plan instalments in cash) than they ask, with no refund on its way for the difference:
 * what the office must refund (the Jobs list offers "Refund $X" on each).
 */
export function jobsOwingRefund(db: Db): Promise<{ id: string; overCents: number }[]> {
  return db
    .select({
      id: jobs.id,
      overCents: sql<number>`(${keptOverPrice(jobs)})::int`.mapWith(Number),
    })
    .from(jobs)
    .where(sql`${keptOverPrice(jobs)} > 0`);
}

/** The office keeps a flagged payment as it is (an old amount below the price, say). */
export async function keepPayment(db: Db, paymentId: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [kept] = await tx
      .update(cardMoney)
      .set({ settledAt: new Date() })
      .where(
        and(
          eq(cardMoney.id, paymentId),
          eq(cardMoney.kind, "payment"),
          isNull(cardMoney.settledAt),
        ),
      )
      .returning();
    if (!kept) throw new RuleError(REFUND_RULE.nothing);
    const [job] = await tx
      .select({ leadId: jobs.leadId })
      .from(jobs)
      .where(eq(jobs.id, kept.jobId));
    await recordActivity(tx, {
      actor,
      entity: "job",
      entityId: kept.jobId,
      action: "card_payment_kept",
      after: { amountCents: kept.amountCents, paymentId },
      leadId: job?.leadId ?? null,
    });
  });
}
