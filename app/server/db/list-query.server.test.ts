import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { COUNT_CAP } from "~/lib/pagination";
import { listLeads } from "../models/leads.server";

describeEachDatabase("counting long lists", (t) => {
  it("counts exactly up to the cap, then says there are more and still pages on", async () => {
    await t.handle.db.execute(sql`
      insert into leads (name, phone, service_type, zip, status, source, created_at)
      select 'Cap ' || g, '+17084240000', 'emergency', '60453', 'new', 'manual', now() - g * interval '1 minute'
      from generate_series(1, ${COUNT_CAP + 50}) as g`);
    const first = await listLeads(t.handle.db, { q: "cap" });
    expect(first).toMatchObject({ total: COUNT_CAP, totalCapped: true, page: 1 });
    expect(first.rows[0]?.name).toBe("Cap 1");
    const deep = await listLeads(t.handle.db, { q: "cap", page: 82 });
    expect(deep.page).toBe(82);
    expect(deep.rows.map((row) => row.name)).toEqual([
      "Cap 2026",
      "Cap 2027",
      "Cap 2028",
      "Cap 2029",
      "Cap 2030",
      "Cap 2031",
      "Cap 2032",
      "Cap 2033",
      "Cap 2034",
      "Cap 2035",
      "Cap 2036",
      "Cap 2037",
      "Cap 2038",
      "Cap 2039",
      "Cap 2040",
      "Cap 2041",
      "Cap 2042",
      "Cap 2043",
      "Cap 2044",
      "Cap 2045",
      "Cap 2046",
      "Cap 2047",
      "Cap 2048",
      "Cap 2049",
      "Cap 2050",
    ]);
    expect((await listLeads(t.handle.db, { q: "cap 204" })).totalCapped).toBe(false);
  });
});
