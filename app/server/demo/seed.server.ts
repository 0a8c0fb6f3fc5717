import { sql } from "drizzle-orm";
import { readSetting, writeSetting } from "../db/app-settings.server";
import type { Database } from "../db/database.server";
import { reviews } from "../db/app-tables.server";
import { insertDemoBusiness } from "./business.server";
import { demoReviews } from "./reviews.server";

const DEMO_LOADED = "demo_data_loaded_at";
const DAY_MS = 86_400_000;

/**
 * Fills an empty database with demo content, once: after that the operator's deletions
 * stay deleted across restarts. `seed` picks another, equally plausible business (the
 * browser tests vary it to prove they do not lean on one draw).
 */
export async function loadDemoDataOnce(
  db: Database,
  now = new Date(),
  seed?: number,
): Promise<boolean> {
  if (await readSetting(db, DEMO_LOADED)) return false;
  return db.transaction(async (tx) => {
    // Advisory lock: two processes starting together against one PostgreSQL load once.
    await tx.execute(sql`select pg_advisory_xact_lock(8420391)`);
    if (await readSetting(tx as unknown as Database, DEMO_LOADED)) return false;
    await tx.insert(reviews).values(
      demoReviews.map(({ daysAgo, ...review }) => ({
        ...review,
        verified: true,
        published: true,
        createdAt: new Date(now.getTime() - daysAgo * DAY_MS),
      })),
    );
    // A year of locksmiths, leads, jobs, dispatch codes and calls (multi-row inserts).
    await insertDemoBusiness(tx as unknown as Database, now, seed);
    await writeSetting(tx as unknown as Database, DEMO_LOADED, now.toISOString());
    return true;
  });
}
