import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { COUNT_CAP, PAGE_SIZE } from "~/lib/admin/pagination";
import { listLeads } from "../leads/leads.server";
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

describeEachDatabase("a phone search with many matches", (t) => {
  it("reads the newest matches in order, as a search with few matches does", async () => {
    // Every other lead has a 630-987 number, two in three are assigned: a third match.
    const leads = 3 * COUNT_CAP + 90;
    await t.handle.db.execute(sql`
      insert into leads (name, phone, service_type, zip, status, source, created_at)
      select 'Walk ' || g,
        case when g % 2 = 0 then '+16309870' else '+16301230' end || lpad((g % 1000)::text, 3, '0'),
        'emergency', '60453',
        case when g % 3 = 0 then 'completed' else 'assigned' end::lead_status,
        'manual', now() - g * interval '1 minute'
      from generate_series(1, ${leads}) as g`);
    const matching = Array.from({ length: leads }, (_, i) => i + 1)
      .filter((g) => g % 2 === 0 && g % 3 !== 0)
      .map((g) => `Walk ${g}`);
    expect(matching.length).toBeGreaterThan(COUNT_CAP);
    for (const q of ["630987", "(630) 987", "+1 630-987"]) {
      const first = await listLeads(t.handle.db, { q, status: "assigned" });
      expect(first).toMatchObject({ total: COUNT_CAP, totalCapped: true, page: 1 });
      expect(names(first)).toEqual(matching.slice(0, PAGE_SIZE));
    }
    const third = await listLeads(t.handle.db, { q: "9870", status: "assigned", page: 3 });
    expect(names(third)).toEqual(matching.slice(2 * PAGE_SIZE, 3 * PAGE_SIZE));
    // A whole number matches one lead: read through its digit runs, counted exactly.
    const one = await listLeads(t.handle.db, { q: "(630) 987-0002", status: "assigned" });
    expect(one).toMatchObject({ total: 1, totalCapped: false });
    expect(names(one)).toEqual(["Walk 2"]);
  });

  it("finds digits in names, and letters in any case", async () => {
    await t.handle.db.execute(sql`
      insert into leads (name, phone, service_type, status, source)
      values ('Unit #4B Ostrowski', '+17735550100', 'residential', 'new', 'manual')`);
    for (const q of ["#4", "#4b ostrowski", "UNIT #4", "unit #4b", "t #4B o"]) {
      expect(names(await listLeads(t.handle.db, { q }))).toEqual(["Unit #4B Ostrowski"]);
    }
    expect(names(await listLeads(t.handle.db, { q: "#4c" }))).toEqual([]);
  });
});

const names = (page: { rows: { name: string | null }[] }) => page.rows.map((row) => row.name);

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

  it("with a read for many matches: counts first, and reads that way only past the cap", async () => {
    const calls: string[] = [];
    const read = (name: string) => (limit: number, offset: number) => {
      calls.push(`${name} ${offset}`);
      return rowsOf(items)(limit, offset);
    };
    const options = { page: 2, rows: read("rows"), rowsWhenMany: read("many") };
    const many = await readPage({
      ...options,
      count: async () => (calls.push("count"), COUNT_CAP + 1),
    });
    expect(calls).toEqual(["count", "many 25"]);
    expect(many).toMatchObject({ total: COUNT_CAP, totalCapped: true, rows: items.slice(25, 50) });

    calls.length = 0;
    const few = await readPage({ ...options, count: async () => (calls.push("count"), 60) });
    expect(calls).toEqual(["count", "rows 25"]);
    expect(few).toMatchObject({ total: 60, totalCapped: false, rows: items.slice(25, 50) });
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
