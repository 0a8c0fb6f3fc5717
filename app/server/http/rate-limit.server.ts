import { sql } from "drizzle-orm";
import type { Database } from "../db/database.server";

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
  db: Database,
  key: string,
  rule: { window: number; max: number },
): Promise<RateLimitResult> {
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
