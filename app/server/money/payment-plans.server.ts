import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import {
  amountDueCents,
  checkPlan,
  PLAN_TEXT,
  type InstalmentInput,
  type InstalmentMethod,
  type InstalmentView,
  type RecordedMethod,
} from "~/lib/money/payment-plan";
import { chicagoDay, formatDay } from "~/lib/time/chicago-period";
import { RULE } from "~/lib/ui-text";
import { jobs, planInstalments, type Job, type PlanInstalment } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import { recordActivity } from "../activity/activity.server";
import { notFound, RuleError } from "../rule-error.server";
import { scheduleInstalmentReminders } from "./instalment-reminders.server";

/*
 * Payment plans (issue 45, decision 0065): the office splits what a completed pay-link job
 * still asks into 2–6 dated instalments (app/lib/money/payment-plan.ts holds the rule). Each is
 * paid by its own pay link (pay-links.server.ts makes the session for its amount) or recorded
 * here as cash or check, which adds to the job's plan_cash_cents: with the card money kept,
 * what the ledger counts as collected. A plan lives at the job's price version: a change of
 * price or status cancels it (its open sessions are expired with the other stale ones).
 */

export const PLAN_RULE = {
  gone: "This instalment is no longer part of the plan (the plan was changed or cancelled).",
  paid: "This instalment is paid already: nothing more was recorded.",
} as const;

/** Today in Chicago, "2026-11-29": the day plans are dated by. */
export function chicagoToday(now: Date): string {
  return formatDay(chicagoDay(now));
}

const toView = (row: PlanInstalment): InstalmentView => ({
  number: row.number,
  dueOn: row.dueOn,
  amountCents: row.amountCents,
  paidAt: row.paidAt,
  paidBy: row.paidBy as InstalmentMethod | null,
});

/** The job's live plan (at its current price version), first instalment first; [] for none. */
export async function readPlan(
  db: Db,
  job: Pick<Job, "id" | "priceVersion">,
): Promise<(InstalmentView & { id: string })[]> {
  const rows = await db
    .select()
    .from(planInstalments)
    .where(
      and(
        eq(planInstalments.jobId, job.id),
        isNull(planInstalments.cancelledAt),
        eq(planInstalments.priceVersion, job.priceVersion),
      ),
    )
    .orderBy(asc(planInstalments.number));
  return rows.map((row) => ({ id: row.id, ...toView(row) }));
}

async function lockJob(tx: Db, jobId: string): Promise<Job> {
  if (!isUuid(jobId)) throw notFound(RULE.jobGone);
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
  if (!job) throw notFound(RULE.jobGone);
  return job;
}

/**
 * Sets the job's plan, replacing any plan it had: checked against what is due now. Refused
 * (with the rule's message, naming the instalment) for anything else; nothing is written then.
 */
export async function setPaymentPlan(
  db: Db,
  jobId: string,
  instalments: readonly InstalmentInput[],
  actor: Actor,
  now = new Date(),
): Promise<PlanInstalment[]> {
  return db.transaction(async (tx) => {
    const job = await lockJob(tx, jobId);
    if (
      job.status !== "completed" ||
      job.paymentMethod !== "pay_link" ||
      !job.finalPriceCents ||
      job.finalPriceCents <= 0
    ) {
      throw new RuleError(PLAN_TEXT.notEligible);
    }
    const due = amountDueCents(job);
    const checked = checkPlan(instalments, due, chicagoToday(now));
    if (!checked.ok) {
      throw new RuleError(
        checked.index === undefined
          ? checked.error
          : `Instalment ${checked.index + 1}: ${checked.error}`,
        { field: "plan" },
      );
    }
    await tx
      .update(planInstalments)
      .set({ cancelledAt: now })
      .where(and(eq(planInstalments.jobId, jobId), isNull(planInstalments.cancelledAt)));
    const rows = await tx
      .insert(planInstalments)
      .values(
        instalments.map((instalment, index) => ({
          jobId,
          number: index + 1,
          dueOn: instalment.dueOn,
          amountCents: instalment.amountCents,
          priceVersion: job.priceVersion,
        })),
      )
      .returning();
    await scheduleInstalmentReminders(tx, rows, job.leadId, chicagoToday(now));
    await recordActivity(tx, {
      actor,
      entity: "job",
      entityId: jobId,
      action: "payment_plan_set",
      after: {
        dueCents: due,
        instalments: instalments.map((instalment) => ({ ...instalment })),
      },
      leadId: job.leadId,
    });
    return rows;
  });
}

/** The office records an instalment paid in cash or by check: collected, in the ledger. */
export async function recordInstalmentPaid(
  db: Db,
  instalmentId: string,
  method: RecordedMethod,
  actor: Actor,
  now = new Date(),
): Promise<PlanInstalment> {
  if (!isUuid(instalmentId)) throw notFound(PLAN_RULE.gone);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(planInstalments)
      .where(eq(planInstalments.id, instalmentId));
    if (!found) throw notFound(PLAN_RULE.gone);
    const job = await lockJob(tx, found.jobId);
    const [instalment] = await tx
      .select()
      .from(planInstalments)
      .where(eq(planInstalments.id, instalmentId))
      .for("update");
    if (instalment!.cancelledAt || instalment!.priceVersion !== job.priceVersion) {
      throw new RuleError(PLAN_RULE.gone);
    }
    if (instalment!.paidAt) throw new RuleError(PLAN_RULE.paid);
    const [paid] = await tx
      .update(planInstalments)
      .set({ paidAt: now, paidBy: method })
      .where(eq(planInstalments.id, instalmentId))
      .returning();
    await tx
      .update(jobs)
      .set({ planCashCents: sql`${jobs.planCashCents} + ${instalment!.amountCents}` })
      .where(eq(jobs.id, job.id));
    await recordActivity(tx, {
      actor,
      entity: "job",
      entityId: job.id,
      action: "instalment_paid",
      after: { number: paid!.number, amountCents: paid!.amountCents, method },
      leadId: job.leadId,
    });
    return paid!;
  });
}

/**
 * Cancels the job's plan when its price version moved on (the price or the status changed):
 * the caller then expires its open sessions. Answers whether a plan was cancelled, so the
 * office's page can say so.
 */
export async function cancelStalePlan(db: Db, jobId: string, now = new Date()): Promise<boolean> {
  const [job] = await db
    .select({ priceVersion: jobs.priceVersion, leadId: jobs.leadId })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job) return false;
  const cancelled = await db
    .update(planInstalments)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(planInstalments.jobId, jobId),
        isNull(planInstalments.cancelledAt),
        ne(planInstalments.priceVersion, job.priceVersion),
      ),
    )
    .returning({ id: planInstalments.id });
  if (cancelled.length === 0) return false;
  await recordActivity(db, {
    actor: { kind: "system", name: "Lockline" },
    entity: "job",
    entityId: jobId,
    action: "payment_plan_cancelled",
    after: { reason: PLAN_TEXT.cancelled, instalments: cancelled.length },
    leadId: job.leadId,
  });
  return true;
}
