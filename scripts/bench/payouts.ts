/**
 * `node --import tsx scripts/bench/payouts.ts`: the money screens at volume (issues 14, 29).
 * 100,000 jobs over a year for 40 locksmiths (most completed and priced; a third of them
 * cash the locksmith kept, the rest money the business holds) and 500 settlements both ways
 * (one in four a payment from the locksmith; the payouts to them settle business-collected
 * jobs), then what the Settlements page, the Record payout dialog, a statement and the
 * filtered, sorted Jobs list read, p50 and p95 over ITERATIONS runs. PGlite (in memory) always; PostgreSQL too when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server where a database may be created.
 *
 * Budgets: p95 < 20 ms on PostgreSQL, < 50 ms on PGlite. Exit 1 when one is missed.
 */
import { sql } from "drizzle-orm";
import { periodRange, presetPeriod, type PeriodRange } from "../../app/lib/time/chicago-period";
import { parseJobListParams } from "../../app/lib/admin/job-list-params";
import type { DatabaseHandle } from "../../app/server/db/database.server";
import { listJobs, summarizeJobs } from "../../app/server/money/jobs.server";
import {
  listPayouts,
  moneyByLocksmith,
  readStatement,
  totalOwed,
  unsettledJobs,
} from "../../app/server/money/payouts.server";
import {
  benchOnBothAndReport,
  INSERT_BENCH_JOBS,
  insertBenchLocksmiths,
  measureCases,
  settle,
} from "./database-bench";

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const PAYOUTS = 500;
/** Jobs and payouts made by the database itself (generate_series). */
async function loadMoney(handle: DatabaseHandle): Promise<string[]> {
  const { db } = handle;
  await insertBenchLocksmiths(db);
  await db.execute(sql`${INSERT_BENCH_JOBS}
    select 'Client ' || g, 'residential', crew.ids[1 + g % 40],
      case when g % 10 = 0 then 'in_progress'::job_status else 'completed'::job_status end,
      case when g % 10 = 0 then null else 10000 + (g % 50) * 500 end,
      case when g % 10 = 0 then null else 60 end,
      case when g % 10 = 0 then null else (10000 + (g % 50) * 500) * 6 / 10 end,
      case when g % 10 = 0 then null else (10000 + (g % 50) * 500) * 4 / 10 end,
      case when g % 10 = 0 then null else now() - (g % 365) * interval '1 day' end,
      now() - (g % 365) * interval '1 day' - interval '2 hours',
      case when g % 10 = 0 then null
           when g % 3 = 0 then 'cash'::customer_payment_method
           else 'card_on_site'::customer_payment_method end,
      case when g % 10 <> 0 and g % 3 = 0 then 'locksmith'::collector
           else 'business'::collector end
    from generate_series(1, ${JOBS}) as g, crew`);
  // 500 settlements: one in four a payment from the locksmith (their cash in hand; it
  // settles no job), the rest payouts to them, each settling 20 of their oldest
  // business-collected jobs not settled yet.
  await db.execute(sql`
    with crew as (select array_agg(id order by name) ids from locksmiths)
    insert into payouts (locksmith_id, amount_cents, paid_on, method, direction, created_at)
    select crew.ids[1 + g % 40], case when g % 4 = 0 then 2500 + (g % 20) * 500 else 1 end,
      (now() - (g % 300) * interval '1 day')::date, 'zelle',
      case when g % 4 = 0 then 'from_locksmith'::settlement_direction
           else 'to_locksmith'::settlement_direction end,
      now()
    from generate_series(1, ${PAYOUTS}) as g, crew`);
  await db.execute(sql`
    with ranked as (
      select j.id, p.id as payout_id from (
        select id, locksmith_id, row_number() over (partition by locksmith_id order by completed_at) as n
        from jobs where status = 'completed' and collected_by = 'business') j
      join (select id, locksmith_id, row_number() over (partition by locksmith_id order by id) as k
        from payouts where direction = 'to_locksmith') p
        on p.locksmith_id = j.locksmith_id and (j.n - 1) / 20 + 1 = p.k)
    update jobs set payout_id = ranked.payout_id from ranked where jobs.id = ranked.id`);
  await db.execute(sql`
    update payouts set amount_cents = coalesce(
      (select sum(their_cut_cents) from jobs where jobs.payout_id = payouts.id), 1)
    where direction = 'to_locksmith'`);
  const rows = await db.execute<{ id: string }>(sql`select id from locksmiths order by name`);
  return (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

function range(preset: Parameters<typeof presetPeriod>[0]): PeriodRange {
  return periodRange(presetPeriod(preset, new Date()));
}

async function bench(database: string, handle: DatabaseHandle, budget: number) {
  await handle.migrate();
  const started = performance.now();
  const crew = await loadMoney(handle);
  await settle(handle);
  console.log(
    `${database}: loaded ${JOBS.toLocaleString("en-US")} jobs, ${PAYOUTS} settlements both ways in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const { db } = handle;
  const month = range("this_month");
  const lastMonth = range("last_month");
  const cases: [string, (i: number) => Promise<unknown>][] = [
    [
      "Settlements page, this month (all locksmiths, both ways)",
      () => Promise.all([moneyByLocksmith(db, month), listPayouts(db, month)]),
    ],
    [
      "Settlements page, last month",
      () => Promise.all([moneyByLocksmith(db, lastMonth), listPayouts(db, lastMonth)]),
    ],
    ["Record payout dialog (unpaid jobs)", (i) => unsettledJobs(db, crew[i % crew.length]!)],
    ["Statement, this month", (i) => readStatement(db, crew[i % crew.length]!, month)],
    ["Statement, last month", (i) => readStatement(db, crew[i % crew.length]!, lastMonth)],
    ["Dashboard: owed to locksmiths", () => totalOwed(db)],
    [
      "Jobs list: a locksmith, completed this month, by price (page + totals)",
      (i) => {
        const params = parseJobListParams(
          new URLSearchParams(
            `locksmith=${crew[i % crew.length]}&date=completed&period=this_month&sort=price&dir=desc`,
          ),
        );
        return Promise.all([listJobs(db, params), summarizeJobs(db, params)]);
      },
    ],
    [
      "Jobs list: completed last week, by client (page + totals)",
      () => {
        const params = parseJobListParams(
          new URLSearchParams("date=completed&period=last_week&sort=client&dir=asc"),
        );
        return Promise.all([listJobs(db, params), summarizeJobs(db, params)]);
      },
    ],
  ];
  return measureCases(database, cases, () => budget);
}

await benchOnBothAndReport(
  (pglite) => bench("PGlite", pglite, 50),
  (postgres) => bench("PostgreSQL", postgres, 20),
);
