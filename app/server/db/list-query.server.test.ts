import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { COUNT_CAP, PAGE_SIZE } from "~/lib/pagination";
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
    // Past the cap the pager has no last page, but the pages are still there to read.
    const lastPage = (COUNT_CAP + 50) / PAGE_SIZE;
    const deep = await listLeads(t.handle.db, { q: "cap", page: lastPage });
    expect(deep.page).toBe(lastPage);
    expect(deep.rows.map((row) => row.name)).toEqual(
      Array.from({ length: PAGE_SIZE }, (_, i) => `Cap ${COUNT_CAP + 26 + i}`),
    );
    // "cap 54" (with a cap of 500): Cap 54 and Cap 540–549, counted exactly.
    const few = await listLeads(t.handle.db, { q: `cap ${(COUNT_CAP + 40) / 10}` });
    expect(few).toMatchObject({ total: 11, totalCapped: false });
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
