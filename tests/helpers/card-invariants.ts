import { and, inArray, isNull } from "drizzle-orm";
import { expect } from "vitest";
import { jobBalance } from "~/lib/money/card-payments";
import { cardMoney, jobs, payLinks, planInstalments } from "~/server/db/business-tables.server";
import type { Db } from "~/server/db/database.server";
import { jobsOwingRefund } from "~/server/money/pay-links.server";
import type { FakeStripe } from "./fake-stripe";

/**
 * The card invariants of issue 44, for the model tests that drive money through the fake
 * Stripe: what Stripe holds (paid less refunded since `stripeBefore`) equals the card money the
 * jobs kept; each job's kept money is its card payments less its refunds, and its plan's
 * instalments paid in cash; a job holding more than it asks is on the office's list to refund,
 * for exactly what is over.
 */
export async function expectCardMoneyFollowsStripe(
  db: Db,
  stripe: FakeStripe,
  stripeBefore: number,
): Promise<void> {
  const all = await db.select().from(jobs);
  const kept = all.reduce((sum, job) => sum + job.cardKeptCents, 0);
  expect(kept, "Stripe's paid - refunded = the jobs' collected card money").toBe(
    stripe.netCents() - stripeBefore,
  );
  const owing = new Map((await jobsOwingRefund(db)).map((row) => [row.id, row.overCents]));
  const rows = await db.select().from(cardMoney);
  for (const job of all) {
    const balance = jobBalance(
      job,
      rows.filter((row) => row.jobId === job.id),
    );
    expect(balance.paidCents - balance.refundedCents).toBe(job.cardKeptCents + job.planCashCents);
    if (balance.balanceCents < 0) {
      expect(owing.get(job.id), `job ${job.id} owes a refund`).toBe(-balance.balanceCents);
    }
  }
}

/** The ledger follows collection (decision 0050): a pay-link job counts once it is paid. */
export function countsInLedger(job: {
  paymentMethod: string | null;
  cardKeptCents: number;
  planCashCents: number;
  finalPriceCents: number | null;
}): boolean {
  return (
    job.paymentMethod !== "pay_link" ||
    job.cardKeptCents + job.planCashCents >= (job.finalPriceCents ?? 0)
  );
}

/**
 * No session a customer can still pay asks for a stale amount (decision 0065): each open one
 * of these jobs is at its job's price version and, once the job has a live payment plan, for
 * one of its instalments that is unpaid, for that instalment's amount.
 */
export async function expectOpenSessionsPayable(
  db: Db,
  stripe: FakeStripe,
  jobIds: readonly string[],
): Promise<void> {
  const ids = new Set(jobIds);
  const open = stripe.sessions.filter(
    (session) => session.status === "open" && ids.has(session.metadata.job_id!),
  );
  if (open.length === 0) return;
  const [jobRows, links, live] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [...ids])),
    db
      .select()
      .from(payLinks)
      .where(inArray(payLinks.jobId, [...ids])),
    db
      .select()
      .from(planInstalments)
      .where(and(inArray(planInstalments.jobId, [...ids]), isNull(planInstalments.cancelledAt))),
  ]);
  for (const session of open) {
    const job = jobRows.find((row) => row.id === session.metadata.job_id)!;
    const link = links.find((one) => one.sessionId === session.id)!;
    expect(link.priceVersion, "an open session is at the job's price version").toBe(
      job.priceVersion,
    );
    if (live.some((instalment) => instalment.jobId === job.id)) {
      expect(link.instalmentId, "with a plan, a session is for an instalment").not.toBeNull();
    }
    if (link.instalmentId) {
      const instalment = live.find((one) => one.id === link.instalmentId);
      expect(instalment, "an open session's instalment is live").toBeDefined();
      expect(instalment!.paidAt, "an open session's instalment is not paid").toBeNull();
      expect(instalment!.amountCents).toBe(session.amount_total);
    }
  }
}
