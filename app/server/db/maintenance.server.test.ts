import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { vacuumAnalyze } from "./maintenance.server";

describeEachDatabase("table upkeep", (t) => {
  it("brings the planner's row estimates up to date after a bulk load", async () => {
    await t.handle.db.execute(sql`
      insert into call_logs (client_phone, status, start_time)
      select '+1312555' || lpad(g::text, 4, '0'), 'answered', now()
      from generate_series(1, 1500) as g`);
    await vacuumAnalyze(t.handle);
    const [row] = await t.handle.db
      .select({ estimate: sql<number>`reltuples`.mapWith(Number) })
      .from(sql`pg_class`)
      .where(sql`relname = 'call_logs'`);
    expect(row?.estimate).toBe(1500);
  });
});
