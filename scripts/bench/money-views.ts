/**
 * `node --import tsx scripts/bench/money-views.ts` (also `npm run bench -- --only=money`): card
 * money at volume (issue 44). 100,000 jobs over a year for 40 locksmiths, three in five of the
 * completed ones paid by card link (a Checkout Session, a card_money payment, and one in
 * twenty a refund), with an approved quote each; then, p50 and p95 over ITERATIONS runs:
 *
 * - a job's money view: what the Jobs row's money and Edit Pricing (one row: price, split,
 *   approved quote, card paid and refunded, open alert) and the customer's page (pay link
 *   state and balance, receipt facts) read for one job;
 * - the reconciliation view of this month and of last month, our side: the card rows of the
 *   month and its margin, read and matched against Stripe's charges and refunds. Stripe's
 *   side is served by the local fake (tests/helpers/fake-stripe.ts) through the SDK; it is
 *   listed once, untimed, and the whole view with its paging is printed beside.
 *
 * PGlite (in memory) unless BENCH_PGLITE=0; PostgreSQL too when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) names a server where a database may be created. Budgets: p95 < 50 ms on PostgreSQL (the
 * issue's), < 100 ms on PGlite. Exit 1 when one is missed.
 */
import { sql } from "drizzle-orm";
import { readWindow } from "../../app/lib/money/reconciliation";
import { presetPeriod } from "../../app/lib/time/chicago-period";
import type { DatabaseHandle } from "../../app/server/db/database.server";
import { fakeStripeFor, loadCardMoney } from "./card-money-data";
import { readJobListItem } from "../../app/server/money/jobs.server";
import { readPayLink } from "../../app/server/money/pay-links.server";
import { readReconciliation, reconcileWith } from "../../app/server/money/reconciliation.server";
import { readReceipt } from "../../app/server/money/receipts.server";
import { stripePayLinks, type StripeCardMoney } from "../../app/server/money/stripe.server";
import { FAKE_STRIPE_ENV } from "../../tests/helpers/fake-stripe";
import { benchOnBothAndReport, measure, percentile, settle, type Figure } from "./database-bench";

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
      // The Jobs row (Edit Pricing opens from it), then the customer's pay state and receipt.
      const jobId = paidJobs[i % paidJobs.length]!;
      const row = await readJobListItem(db, jobId);
      return Promise.all([readPayLink(db, row!), readReceipt(db, jobId)]);
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
    const service = stripePayLinks(FAKE_STRIPE_ENV, stripe.httpClient)!;
    const listed: StripeCardMoney = await service.listCardMoney(window);
    const once = await reconcileWith(db, period, listed);
    console.log(
      `${database}: ${label}: Stripe ${listed.payments.length} charges, ${listed.refunds.length} refunds (${stripe.listPages} pages); ${once.matched} matched, ${once.differences.length} differences`,
    );
    figures.push({
      database,
      what: `Reconciliation, ${label} (our side)`,
      budget,
      ...(await measure(() => reconcileWith(db, period, listed))),
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

const skipPglite = process.env.BENCH_PGLITE === "0";
if (skipPglite) console.log("PGlite: skipped (BENCH_PGLITE=0)");
await benchOnBothAndReport(
  skipPglite ? null : (pglite) => bench("PGlite", pglite, 100),
  (postgres) => bench("PostgreSQL", postgres, 50),
);
