import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "./database.server";
import { logger } from "../logger.server";

/*
 * The upkeep PostgreSQL's autovacuum does on a server and PGlite never does (one backend,
 * no background workers): VACUUM clears dead rows and flushes the trigram indexes' pending
 * lists, ANALYZE keeps the planner's row estimates current. Without it, searches at volume
 * fall back to sequential scans (see scripts/bench/admin-lists.ts).
 */

export const MAINTENANCE_INTERVAL_HOURS = 6;

export async function vacuumAnalyze(database: DatabaseHandle): Promise<void> {
  await database.db.execute(sql`vacuum (analyze)`);
}

/**
 * On PGlite: vacuum and analyze every few hours (the first one shortly after start, so a
 * restart after a bulk import is soon in shape). On PostgreSQL autovacuum does it: a no-op.
 * Returns a function that stops the schedule.
 */
export function scheduleMaintenance(
  database: DatabaseHandle,
  intervalHours = MAINTENANCE_INTERVAL_HOURS,
): () => void {
  if (database.kind !== "pglite" || intervalHours <= 0) return () => {};
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      await vacuumAnalyze(database);
    } catch (error) {
      logger.error({ err: error }, "Vacuum failed");
    }
    timer = setTimeout(run, intervalHours * 3_600_000).unref();
  };
  timer = setTimeout(run, 60_000).unref();
  return () => clearTimeout(timer);
}
