import { lt } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "./database.server";
import { rateLimits } from "./auth-tables.server";
import { logger } from "../logger.server";

/*
 * Limits that must hold across processes (per link, per account, per address on costly
 * forms): rate-limiter-flexible's Drizzle store on the `rate_limits` table our migrations make
 * (decision 0059). It takes the Drizzle handle every model takes, so one store serves PGlite
 * and PostgreSQL alike, and a caller inside a transaction passes `tx`. One atomic upsert per
 * attempt: concurrent requests from any number of processes cannot slip past a limit.
 */

/** Rows expired longer ago than this are pruned (the library's own sweep uses an hour too). */
const EXPIRED_KEPT_MS = 3_600_000;
export const PRUNE_INTERVAL_MS = 3_600_000;

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window frees up, when refused. */
  retryAfter: number | null;
}

/** One limiter per handle and rule (a limiter is its points and duration). */
const limiters = new WeakMap<Db, Map<string, RateLimiterDrizzle>>();

function limiterFor(db: Db, rule: { window: number; max: number }): RateLimiterDrizzle {
  let byRule = limiters.get(db);
  if (!byRule) limiters.set(db, (byRule = new Map()));
  const id = `${rule.max}/${rule.window}`;
  let limiter = byRule.get(id);
  if (!limiter) {
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      // Keys already say what they count ("reset:<hash>", "auth:<ip>/sign-in").
      keyPrefix: "",
      points: rule.max,
      duration: rule.window,
      // One sweep for the whole table (schedulePruning), not one timer per limiter.
      clearExpiredByTimeout: false,
    });
    byRule.set(id, limiter);
  }
  return limiter;
}

/**
 * Records one attempt against `key` and says whether it is allowed: at most `max` in a
 * fixed window of `window` seconds.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: { window: number; max: number },
): Promise<RateLimitResult> {
  try {
    await limiterFor(db, rule).consume(key);
    return { allowed: true, retryAfter: null };
  } catch (refusal) {
    // The library rejects with its result when refused, with an Error when the store failed.
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return { allowed: false, retryAfter: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
  }
}

/** Deletes the rows that expired over an hour ago; answers how many went. */
export async function pruneRateLimits(db: Db, now = Date.now()): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expire, new Date(now - EXPIRED_KEPT_MS)))
    .returning({ key: rateLimits.key });
  return gone.length;
}

/**
 * Every visitor's IP leaves a row per kind of attempt: pruned shortly after start and then
 * hourly, by every process (a delete that finds nothing costs nothing). Returns a stop
 * function.
 */
export function schedulePruning(
  db: Db,
  others: Record<string, () => Promise<number>> = {},
  intervalMs = PRUNE_INTERVAL_MS,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    for (const [what, prune] of Object.entries({
      "expired rate-limit rows": () => pruneRateLimits(db),
      ...others,
    })) {
      try {
        const pruned = await prune();
        if (pruned > 0) logger.info(`Pruned ${pruned} ${what}`);
      } catch (error) {
        logger.error({ err: error }, `Pruning ${what} failed`);
      }
    }
    timer = setTimeout(run, intervalMs).unref();
  };
  timer = setTimeout(run, 60_000).unref();
  return () => clearTimeout(timer);
}
