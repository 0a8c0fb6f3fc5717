/**
 * What the database benchmarks (admin-lists.ts, payouts.ts) share: timing a query many
 * times, a fresh PostgreSQL database to load, and the table of figures against budgets.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../app/server/db/database.server";
import { vacuumAnalyze } from "../../app/server/db/maintenance.server";

/** The 40 locksmiths the volume benchmarks give their jobs to ("Bench Smith 1" to 40). */
export async function insertBenchLocksmiths(db: DatabaseHandle["db"]): Promise<void> {
  await db.execute(sql`
    insert into locksmiths (name, phone, assigned_zips, default_cut_percent, active)
    select 'Bench Smith ' || g, '+1708555' || lpad(g::text, 4, '0'), array['60629'], 60, true
    from generate_series(1, 40) as g`);
}

/**
 * The head of a bulk insert of jobs among the bench locksmiths (`crew.ids`, 1-based, by
 * name): the select that follows it gives these columns, in this order.
 */
export const INSERT_BENCH_JOBS = sql`
    with crew as (select array_agg(id order by name) ids from locksmiths)
    insert into jobs (client_name, job_type, locksmith_id, status, final_price_cents,
      their_cut_percent, their_cut_cents, your_cut_cents, completed_at, created_at,
      payment_method, collected_by)`;

/**
 * Runs per figure. With 30, p95 was the second-slowest run, so one stall of the (shared,
 * 2-core) host decided it; 100 make it the sixth-slowest.
 */
export const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);

export interface Figure {
  database: string;
  what: string;
  p50: number;
  p95: number;
  budget: number;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * After a bulk load, the steady state the figures are about: vacuumed and analyzed (as
 * autovacuum or our PGlite upkeep keeps the tables), and on PostgreSQL the load written out
 * by a checkpoint. Without it the checkpointer writes a gigabyte of freshly loaded pages
 * while the queries are timed, and a few runs wait on it (70-130 ms instead of 10).
 */
export async function settle(handle: DatabaseHandle): Promise<void> {
  await vacuumAnalyze(handle);
  if (handle.kind !== "postgres") return;
  try {
    await handle.db.execute(sql`checkpoint`);
  } catch (error) {
    // CHECKPOINT needs a superuser or pg_checkpoint; the figures are still printed.
    console.log(`PostgreSQL: no checkpoint after the load (${(error as Error).message})`);
  }
}

/**
 * p50 and p95 of `run` over ITERATIONS runs, after one to warm the plan and the cache;
 * `prepare`, untimed, before each (a change the timed run must then take in).
 */
export async function measure(
  run: (i: number) => Promise<unknown>,
  prepare?: (i: number) => Promise<unknown>,
): Promise<{ p50: number; p95: number }> {
  await prepare?.(0);
  await run(0);
  const times: number[] = [];
  for (let i = 1; i <= ITERATIONS; i++) {
    await prepare?.(i);
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Each case measured in turn, as a figure of `database` against the budget `budgetOf` gives it. */
export async function measureCases(
  database: string,
  cases: readonly (readonly [what: string, run: (i: number) => Promise<unknown>])[],
  budgetOf: (what: string) => number,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [what, run] of cases) {
    figures.push({ database, what, ...(await measure(run)), budget: budgetOf(what) });
  }
  return figures;
}

/**
 * Runs `bench` on a new database of the server BENCH_DATABASE_URL (or TEST_DATABASE_URL)
 * names, dropped afterwards; says it skipped when neither is set.
 */
export async function onBenchPostgres(
  bench: (handle: DatabaseHandle) => Promise<Figure[]>,
): Promise<Figure[]> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL to measure it too)");
    return [];
  }
  const name = `lockline_bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const postgres = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
  try {
    return await bench(postgres);
  } finally {
    await postgres.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * The benchmark on an in-memory PGlite (unless `onPglite` is null), then on a fresh PostgreSQL
 * when one is named; prints the figures and exits as reportAndExit does.
 */
export async function benchOnBothAndReport(
  onPglite: ((pglite: DatabaseHandle) => Promise<Figure[]>) | null,
  onPostgres: (postgres: DatabaseHandle) => Promise<Figure[]>,
): Promise<never> {
  const figures: Figure[] = [];
  if (onPglite) {
    const pglite = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    try {
      figures.push(...(await onPglite(pglite)));
    } finally {
      await pglite.close();
    }
  }
  figures.push(...(await onBenchPostgres(onPostgres)));
  reportAndExit(figures);
}

/** The figures as a table; the process exits 1 when a p95 missed its budget. */
export function reportAndExit(figures: readonly Figure[]): never {
  console.log(
    `\n${"database".padEnd(11)} ${"what".padEnd(44)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}  budget`,
  );
  let failed = 0;
  for (const figure of figures) {
    const ok = figure.p95 < figure.budget;
    if (!ok) failed++;
    console.log(
      `${figure.database.padEnd(11)} ${figure.what.padEnd(44)} ${figure.p50.toFixed(1).padStart(8)} ${figure.p95.toFixed(1).padStart(8)}  p95 < ${figure.budget} ${ok ? "ok" : "FAIL"}`,
    );
  }
  console.log(failed ? `\n${failed} budget(s) missed.` : "\nAll budgets met.");
  process.exit(failed ? 1 : 0);
}
