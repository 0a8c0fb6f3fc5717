import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import {
  readWindow,
  reconcile,
  type OurPayment,
  type OurRefund,
  type Range,
  type Reconciliation,
} from "~/lib/money/reconciliation";
import { cardMoney, jobs } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { logger } from "../logger.server";
import type { PayLinkService } from "./stripe.server";

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

/** Our card rows created in the range, with what their jobs say (card_money_created_at_idx). */
export async function readOurCardMoney(db: Db, range: Range): Promise<OurCardMoney> {
  const rows = await db
    .select({
      id: cardMoney.id,
      kind: cardMoney.kind,
      amountCents: cardMoney.amountCents,
      paymentIntent: cardMoney.paymentIntent,
      refundId: cardMoney.refundId,
      refundState: cardMoney.refundState,
      createdAt: cardMoney.createdAt,
      jobId: jobs.id,
      clientName: jobs.clientName,
      status: jobs.status,
      priceDueCents: sql<number>`case when ${jobs.status} = 'completed' then coalesce(${jobs.finalPriceCents}, 0) else 0 end`,
      keptCents: jobs.cardKeptCents,
    })
    .from(cardMoney)
    .innerJoin(jobs, eq(jobs.id, cardMoney.jobId))
    .where(and(gte(cardMoney.createdAt, range.start), lt(cardMoney.createdAt, range.end)))
    .orderBy(asc(cardMoney.createdAt));
  const payments: OurPayment[] = [];
  const refunds: OurRefund[] = [];
  for (const { kind, refundId, refundState, ...row } of rows) {
    const facts = { ...row, priceDueCents: Number(row.priceDueCents) };
    if (kind === "payment") payments.push(facts);
    else refunds.push({ ...facts, refundId, state: refundState ?? "pending" });
  }
  return { payments, refunds };
}

/** Stripe against the jobs for the period (both read over the period and its margin). */
export async function readReconciliation(
  db: Db,
  service: PayLinkService | undefined,
  period: Range,
): Promise<ReconciliationView> {
  const window = readWindow(period);
  if (!service) return { state: "not_configured", ours: await readOurCardMoney(db, period) };
  const [ours, stripe] = await Promise.all([
    readOurCardMoney(db, window),
    service.listCardMoney(window).catch((error: unknown) => {
      logger.warn({ err: error }, "Could not list card money at Stripe for a reconciliation");
      return undefined;
    }),
  ]);
  if (!stripe) {
    const inPeriod = (row: { createdAt: Date }) =>
      row.createdAt >= period.start && row.createdAt < period.end;
    return {
      state: "unreachable",
      ours: { payments: ours.payments.filter(inPeriod), refunds: ours.refunds.filter(inPeriod) },
    };
  }
  return {
    state: "ready",
    reconciliation: reconcile({ period, stripe, ours }),
    truncated: stripe.truncated,
  };
}
