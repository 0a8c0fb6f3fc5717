import { describe, expect, it } from "vitest";
import { fillBuckets, formatDayKey, niceScale, summarizeSeries } from "./chart-buckets";

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
