import { and, asc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import type { PeriodRange } from "~/lib/time/chicago-period";
import { RULE } from "~/lib/ui-text";
import { formatCents } from "~/lib/money/money";
import type { SettlementDirection } from "~/lib/money/collection";
import {
  paymentFromLocksmithProblem,
  payoutProblem,
  type LocksmithMoney,
  type PayoutMethod,
  type PayoutRow,
} from "~/lib/money/payouts";
import {
  jobs,
  locksmithEarnings,
  locksmiths,
  payouts,
  type Job,
} from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUniqueViolation } from "../db/errors.server";
import { isUuid } from "../db/list-query.server";
import { notFound, RuleError } from "../rule-error.server";
import { recordActivity } from "../activity/activity.server";

/*
 * What each locksmith is owed and what they were paid. Owed is a balance: every completed
 * job's locksmith cut (kept per locksmith in locksmith_earnings by a trigger on jobs,
 * migration 0015), less every payout not undone. Jobs a payout covers are settled (their
 * pricing is then fixed); a partial payout settles its jobs but leaves the rest owed.
 */

/** A settlement as it moves the balance: a payment to the locksmith lowers what is owed to them. */
const SIGNED_AMOUNT = sql`case when ${payouts.direction} = 'from_locksmith' then -${payouts.amountCents} else ${payouts.amountCents} end`;

/**
 * A completed job whose money is collected (decision 0050): handed over in person, or a
 * pay-link job whose card money kept (with plan instalments paid in cash or by check,
 * decision 0065) reaches its price. The ledger (migration 0031's
 * lockline_job_counts) counts these alone; a pay-link job before that is awaiting payment.
 */
export const COLLECTED = sql`(${jobs.paymentMethod} is distinct from 'pay_link' or ${jobs.cardKeptCents} + ${jobs.planCashCents} >= ${jobs.finalPriceCents})`;

const completedIn = (period: PeriodRange) =>
  and(
    eq(jobs.status, "completed"),
    gte(jobs.completedAt, period.start),
    lt(jobs.completedAt, period.end),
  );

/** Per locksmith with anything in the period or owed now, by name. */
export async function moneyByLocksmith(db: Db, period: PeriodRange): Promise<LocksmithMoney[]> {
  // The period's completed jobs (an index range on completed_at); all-time earnings come
  // from locksmith_earnings, kept by a trigger on jobs, not from a sum over every job.
  const done = db
    .select({
      locksmithId: jobs.locksmithId,
      jobs: sql<number>`count(*)::int`.as("jobs"),
      totalCents: sql<number>`coalesce(sum(${jobs.finalPriceCents}), 0)::int`.as("total_cents"),
      theirCutCents: sql<number>`coalesce(sum(${jobs.theirCutCents}), 0)::int`.as("their_cents"),
      yourCutCents: sql<number>`coalesce(sum(${jobs.yourCutCents}), 0)::int`.as("your_cents"),
      businessOwesCents:
        sql<number>`coalesce(sum(${jobs.theirCutCents}) filter (where ${jobs.collectedBy} = 'business' and ${COLLECTED}), 0)::int`.as(
          "business_owes_cents",
        ),
      locksmithOwesCents:
        sql<number>`coalesce(sum(${jobs.yourCutCents}) filter (where ${jobs.collectedBy} = 'locksmith' and ${COLLECTED}), 0)::int`.as(
          "locksmith_owes_cents",
        ),
      awaitingCents:
        sql<number>`coalesce(sum(${jobs.theirCutCents}) filter (where not ${COLLECTED}), 0)::int`.as(
          "awaiting_cents",
        ),
    })
    .from(jobs)
    .where(completedIn(period))
    .groupBy(jobs.locksmithId)
    .as("done");
  const paid = db
    .select({
      locksmithId: payouts.locksmithId,
      all: sql<number>`coalesce(sum(${SIGNED_AMOUNT}), 0)::int`.as("paid_all"),
      inPeriod:
        sql<number>`coalesce(sum(${payouts.amountCents}) filter (where ${payouts.direction} = 'to_locksmith' and ${payouts.paidOn} between ${period.firstDay} and ${period.lastDay}), 0)::int`.as(
          "paid_in_period",
        ),
      byInPeriod:
        sql<number>`coalesce(sum(${payouts.amountCents}) filter (where ${payouts.direction} = 'from_locksmith' and ${payouts.paidOn} between ${period.firstDay} and ${period.lastDay}), 0)::int`.as(
          "paid_by_in_period",
        ),
    })
    .from(payouts)
    .where(isNull(payouts.undoneAt))
    .groupBy(payouts.locksmithId)
    .as("paid");
  const rows = await db
    .select({
      locksmithId: locksmiths.id,
      name: locksmiths.name,
      jobs: sql<number>`coalesce(${done.jobs}, 0)`,
      totalCents: sql<number>`coalesce(${done.totalCents}, 0)`,
      theirCutCents: sql<number>`coalesce(${done.theirCutCents}, 0)`,
      yourCutCents: sql<number>`coalesce(${done.yourCutCents}, 0)`,
      paidCents: sql<number>`coalesce(${paid.inPeriod}, 0)`,
      businessOwesCents: sql<number>`coalesce(${done.businessOwesCents}, 0)`,
      locksmithOwesCents: sql<number>`coalesce(${done.locksmithOwesCents}, 0)`,
      awaitingPaymentCents: sql<number>`coalesce(${done.awaitingCents}, 0)`,
      paidByCents: sql<number>`coalesce(${paid.byInPeriod}, 0)`,
      owedCents: sql<number>`coalesce(${locksmithEarnings.earnedCents}, 0) - coalesce(${paid.all}, 0)`,
    })
    .from(locksmiths)
    .leftJoin(done, eq(done.locksmithId, locksmiths.id))
    .leftJoin(paid, eq(paid.locksmithId, locksmiths.id))
    .leftJoin(locksmithEarnings, eq(locksmithEarnings.locksmithId, locksmiths.id))
    .where(
      sql`coalesce(${done.jobs}, 0) > 0 or coalesce(${paid.inPeriod}, 0) > 0 or coalesce(${paid.byInPeriod}, 0) > 0 or coalesce(${locksmithEarnings.earnedCents}, 0) - coalesce(${paid.all}, 0) <> 0`,
    )
    .orderBy(asc(locksmiths.name));
  return rows.map((row) => ({
    ...row,
    jobs: Number(row.jobs),
    totalCents: Number(row.totalCents),
    theirCutCents: Number(row.theirCutCents),
    yourCutCents: Number(row.yourCutCents),
    paidCents: Number(row.paidCents),
    businessOwesCents: Number(row.businessOwesCents),
    locksmithOwesCents: Number(row.locksmithOwesCents),
    awaitingPaymentCents: Number(row.awaitingPaymentCents),
    paidByCents: Number(row.paidByCents),
    owedCents: Number(row.owedCents),
  }));
}

/** The dashboard's card: owed to all locksmiths together, now. */
export async function totalOwed(db: Db): Promise<number> {
  const [row] = await db
    .execute<{ owed: number }>(
      sql`
    select (select coalesce(sum(earned_cents), 0) from locksmith_earnings)
         - (select coalesce(sum(${SIGNED_AMOUNT}), 0) from payouts where undone_at is null) as owed
  `,
    )
    .then((result) => (result as unknown as { rows: { owed: number }[] }).rows);
  return Number(row?.owed ?? 0);
}

export type UnsettledJob = Pick<
  Job,
  "id" | "clientName" | "jobType" | "completedAt" | "finalPriceCents" | "theirCutCents"
>;

/** A completed job as a line of a locksmith's money: which job, and its price. */
const JOB_LINE = {
  id: jobs.id,
  clientName: jobs.clientName,
  jobType: jobs.jobType,
  completedAt: jobs.completedAt,
  finalPriceCents: jobs.finalPriceCents,
};

/** A locksmith's completed jobs no payout settled yet, oldest first. */
export async function unsettledJobs(db: Db, locksmithId: string): Promise<UnsettledJob[]> {
  if (!isUuid(locksmithId)) return [];
  const rows = await db
    .select({ ...JOB_LINE, theirCutCents: jobs.theirCutCents })
    .from(jobs)
    .where(
      and(
        eq(jobs.locksmithId, locksmithId),
        eq(jobs.status, "completed"),
        isNull(jobs.payoutId),
        // A payment to the locksmith pays their cut of money the business holds: a pay-link
        // job awaiting payment is not offered.
        eq(jobs.collectedBy, "business"),
        COLLECTED,
      ),
    )
    .orderBy(asc(jobs.completedAt), asc(jobs.id));
  return rows;
}

/** A locksmith's balance now: completed cuts less payouts not undone. */
async function owedTo(tx: Db, locksmithId: string): Promise<number> {
  const result = await tx.execute<{ owed: number }>(sql`
    select (select coalesce(sum(earned_cents), 0) from locksmith_earnings
             where locksmith_id = ${locksmithId})
         - (select coalesce(sum(${SIGNED_AMOUNT}), 0) from payouts
             where undone_at is null and locksmith_id = ${locksmithId}) as owed
  `);
  return Number((result as unknown as { rows: { owed: number }[] }).rows[0]?.owed ?? 0);
}

export interface NewPayout {
  locksmithId: string;
  amountCents: number;
  paidOn: string;
  method: PayoutMethod;
  reference: string | null;
  partial: boolean;
  jobIds: string[];
  requestId?: string | null;
  /** To the locksmith (a payout, the default) or from them (their cash in hand, decision 0031). */
  direction?: SettlementDirection;
}

/** The payout a form token already recorded, if any. */
async function payoutOfRequest(
  tx: Db,
  requestId: string | null | undefined,
): Promise<{ payoutId: string; existed: true } | undefined> {
  if (!requestId) return undefined;
  const [done] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.idempotencyKey, requestId));
  return done && { payoutId: done.id, existed: true };
}

/**
 * Records a payout and settles the jobs it covers, in one transaction. The locksmith's row
 * is locked, so two operators paying the same person queue up: the second sees the jobs
 * already settled and the balance already lower. The same form token twice records once.
 */
export async function recordPayout(
  db: Db,
  input: NewPayout,
  actor: Actor,
): Promise<{ payoutId: string; existed: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const done = await payoutOfRequest(tx, input.requestId);
      if (done) return done;
      const [locksmith] = await tx
        .select({ id: locksmiths.id, name: locksmiths.name })
        .from(locksmiths)
        .where(eq(locksmiths.id, input.locksmithId))
        .for("update");
      if (!locksmith) throw notFound(RULE.locksmithGone);
      // Another submit of this form may have finished while this one waited on the lock.
      const doneMeanwhile = await payoutOfRequest(tx, input.requestId);
      if (doneMeanwhile) return doneMeanwhile;
      const direction = input.direction ?? "to_locksmith";
      if (direction === "from_locksmith") {
        // Money the locksmith hands over pays down their balance; it settles no job.
        const problem = paymentFromLocksmithProblem(
          input.amountCents,
          await owedTo(tx, input.locksmithId),
          formatCents,
        );
        if (problem) throw new RuleError(problem, { field: "amount" });
      }
      const covered =
        direction === "to_locksmith" && input.jobIds.length
          ? await tx
              .select({ id: jobs.id, theirCutCents: jobs.theirCutCents })
              .from(jobs)
              .where(
                and(
                  inArray(jobs.id, input.jobIds),
                  eq(jobs.locksmithId, input.locksmithId),
                  eq(jobs.status, "completed"),
                  isNull(jobs.payoutId),
                  eq(jobs.collectedBy, "business"),
                  COLLECTED,
                ),
              )
          : [];
      if (direction === "to_locksmith" && covered.length !== new Set(input.jobIds).size) {
        throw new RuleError(RULE.jobsSettledMeanwhile, { field: "jobIds" });
      }
      const coveredCents = covered.reduce((sum, job) => sum + (job.theirCutCents ?? 0), 0);
      const problem =
        direction === "to_locksmith"
          ? payoutProblem({
              amountCents: input.amountCents,
              partial: input.partial,
              coveredCents,
              owedCents: await owedTo(tx, input.locksmithId),
              format: formatCents,
            })
          : undefined;
      if (problem) throw new RuleError(problem, { field: "amount" });
      const [payout] = await tx
        .insert(payouts)
        .values({
          locksmithId: input.locksmithId,
          amountCents: input.amountCents,
          paidOn: input.paidOn,
          method: input.method,
          reference: input.reference,
          partial: direction === "to_locksmith" && input.partial,
          direction,
          createdBy: actor.id ?? null,
          idempotencyKey: input.requestId ?? null,
        })
        .returning({ id: payouts.id });
      if (covered.length) {
        await tx
          .update(jobs)
          .set({ payoutId: payout!.id })
          .where(
            inArray(
              jobs.id,
              covered.map((job) => job.id),
            ),
          );
      }
      await recordActivity(tx, {
        actor,
        entity: "payout",
        entityId: payout!.id,
        action: "recorded",
        after: {
          direction,
          locksmithId: input.locksmithId,
          locksmithName: locksmith.name,
          amountCents: input.amountCents,
          method: input.method,
          paidOn: input.paidOn,
          partial: input.partial,
          jobIds: covered.map((job) => job.id),
        },
      });
      return { payoutId: payout!.id, existed: false };
    });
  } catch (error) {
    if (isUniqueViolation(error, "payouts_idempotency_key_unique")) {
      const done = await payoutOfRequest(db, input.requestId);
      if (done) return done;
    }
    throw error;
  }
}

/** Undo (owners): the payout stays on record as undone, and its jobs are owed again. */
export async function undoPayout(db: Db, payoutId: string, actor: Actor): Promise<void> {
  if (!isUuid(payoutId)) throw notFound(RULE.payoutGone);
  await db.transaction(async (tx) => {
    const [payout] = await tx
      .update(payouts)
      .set({ undoneAt: new Date(), undoneBy: actor.id ?? null })
      .where(and(eq(payouts.id, payoutId), isNull(payouts.undoneAt)))
      .returning();
    if (!payout) throw notFound(RULE.payoutGone);
    const released = await tx
      .update(jobs)
      .set({ payoutId: null })
      .where(eq(jobs.payoutId, payoutId))
      .returning({ id: jobs.id });
    await recordActivity(tx, {
      actor,
      entity: "payout",
      entityId: payoutId,
      action: "undone",
      before: { amountCents: payout.amountCents, jobIds: released.map((job) => job.id) },
    });
  });
}

/** Payouts dated in the period (not undone), newest first; one locksmith's when given. */
export async function listPayouts(
  db: Db,
  period: Pick<PeriodRange, "firstDay" | "lastDay">,
  locksmithId?: string,
): Promise<PayoutRow[]> {
  const rows = await db
    .select({
      id: payouts.id,
      locksmithId: payouts.locksmithId,
      locksmithName: locksmiths.name,
      amountCents: payouts.amountCents,
      paidOn: payouts.paidOn,
      method: payouts.method,
      reference: payouts.reference,
      partial: payouts.partial,
      direction: payouts.direction,
      jobs: sql<number>`(select count(*)::int from jobs where jobs.payout_id = ${payouts.id})`,
    })
    .from(payouts)
    .innerJoin(locksmiths, eq(locksmiths.id, payouts.locksmithId))
    .where(
      and(
        isNull(payouts.undoneAt),
        sql`${payouts.paidOn} between ${period.firstDay} and ${period.lastDay}`,
        locksmithId ? eq(payouts.locksmithId, locksmithId) : undefined,
      ),
    )
    .orderBy(sql`${payouts.paidOn} desc`, sql`${payouts.createdAt} desc`)
    .limit(500);
  return rows.map((row) => ({ ...row, jobs: Number(row.jobs) }));
}

/** A locksmith's completed jobs in the period, for the statement, oldest first. */
export async function statementJobs(db: Db, locksmithId: string, period: PeriodRange) {
  return db
    .select({
      ...JOB_LINE,
      theirCutPercent: jobs.theirCutPercent,
      theirCutCents: jobs.theirCutCents,
      yourCutCents: jobs.yourCutCents,
      collectedBy: jobs.collectedBy,
      paymentMethod: jobs.paymentMethod,
      payoutId: jobs.payoutId,
    })
    .from(jobs)
    .where(and(eq(jobs.locksmithId, locksmithId), completedIn(period)))
    .orderBy(asc(jobs.completedAt), asc(jobs.id))
    .limit(2000);
}

/**
 * A locksmith's statement for a period: their completed jobs with the split, the payouts
 * dated in it, the period's totals and what is owed now. Undefined for an unknown locksmith.
 */
export async function readStatement(db: Db, locksmithId: string, period: PeriodRange) {
  if (!isUuid(locksmithId)) return undefined;
  const [locksmith] = await db
    .select({
      id: locksmiths.id,
      name: locksmiths.name,
      phone: locksmiths.phone,
      paymentMethod: locksmiths.paymentMethod,
    })
    .from(locksmiths)
    .where(eq(locksmiths.id, locksmithId));
  if (!locksmith) return undefined;
  const [jobRows, payoutRows, owedCents] = await Promise.all([
    statementJobs(db, locksmithId, period),
    listPayouts(db, period, locksmithId),
    owedTo(db, locksmithId),
  ]);
  const toLocksmith = payoutRows.filter((payout) => payout.direction === "to_locksmith");
  const fromLocksmith = payoutRows.filter((payout) => payout.direction === "from_locksmith");
  const sum = (cents: (number | null)[]) => cents.reduce<number>((total, c) => total + (c ?? 0), 0);
  return {
    locksmith,
    jobs: jobRows,
    payouts: payoutRows,
    totals: {
      totalCents: sum(jobRows.map((job) => job.finalPriceCents)),
      theirCutCents: sum(jobRows.map((job) => job.theirCutCents)),
      yourCutCents: sum(jobRows.map((job) => job.yourCutCents)),
      paidCents: sum(toLocksmith.map((payout) => payout.amountCents)),
      paidByCents: sum(fromLocksmith.map((payout) => payout.amountCents)),
      businessOwesCents: sum(
        jobRows.filter((job) => job.collectedBy === "business").map((job) => job.theirCutCents),
      ),
      locksmithOwesCents: sum(
        jobRows.filter((job) => job.collectedBy === "locksmith").map((job) => job.yourCutCents),
      ),
    },
    owedCents,
  };
}
