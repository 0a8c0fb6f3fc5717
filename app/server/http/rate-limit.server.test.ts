import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { consumeRateLimit } from "./rate-limit.server";

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
});
