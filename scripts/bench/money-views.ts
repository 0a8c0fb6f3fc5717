/**
 * `node --import tsx scripts/bench/money-views.ts` (also `npm run bench -- --only=money`): card
 * money at volume (issue 44). 100,000 jobs over a year for 40 locksmiths, three in five of the
 * completed ones paid by card link (a Checkout Session, a card_money payment, and one in
 * twenty a refund), with an approved quote each; then, p50 and p95 over ITERATIONS runs:
 *
 * - a job's money view: what the Jobs row's money, Edit Pricing and the customer's receipt
 *   read for one job (its card rows and balance, open alerts, last approved quote, pay link
 *   state, receipt facts);
 * - the reconciliation view of this month and of last month, our side: the card rows of the
 *   month and its margin, read and matched against Stripe's charges and refunds. Stripe's
 *   side is served by the local fake (tests/helpers/fake-stripe.ts) through the SDK; it is
 *   listed once, untimed, and the whole view with its paging is printed beside.
 *
 * PGlite (in memory) always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL)
 * names a server where a database may be created. Budgets: p95 < 50 ms on PostgreSQL (the
 * issue's), < 100 ms on PGlite. Exit 1 when one is missed.
 */
import { sql } from "drizzle-orm";
import { reconcile, readWindow, type Range } from "../../app/lib/money/reconciliation";
import { presetPeriod } from "../../app/lib/time/chicago-period";
import { openDatabase, type DatabaseHandle } from "../../app/server/db/database.server";
import { lastApprovedQuote } from "../../app/server/money/office-pricing.server";
import {
  cardMoneyOf,
  openPaymentAlerts,
  readJobBalance,
  readPayLink,
} from "../../app/server/money/pay-links.server";
import { readOurCardMoney, readReconciliation } from "../../app/server/money/reconciliation.server";
import { readReceipt } from "../../app/server/money/receipts.server";
import { stripePayLinks, type StripeCardMoney } from "../../app/server/money/stripe.server";
import { jobs } from "../../app/server/db/business-tables.server";
import { eq } from "drizzle-orm";
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, FakeStripe } from "../../tests/helpers/fake-stripe";
import {
  measure,
  onBenchPostgres,
  percentile,
  reportAndExit,
  settle,
  type Figure,
} from "./database-bench";

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);

/** Jobs, quotes, sessions, payments and refunds, made by the database itself. */
async function loadCardMoney(handle: DatabaseHandle): Promise<string[]> {
  const { db } = handle;
  await db.execute(sql`
    insert into locksmiths (name, phone, assigned_zips, default_cut_percent, active)
    select 'Bench Smith ' || g, '+1708555' || lpad(g::text, 4, '0'), array['60629'], 60, true
    from generate_series(1, 40) as g`);
  // g % 10 = 0: in progress; g % 10 = 9: cancelled; else completed, three in five by pay link.
  await db.execute(sql`
    with crew as (select array_agg(id order by name) ids from locksmiths)
    insert into jobs (client_name, job_type, locksmith_id, status, final_price_cents,
      their_cut_percent, their_cut_cents, your_cut_cents, completed_at, created_at,
      payment_method, collected_by)
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
  const rows = await db.execute<{ id: string }>(sql`
    select id from jobs where status = 'completed' and payment_method = 'pay_link'
    order by completed_at desc limit 200`);
  return (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

/** Stripe's side of the window, as the fake serves it: what our rows say, less one, plus one. */
async function fakeStripeFor(handle: DatabaseHandle, window: Range): Promise<FakeStripe> {
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

const ENV = {
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  STRIPE_API_BASE: undefined,
  SITE_URL: "http://localhost:3000",
};

async function bench(database: string, handle: DatabaseHandle, budget: number) {
  await handle.migrate();
  const started = performance.now();
  const paidJobs = await loadCardMoney(handle);
  await settle(handle);
  const { db } = handle;
  const [counts] = (
    (await db.execute(sql`
      select (select count(*) from jobs)::int as jobs,
        (select count(*) from card_money where kind = 'payment')::int as payments,
        (select count(*) from card_money where kind = 'refund')::int as refunds`)) as unknown as {
      rows: { jobs: number; payments: number; refunds: number }[];
    }
  ).rows;
  console.log(
    `${database}: loaded ${counts!.jobs.toLocaleString("en-US")} jobs, ${counts!.payments.toLocaleString("en-US")} card payments, ${counts!.refunds.toLocaleString("en-US")} refunds in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const figures: Figure[] = [];
  figures.push({
    database,
    what: "A job's money view (Jobs row, Edit Pricing, receipt)",
    budget,
    ...(await measure(async (i) => {
      const jobId = paidJobs[i % paidJobs.length]!;
      const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
      return Promise.all([
        cardMoneyOf(db, jobId),
        readJobBalance(db, job!),
        openPaymentAlerts(db, jobId),
        lastApprovedQuote(db, jobId),
        readPayLink(db, job!),
        readReceipt(db, jobId),
      ]);
    })),
  });

  for (const [label, preset] of [
    ["this month", "this_month"],
    ["last month", "last_month"],
  ] as const) {
    const { start, end } = presetPeriod(preset, new Date());
    const period = { start, end };
    const window = readWindow(period);
    const stripe = await fakeStripeFor(handle, window);
    const service = stripePayLinks(ENV, stripe.httpClient)!;
    const listed: StripeCardMoney = await service.listCardMoney(window);
    const once = reconcile({ period, stripe: listed, ours: await readOurCardMoney(db, window) });
    console.log(
      `${database}: ${label}: Stripe ${listed.payments.length} charges, ${listed.refunds.length} refunds (${stripe.listPages} pages); ${once.matched} matched, ${once.differences.length} differences`,
    );
    figures.push({
      database,
      what: `Reconciliation, ${label} (our side)`,
      budget,
      ...(await measure(async () =>
        reconcile({ period, stripe: listed, ours: await readOurCardMoney(db, window) }),
      )),
    });
    // The whole view, with the fake's paging and the SDK's parsing: printed, not budgeted.
    const whole: number[] = [];
    for (let i = 0; i < 10; i++) {
      const at = performance.now();
      await readReconciliation(db, service, period);
      whole.push(performance.now() - at);
    }
    console.log(
      `${database}: ${label}: the whole view with Stripe's side from the in-process fake: p50 ${percentile(whole, 50).toFixed(1)} ms (10 runs, not budgeted)`,
    );
  }
  return figures;
}

const figures: Figure[] = [];
const pglite = await openDatabase({ kind: "pglite", dataDir: "memory://" });
try {
  figures.push(...(await bench("PGlite", pglite, 100)));
} finally {
  await pglite.close();
}
figures.push(...(await onBenchPostgres((postgres) => bench("PostgreSQL", postgres, 50))));
reportAndExit(figures);
