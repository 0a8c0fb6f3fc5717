import { sql } from "drizzle-orm";
import type { Db } from "./database.server";
import { logger } from "../logger.server";

/**
 * A row whose window started longer ago than this decides nothing any more and is pruned;
 * so no limit may have a longer window (the longest today is an hour).
 */
export const RATE_LIMIT_RETENTION_SECONDS = 24 * 3600;
export const PRUNE_INTERVAL_MS = 3_600_000;

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window frees up, when refused. */
  retryAfter: number | null;
}

/**
 * Records one attempt against `key` and says whether it is allowed: at most `max` in a
 * fixed window of `windowSeconds`. One atomic upsert, so concurrent requests from any
 * number of processes cannot slip past the limit.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: { window: number; max: number },
): Promise<RateLimitResult> {
  if (rule.window > RATE_LIMIT_RETENTION_SECONDS) {
    throw new Error(`A rate-limit window of ${rule.window} s outlives the rows' retention`);
  }
  const result = await db.execute<{ count: number; age: number }>(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${rule.window})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${rule.window})
                   then now() else rate_limits.window_start end
    returning count, extract(epoch from (now() - window_start))::float8 as age
  `);
  const row = (result as unknown as { rows: { count: number; age: number }[] }).rows[0]!;
  const count = Number(row.count);
  if (count <= rule.max) return { allowed: true, retryAfter: null };
  return { allowed: false, retryAfter: Math.max(1, Math.ceil(rule.window - Number(row.age))) };
}

/** Deletes the rows no window can still count; answers how many went. */
export async function pruneRateLimits(db: Db): Promise<number> {
  const result = await db.execute(sql`
    delete from rate_limits
    where window_start < now() - make_interval(secs => ${RATE_LIMIT_RETENTION_SECONDS})
    returning key
  `);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Every visitor's IP leaves a row per kind of attempt: pruned shortly after start and then
 * hourly, by every process (a delete that finds nothing costs nothing). Returns a stop
 * function.
 */
export function schedulePruning(db: Db, intervalMs = PRUNE_INTERVAL_MS): () => void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const pruned = await pruneRateLimits(db);
      if (pruned > 0) logger.info(`Pruned ${pruned} expired rate-limit rows`);
    } catch (error) {
      logger.error({ err: error }, "Pruning rate limits failed");
    }
    timer = setTimeout(run, intervalMs).unref();
  };
  timer = setTimeout(run, 60_000).unref();
  return () => clearTimeout(timer);
}
