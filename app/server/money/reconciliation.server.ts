import { and, gte, inArray, lt, sql } from "drizzle-orm";
import {
  readWindow,
  reconcile,
  type JobOverPrice,
  type OurPayment,
  type OurRefund,
  type Range,
  type Reconciliation,
} from "~/lib/money/reconciliation";
import { cardMoney, jobs, keptOverPrice } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { logger } from "../logger.server";
import type { PayLinkService, StripeCardMoney } from "./stripe.server";

/*
 * The reconciliation view of a period (issue 44, decision 0054): Stripe's charges and
 * refunds, listed through the SDK, against the jobs' card_money rows, matched by
 * app/lib/money/reconciliation.ts.
 */

export type ReconciliationView =
  /** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set: there is no card money. */
  | { state: "not_configured"; ours: OurCardMoney }
  /** Stripe did not answer (or refused): our side alone. */
  | { state: "unreachable"; ours: OurCardMoney }
  | { state: "ready"; reconciliation: Reconciliation; truncated: boolean };

export interface OurCardMoney {
  payments: OurPayment[];
  refunds: OurRefund[];
}

/**
 * Our card rows created in the range: one index-only scan (card_money_reconcile_idx), sent
 * as one text of tab-separated lines. A month is some 4,500 rows at 100,000 jobs a year:
 * mapped row by row through the driver they cost 5 to 10 times what the scan does, and built
 * as one JSON array they cost PostgreSQL 20 ms of its own (decision 0054). Every field is a
 * number, an enum, a UUID or a Stripe id (letters, digits and underscores): none holds a tab
 * or a line break. An empty field is a null.
 */
export async function readOurCardMoney(db: Db, range: Range): Promise<OurCardMoney> {
  const [row] = await db
    .select({
      // concat_ws leaves a null out, and the fields after it would move: '' stands for one.
      lines: sql<string | null>`string_agg(concat_ws(E'\t', ${cardMoney.kind},
        ${cardMoney.amountCents}, coalesce(${cardMoney.paymentIntent}, ''),
        coalesce(${cardMoney.refundId}, ''), coalesce(${cardMoney.refundState}::text, ''),
        (extract(epoch from ${cardMoney.createdAt}) * 1000)::int8, ${cardMoney.id},
        ${cardMoney.jobId}), E'\n')`,
    })
    .from(cardMoney)
    .where(and(gte(cardMoney.createdAt, range.start), lt(cardMoney.createdAt, range.end)));
  const payments: OurPayment[] = [];
  const refunds: OurRefund[] = [];
  for (const line of row?.lines ? row.lines.split("\n") : []) {
    const [kind, amount, paymentIntent, refundId, refundState, at, id, jobId] = line.split("\t");
    const amountCents = Number(amount);
    const createdAt = new Date(Number(at));
    if (kind === "payment") {
      payments.push({
        id: id!,
        jobId: jobId!,
        paymentIntent: paymentIntent || null,
        amountCents,
        createdAt,
      });
    } else {
      refunds.push({
        id: id!,
        jobId: jobId!,
        paymentIntent: paymentIntent || null,
        refundId: refundId || null,
        amountCents,
        state: (refundState || "pending") as OurRefund["state"],
        createdAt,
      });
    }
  }
  return { payments, refunds };
}

/**
 * Jobs paid in the period that keep more money than their price asks: the few
 * jobs_card_over_price_idx holds, each checked for a payment in the period.
 */
function readOverPrice(db: Db, period: Range): Promise<JobOverPrice[]> {
  const paidAt = sql`(select min(${cardMoney.createdAt}) from ${cardMoney}
    where ${cardMoney.jobId} = ${jobs.id} and ${cardMoney.kind} = 'payment'
      and ${cardMoney.createdAt} >= ${period.start.toISOString()}::timestamptz
      and ${cardMoney.createdAt} < ${period.end.toISOString()}::timestamptz)`;
  return db
    .select({
      jobId: jobs.id,
      clientName: jobs.clientName,
      status: jobs.status,
      overCents: sql<number>`(${keptOverPrice(jobs)})::int`.mapWith(Number),
      // Milliseconds: one shape from both drivers.
      paidAt: sql<number>`(extract(epoch from ${paidAt}) * 1000)::float8`.mapWith(Number),
    })
    .from(jobs)
    .where(and(sql`${keptOverPrice(jobs)} > 0`, sql`${paidAt} is not null`))
    .then((rows) => rows.map((row) => ({ ...row, paidAt: new Date(row.paidAt) })));
}
/** The client of each job a difference names (a few jobs, by primary key). */
async function nameJobs(db: Db, reconciliation: Reconciliation): Promise<Reconciliation> {
  const ids = [
    ...new Set(
      reconciliation.differences.flatMap((one) =>
        one.jobId && !one.clientName ? [one.jobId] : [],
      ),
    ),
  ];
  if (ids.length === 0) return reconciliation;
  const names = new Map(
    (
      await db
        .select({ id: jobs.id, clientName: jobs.clientName })
        .from(jobs)
        .where(inArray(jobs.id, ids))
    ).map((row) => [row.id, row.clientName]),
  );
  return {
    ...reconciliation,
    differences: reconciliation.differences.map((one) =>
      one.jobId && !one.clientName ? { ...one, clientName: names.get(one.jobId) ?? null } : one,
    ),
  };
}

/**
 * Our side of the period (its card rows over the period and margin, the jobs over their
 * price) matched against Stripe's lists: what the month's view costs us (the bench's figure).
 */
export async function reconcileWith(
  db: Db,
  period: Range,
  stripe: Pick<StripeCardMoney, "payments" | "refunds">,
): Promise<Reconciliation> {
  const [ours, overPrice] = await Promise.all([
    readOurCardMoney(db, readWindow(period)),
    readOverPrice(db, period),
  ]);
  return nameJobs(db, reconcile({ period, stripe, ours: { ...ours, overPrice } }));
}

/** Stripe against the jobs for the period (both read over the period and its margin). */
export async function readReconciliation(
  db: Db,
  service: PayLinkService | undefined,
  period: Range,
): Promise<ReconciliationView> {
  if (!service) return { state: "not_configured", ours: await readOurCardMoney(db, period) };
  const stripe = await service.listCardMoney(readWindow(period)).catch((error: unknown) => {
    logger.warn({ err: error }, "Could not list card money at Stripe for a reconciliation");
    return undefined;
  });
  if (!stripe) return { state: "unreachable", ours: await readOurCardMoney(db, period) };
  return {
    state: "ready",
    reconciliation: await reconcileWith(db, period, stripe),
    truncated: stripe.truncated,
  };
}
