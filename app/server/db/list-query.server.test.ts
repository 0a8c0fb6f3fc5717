import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { COUNT_CAP } from "~/lib/pagination";
import { listLeads } from "../models/leads.server";
import { readPage } from "./list-query.server";

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

describe("reading a page", () => {
  const items = Array.from({ length: 60 }, (_, i) => i + 1);
  const rowsOf = (list: number[]) => async (limit: number, offset: number) =>
    list.slice(offset, offset + limit);

  it("counts and reads the page asked for at the same time", async () => {
    const started: string[] = [];
    let releaseCount!: (n: number) => void;
    const counting = new Promise<number>((resolve) => (releaseCount = resolve));
    const reading = readPage({
      page: 2,
      count: () => (started.push("count"), counting),
      rows: (limit, offset) => (started.push("rows"), rowsOf(items)(limit, offset)),
    });
    await Promise.resolve();
    expect(started).toEqual(["count", "rows"]);
    releaseCount(items.length);
    expect(await reading).toMatchObject({
      page: 2,
      total: 60,
      pageCount: 3,
      rows: items.slice(25, 50),
    });
  });

  it("answers a page past the end with the last page's rows", async () => {
    const page = await readPage({ page: 9, count: async () => 60, rows: rowsOf(items) });
    expect(page).toMatchObject({ page: 3, pageCount: 3, rows: items.slice(50) });
  });

  it("reads nothing more when nothing matches", async () => {
    const page = await readPage({ page: 4, count: async () => 0, rows: rowsOf([]) });
    expect(page).toMatchObject({ page: 1, total: 0, rows: [] });
  });
});
