import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { consumeRateLimit, pruneRateLimits } from "./rate-limit.server";

async function keys(t: { handle: { db: import("./database.server").Db } }, like: string) {
  const result = await t.handle.db.execute<{ key: string }>(
    sql`select key from rate_limits where key like ${like} order by key`,
  );
  return (result as unknown as { rows: { key: string }[] }).rows.map((row) => row.key);
}

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
      sql`update rate_limits set expire = now() - interval '1 second' where key = 'ip:3'`,
    );
    expect((await consumeRateLimit(t.handle.db, "ip:3", rule)).allowed).toBe(true);
    expect((await consumeRateLimit(t.handle.db, "ip:3", rule)).allowed).toBe(false);
  });

  it("holds under concurrent attempts", async () => {
    const rule = { window: 60, max: 5 };
    const results = await Promise.all(
      Array.from({ length: 12 }, () => consumeRateLimit(t.handle.db, "ip:burst", rule)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });

  it("counts inside a transaction when given it", async () => {
    const rule = { window: 60, max: 1 };
    const inside = await t.handle.db.transaction((tx) =>
      consumeRateLimit(tx, "ip:tx", rule).then(() => consumeRateLimit(tx, "ip:tx", rule)),
    );
    expect(inside.allowed).toBe(false);
  });

  it("prunes the rows that expired over an hour ago, and only those", async () => {
    const rule = { window: 3600, max: 5 };
    for (const key of ["old:1", "old:2", "recent:1"])
      await consumeRateLimit(t.handle.db, key, rule);
    await t.handle.db.execute(
      sql`update rate_limits set expire = now() - interval '61 minutes' where key like 'old:%'`,
    );
    expect(await pruneRateLimits(t.handle.db)).toBe(2);
    expect(await keys(t, "%:%")).not.toContain("old:1");
    expect(await keys(t, "recent:%")).toEqual(["recent:1"]);
    expect(await pruneRateLimits(t.handle.db)).toBe(0);
  });

  it("passes the database's failure on rather than answering allowed", async () => {
    await t.handle.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      await expect(
        consumeRateLimit(t.handle.db, "ip:down", { window: 60, max: 5 }),
      ).rejects.toThrow();
    } finally {
      await t.handle.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
  });
});
