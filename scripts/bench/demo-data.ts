/**
 * `node --import tsx scripts/bench/demo-data.ts`: how long the demo data (a year of a
 * locksmith business: 40 locksmiths, 5,000 leads, 2,000 jobs, 500 dispatch codes, 10,000
 * calls) takes to load into a fresh, migrated in-memory PGlite, and into PostgreSQL when
 * BENCH_DATABASE_URL names a server (a database is created and dropped for the run).
 *
 * Budget: under 5 s on PGlite (first start with DEMO_DATA=on waits for it).
 * Exit code: 0 within budget, 1 over it.
 */
import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../app/server/db/database.server";
import { buildDemoBusiness } from "../../app/server/demo/business.server";
import { loadDemoDataOnce } from "../../app/server/demo/seed.server";

const BUDGET_SECONDS = 5;

async function time(label: string, handle: DatabaseHandle): Promise<number> {
  await handle.migrate();
  const started = performance.now();
  const cpu = process.cpuUsage();
  await loadDemoDataOnce(handle.db);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  // PGlite runs in this process: its CPU time does not depend on what else the machine does.
  const cpuSeconds = (used.user + used.system) / 1e6;
  console.log(
    `${label.padEnd(12)} ${seconds.toFixed(2)} s (this process's CPU: ${cpuSeconds.toFixed(2)} s)`,
  );
  return seconds;
}

const built = performance.now();
buildDemoBusiness(new Date());
console.log(`${"build rows".padEnd(12)} ${((performance.now() - built) / 1000).toFixed(2)} s`);

const pglite = await openDatabase({ kind: "pglite", dataDir: "memory://" });
const pgliteSeconds = await time("PGlite", pglite).finally(() => pglite.close());

const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const name = `lockline_bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const postgres = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
    await time("PostgreSQL", postgres).finally(() => postgres.close());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const ok = pgliteSeconds < BUDGET_SECONDS;
console.log(`PGlite budget < ${BUDGET_SECONDS} s: ${ok ? "met" : "NOT met"}`);
process.exit(ok ? 0 : 1);
