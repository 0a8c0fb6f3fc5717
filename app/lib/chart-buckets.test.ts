import { describe, expect, it } from "vitest";
import {
  fillBuckets,
  formatDayKey,
  keyToDate,
  lastDays,
  niceScale,
  summarizeSeries,
  utcDateKey,
  utcWeekStart,
  weeksCovering,
} from "./chart-buckets";

describe("utcDateKey", () => {
  it("takes the UTC date, not the local one", () => {
    // 11:30 PM in Chicago on March 2 is already March 3 in UTC.
    expect(utcDateKey(new Date("2026-03-03T05:30:00Z"))).toBe("2026-03-03");
    expect(utcDateKey(new Date("2026-03-02T23:59:59.999Z"))).toBe("2026-03-02");
  });

  it("round-trips through keyToDate", () => {
    expect(keyToDate("2026-03-03").toISOString()).toBe("2026-03-03T00:00:00.000Z");
  });
});

describe("lastDays", () => {
  it("lists the days up to and including today, oldest first", () => {
    expect(lastDays(new Date("2026-03-03T15:00:00Z"), 3)).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
    ]);
  });

  it("gives 90 distinct consecutive days across a month and DST change", () => {
    const days = lastDays(new Date("2026-03-20T00:00:00Z"), 90);
    expect(days).toHaveLength(90);
    expect(new Set(days).size).toBe(90);
    expect(days[0]).toBe("2025-12-21");
    expect(days.at(-1)).toBe("2026-03-20");
  });

  it("crosses a leap day", () => {
    expect(lastDays(new Date("2028-03-01T12:00:00Z"), 2)).toEqual(["2028-02-29", "2028-03-01"]);
  });

  it("gives nothing for 0 days", () => {
    expect(lastDays(new Date(), 0)).toEqual([]);
  });
});

describe("utcWeekStart", () => {
  it.each([
    ["2026-03-02T00:00:00Z", "2026-03-02"], // a Monday
    ["2026-03-04T18:00:00Z", "2026-03-02"], // Wednesday
    ["2026-03-08T23:59:59Z", "2026-03-02"], // Sunday belongs to the week before
    ["2026-03-09T00:00:00Z", "2026-03-09"],
    ["2026-01-01T10:00:00Z", "2025-12-29"], // across a year
  ])("%s is in the week of %s", (instant, monday) => {
    expect(utcDateKey(utcWeekStart(new Date(instant)))).toBe(monday);
  });
});

describe("weeksCovering", () => {
  it("covers 90 days with whole weeks, the current week last", () => {
    // Friday 2026-03-20: 90 days back is Monday 2025-12-21's week (a Sunday: week of Dec 15).
    const weeks = weeksCovering(new Date("2026-03-20T12:00:00Z"), 90);
    expect(weeks[0]).toBe("2025-12-15");
    expect(weeks.at(-1)).toBe("2026-03-16");
    expect(weeks).toHaveLength(14);
    for (const week of weeks) expect(keyToDate(week).getUTCDay()).toBe(1);
  });

  it("gives one week for the last day", () => {
    expect(weeksCovering(new Date("2026-03-04T00:00:00Z"), 1)).toEqual(["2026-03-02"]);
  });
});

describe("fillBuckets", () => {
  it("keeps the keys' order and fills missing ones with zero", () => {
    const keys = ["2026-03-01", "2026-03-02", "2026-03-03"];
    const rows = [
      { key: "2026-03-03", value: 4 },
      { key: "2026-03-01", value: 2 },
    ];
    expect(fillBuckets(keys, rows, { value: 0 })).toEqual([
      { key: "2026-03-01", value: 2 },
      { key: "2026-03-02", value: 0 },
      { key: "2026-03-03", value: 4 },
    ]);
  });

  it("drops rows outside the keys and carries extra fields", () => {
    const filled = fillBuckets(
      ["2026-03-02"],
      [
        { key: "2026-02-23", cents: 500, jobs: 1 },
        { key: "2026-03-02", cents: 12_000, jobs: 3 },
      ],
      { cents: 0, jobs: 0 },
    );
    expect(filled).toEqual([{ key: "2026-03-02", cents: 12_000, jobs: 3 }]);
  });

  it("gives an all-zero series when there are no rows", () => {
    expect(fillBuckets(["a", "b"], [], { value: 0 })).toEqual([
      { key: "a", value: 0 },
      { key: "b", value: 0 },
    ]);
  });
});

describe("niceScale", () => {
  it.each([
    [0, 1, [0, 1]],
    [1, 1, [0, 1]],
    [3, 3, [0, 1, 2, 3]],
    [7, 8, [0, 2, 4, 6, 8]],
    [10, 10, [0, 5, 10]],
    [41, 60, [0, 20, 40, 60]],
    [100, 100, [0, 25, 50, 75, 100]],
    [1_234_500, 1_500_000, [0, 500_000, 1_000_000, 1_500_000]],
  ])("a maximum of %s gives an axis up to %s", (max, top, ticks) => {
    expect(niceScale(max)).toEqual({ max: top, ticks });
  });

  it("treats nonsense as an empty chart", () => {
    expect(niceScale(Number.NaN)).toEqual({ max: 1, ticks: [0, 1] });
    expect(niceScale(-5)).toEqual({ max: 1, ticks: [0, 1] });
  });

  it("always reaches the maximum", () => {
    for (const max of [1, 2, 9, 11, 99, 101, 999, 12_345, 987_654]) {
      const scale = niceScale(max);
      expect(scale.max).toBeGreaterThanOrEqual(max);
      expect(scale.ticks.at(-1)).toBe(scale.max);
      expect(scale.ticks.length).toBeLessThanOrEqual(6);
    }
  });
});

describe("formatDayKey", () => {
  it("shows the UTC date as is, whatever the machine's time zone", () => {
    expect(formatDayKey("2026-03-03")).toBe("Mar 3");
    expect(formatDayKey("2025-12-31")).toBe("Dec 31");
  });
});

describe("summarizeSeries", () => {
  it("totals, averages and finds the first highest bucket", () => {
    expect(
      summarizeSeries([
        { key: "a", value: 2 },
        { key: "b", value: 5 },
        { key: "c", value: 5 },
        { key: "d", value: 0 },
      ]),
    ).toEqual({ total: 12, peak: { key: "b", value: 5 }, average: 3 });
  });

  it("has no peak when everything is zero", () => {
    expect(summarizeSeries([{ key: "a", value: 0 }])).toEqual({
      total: 0,
      peak: undefined,
      average: 0,
    });
    expect(summarizeSeries([])).toEqual({ total: 0, peak: undefined, average: 0 });
  });
});
