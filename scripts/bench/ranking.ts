/**
 * `node --import tsx scripts/bench/ranking.ts`: the Dispatch dialog's ranking at volume
 * (issue 28, decision 0029). 200 locksmiths (three Chicago-area ZIPs each, some with an
 * on-call schedule, some Off), 1,000,000 leads and as many assignments (most completed, a
 * few thousand declined or expired in the last day, one live for a quarter of the
 * locksmiths), then rankLocksmithsForLead for random leads, p50 and p95 over
 * BENCH_ITERATIONS runs. On PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): PGlite
 * in memory is measured too at BENCH_PGLITE_LEADS (100,000 by default), since a million
 * rows is past what an embedded database holds in memory for a benchmark.
 *
 * Budgets: p95 < 20 ms on PostgreSQL, < 50 ms on PGlite. Exit 1 when one is missed.
 */
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../app/server/db/database.server";
import { rankLocksmithsForLead } from "../../app/server/dispatch/locksmith-ranking.server";
import { measure, onBenchPostgres, reportAndExit, settle, type Figure } from "./database-bench";

const LOCKSMITHS = 200;
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const PGLITE_LEADS = Number(process.env.BENCH_PGLITE_LEADS ?? 100_000);
const ZIPS = ["60601", "60473", "60453", "60629", "60411", "60827", "60628", "60617", "60652"];

/** Locksmiths, leads and assignments made by the database itself (generate_series). */
async function load(handle: DatabaseHandle, leads: number): Promise<string[]> {
  const { db } = handle;
  const zips = sql.raw(`array['${ZIPS.join("','")}']`);
  await db.execute(sql`
    insert into locksmiths (name, phone, assigned_zips, presence, on_call_shifts)
    select 'Bench Smith ' || g, '+1708555' || lpad(g::text, 4, '0'),
      array[(${zips})[1 + g % 9], (${zips})[1 + (g + 3) % 9], (${zips})[1 + (g + 5) % 9]],
      case when g % 7 = 0 then 'off'::locksmith_presence else 'available' end,
      case when g % 3 = 0 then '[{"start":1080,"end":1800},{"start":5400,"end":6120}]'::jsonb
        else '[]'::jsonb end
    from generate_series(1, ${LOCKSMITHS}) as g`);
  await db.execute(sql`
    insert into leads (phone, service_type, zip, status, created_at)
    select '+1312555' || lpad((g % 10000)::text, 4, '0'), 'automotive',
      (${zips})[1 + g % 9], 'completed', now() - (g % 365) * interval '1 day'
    from generate_series(1, ${leads}) as g`);
  // One assignment per lead: completed, but every 200th declined or expired within the
  // last day; then one live offer for every fourth locksmith.
  await db.execute(sql`
    with crew as (select array_agg(id order by name) ids from locksmiths),
      numbered as (select id, created_at, row_number() over () as n from leads)
    insert into assignments (token_hash, lead_id, locksmith_id, state, expires_at,
      completed_at, ended_at, end_reason, created_at)
    select md5(numbered.id::text), numbered.id, crew.ids[1 + numbered.n % ${LOCKSMITHS}],
      case when numbered.n % 200 = 0 then 'declined'::assignment_state
        when numbered.n % 200 = 1 then 'expired' else 'completed' end,
      numbered.created_at + interval '30 minutes',
      case when numbered.n % 200 > 1 then numbered.created_at + interval '2 hours' end,
      case when numbered.n % 200 <= 1 then now() - (numbered.n % 1000) * interval '1 minute' end,
      case when numbered.n % 200 = 0 then 'declined'::assignment_end_reason
        when numbered.n % 200 = 1 then 'expired' end,
      numbered.created_at
    from numbered, crew`);
  await db.execute(sql`
    with crew as (select id, row_number() over (order by name) as k from locksmiths),
      open as (select id, row_number() over (order by id) as k from leads limit ${LOCKSMITHS / 4})
    insert into assignments (token_hash, lead_id, locksmith_id, state, expires_at, created_at)
    select md5('live' || open.id::text), open.id, crew.id, 'accepted', now() + interval '1 day',
      now() - interval '40 minutes'
    from open join crew on crew.k = open.k * 4`);
  const rows = await db.execute<{ id: string }>(
    sql`select id from leads order by random() limit 500`,
  );
  return (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

async function bench(database: string, handle: DatabaseHandle, leads: number, budget: number) {
  await handle.migrate();
  const started = performance.now();
  const sample = await load(handle, leads);
  await settle(handle);
  console.log(
    `${database}: loaded ${LOCKSMITHS} locksmiths, ${leads.toLocaleString("en-US")} leads and assignments in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const ranked = await rankLocksmithsForLead(handle.db, sample[0]!);
  console.log(
    `${database}: ${ranked.filter((row) => row.eligible).length} of ${ranked.length} eligible; first: ${ranked[0]?.why}`,
  );
  const figures: Figure[] = [
    {
      database,
      what: `Dispatch dialog ranking (${(leads / 1e6).toLocaleString("en-US")}M leads)`,
      budget,
      ...(await measure((i) => rankLocksmithsForLead(handle.db, sample[i % sample.length]!))),
    },
  ];
  return figures;
}

const figures: Figure[] = [];
figures.push(...(await onBenchPostgres((postgres) => bench("PostgreSQL", postgres, LEADS, 20))));
const pglite = await openDatabase({ kind: "pglite", dataDir: "memory://" });
try {
  figures.push(...(await bench("PGlite", pglite, PGLITE_LEADS, 50)));
} finally {
  await pglite.close();
}
reportAndExit(figures);
