/**
 * Card money at volume for scripts/bench/money-views.ts (issue 44): jobs, approved quotes,
 * Checkout Sessions, payments and refunds made by the database itself (generate_series), and
 * Stripe's side of a window as the local fake serves it.
 */
import { sql } from "drizzle-orm";
import type { Range } from "../../app/lib/money/reconciliation";
import type { DatabaseHandle } from "../../app/server/db/database.server";
import { readOurCardMoney } from "../../app/server/money/reconciliation.server";
import { FakeStripe } from "../../tests/helpers/fake-stripe";
import { INSERT_BENCH_JOBS, insertBenchLocksmiths } from "./database-bench";

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);

/** Jobs, quotes, sessions, payments and refunds, made by the database itself. */
export async function loadCardMoney(handle: DatabaseHandle): Promise<string[]> {
  const { db } = handle;
  await insertBenchLocksmiths(db);
  // g % 10 = 0: in progress; g % 10 = 9: cancelled; else completed, three in five by pay link.
  await db.execute(sql`${INSERT_BENCH_JOBS}
    select 'Client ' || g, 'automotive', crew.ids[1 + g % 40],
      case when g % 10 = 0 then 'in_progress'::job_status
           when g % 10 = 9 then 'cancelled'::job_status else 'completed'::job_status end,
      10000 + (g % 50) * 500, 60, (10000 + (g % 50) * 500) * 6 / 10,
      (10000 + (g % 50) * 500) * 4 / 10,
      case when g % 10 in (0, 9) then null else now() - (g % 365) * interval '1 day' end,
      now() - (g % 365) * interval '1 day' - interval '2 hours',
      case when g % 5 < 3 then 'pay_link'::customer_payment_method
           else 'cash'::customer_payment_method end,
      case when g % 5 < 3 then 'business'::collector else 'locksmith'::collector end
    from generate_series(1, ${JOBS}) as g, crew`);
  await db.execute(sql`
    insert into quotes (job_id, locksmith_id, amount_cents, state, approved_way, decided_at, created_at)
    select id, locksmith_id, final_price_cents, 'approved', 'customer_page',
      created_at + interval '20 minutes', created_at + interval '10 minutes'
    from jobs`);
  await db.execute(sql`
    insert into pay_links (job_id, session_id, url, amount_cents, expires_at, paid_at, price_version, created_at)
    select id, 'cs_bench_' || replace(id::text, '-', ''), 'https://checkout.example.test/x',
      final_price_cents, completed_at + interval '1 day', completed_at + interval '5 minutes',
      price_version, completed_at
    from jobs where status = 'completed' and payment_method = 'pay_link'`);
  // Row by row, card_money's triggers keep each job's card_kept_cents and notify the live
  // pages: for a bulk load, off, and the sums set once after (as migration 0032 did).
  await db.execute(sql`alter table card_money disable trigger user`);
  await db.execute(sql`
    insert into card_money (job_id, kind, amount_cents, pay_link_id, payment_intent, verdict, created_at)
    select job_id, 'payment', amount_cents, id, 'pi_bench_' || replace(job_id::text, '-', ''),
      'for_price', paid_at
    from pay_links`);
  // One payment in twenty refunded $20 (a price lowered after payment).
  await db.execute(sql`
    insert into card_money (job_id, kind, amount_cents, pay_link_id, payment_intent, refund_of,
      refund_id, refund_state, created_at)
    select job_id, 'refund', 2000, pay_link_id, payment_intent, id,
      're_bench_' || replace(id::text, '-', ''), 'succeeded', created_at + interval '1 hour'
    from card_money where kind = 'payment' and hashtext(id::text) % 20 = 0`);
  await db.execute(sql`alter table card_money enable trigger user`);
  await db.execute(sql`
    update jobs set card_kept_cents = kept.cents
    from (select job_id, sum(case when kind = 'payment' then amount_cents else -amount_cents end) as cents
          from card_money group by job_id) as kept
    where jobs.id = kept.job_id`);
  const rows = await db.execute<{ id: string }>(sql`
    select id from jobs where status = 'completed' and payment_method = 'pay_link'
    order by completed_at desc limit 200`);
  return (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

/** Stripe's side of the window, as the fake serves it: what our rows say, less one, plus one. */
export async function fakeStripeFor(handle: DatabaseHandle, window: Range): Promise<FakeStripe> {
  const stripe = new FakeStripe();
  const ours = await readOurCardMoney(handle.db, window);
  const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
  for (const payment of ours.payments.slice(1)) {
    stripe.charges.push({
      id: `ch_${payment.id}`,
      payment_intent: payment.paymentIntent,
      amount: payment.amountCents,
      currency: "usd",
      paid: true,
      status: "succeeded",
      created: seconds(payment.createdAt),
    });
  }
  stripe.clock = () => window.start.getTime() + 86_400_000 * 3;
  stripe.charge(4_200);
  for (const refund of ours.refunds) {
    stripe.refunds.push({
      id: refund.refundId!,
      payment_intent: refund.paymentIntent!,
      amount: refund.amountCents,
      status: "succeeded",
      created: seconds(refund.createdAt),
    });
  }
  return stripe;
}
