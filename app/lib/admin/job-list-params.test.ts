import { expect, it } from "vitest";
import { parseJobListParams } from "./job-list-params";

const NOW = new Date("2026-11-24T18:00:00Z");
const parse = (query: string) => parseJobListParams(new URLSearchParams(query), NOW);

it("reads locksmith, date range, and sort from the URL, with safe defaults", () => {
  expect(parse("")).toMatchObject({
    locksmithId: undefined,
    dateField: "created",
    range: undefined,
    sort: "date",
    dir: "desc",
  });
  const id = "6f1c2c52-8f5e-4a61-9d5e-2c2f1f9f3a10";
  expect(parse(`locksmith=${id}&sort=price&dir=asc&date=completed`)).toMatchObject({
    locksmithId: id,
    sort: "price",
    dir: "asc",
    dateField: "completed",
  });
  expect(parse("locksmith=robert'); drop table jobs;--&sort=evil&dir=up")).toMatchObject({
    locksmithId: undefined,
    sort: "date",
    dir: "desc",
  });
});

it("turns a preset or days into Chicago instants", () => {
  expect(parse("period=last_week").range).toEqual({
    start: new Date("2026-11-16T06:00:00Z"),
    end: new Date("2026-11-23T06:00:00Z"),
  });
  expect(parse("from=2026-11-01&to=2026-11-01").range).toEqual({
    start: new Date("2026-11-01T05:00:00Z"),
    end: new Date("2026-11-02T06:00:00Z"),
  });
  expect(parse("from=2026-13-01").range).toBeUndefined();
});
