import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import {
  consumeRateLimit,
  pruneRateLimits,
  RATE_LIMIT_RETENTION_SECONDS,
} from "./rate-limit.server";

describeEachDatabase("rate limits in the database", (t) => {
  it("allows max attempts in a window, then refuses with a wait", async () => {
    const rule = { window: 60, max: 3 };
    for (let i = 0; i < 3; i++)
      expect((await consumeRateLimit(t.handle.db, "ip:1", rule)).allowed).toBe(true);
    const refused = await consumeRateLimit(t.handle.db, "ip:1", rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    // Another key has its own budget.
    expect((await consumeRateLimit(t.handle.db, "ip:2", rule)).allowed).toBe(true);
  });

  it("starts a new window once the old one has passed", async () => {
    const rule = { window: 60, max: 1 };
    await consumeRateLimit(t.handle.db, "ip:3", rule);
    expect((await consumeRateLimit(t.handle.db, "ip:3", rule)).allowed).toBe(false);
    await t.handle.db.execute(
      sql`update rate_limits set window_start = now() - interval '61 seconds' where key = 'ip:3'`,
    );
    expect((await consumeRateLimit(t.handle.db, "ip:3", rule)).allowed).toBe(true);
  });

  it("holds under concurrent attempts", async () => {
    const rule = { window: 60, max: 5 };
    const results = await Promise.all(
      Array.from({ length: 12 }, () => consumeRateLimit(t.handle.db, "ip:burst", rule)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });

  it("prunes the rows no window can count any more, and only those", async () => {
    const rule = { window: 3600, max: 5 };
    for (const key of ["old:1", "old:2", "recent:1"])
      await consumeRateLimit(t.handle.db, key, rule);
    await t.handle.db.execute(
      sql`update rate_limits set window_start = now() - interval '25 hours' where key like 'old:%'`,
    );
    expect(await pruneRateLimits(t.handle.db)).toBe(2);
    const left = await t.handle.db.execute<{ key: string }>(
      sql`select key from rate_limits where key in ('old:1', 'old:2', 'recent:1')`,
    );
    expect((left as unknown as { rows: { key: string }[] }).rows.map((row) => row.key)).toEqual([
      "recent:1",
    ]);
    expect(await pruneRateLimits(t.handle.db)).toBe(0);
  });

  it("refuses a window longer than the rows are kept", async () => {
    await expect(
      consumeRateLimit(t.handle.db, "ip:long", {
        window: RATE_LIMIT_RETENTION_SECONDS + 1,
        max: 1,
      }),
    ).rejects.toThrow(/retention/);
  });
});
