import { describe, expect, it } from "vitest";
import { computeSplit, DEFAULT_CUT_PERCENT } from "./job-split";

describe("computeSplit", () => {
  it("takes the locksmith's percent of the price, the business keeps the rest", () => {
    expect(computeSplit(20_000, 60)).toEqual({ theirCutCents: 12_000, yourCutCents: 8_000 });
    expect(computeSplit(7_500, DEFAULT_CUT_PERCENT)).toEqual({
      theirCutCents: 4_500,
      yourCutCents: 3_000,
    });
  });

  it.each([
    // price, percent, their cut: exact halves round up, everything else to the nearest cent
    [12_345, 50, 6_173], // 6172.5 → 6173
    [1, 50, 1], // 0.5 → 1
    [3, 50, 2], // 1.5 → 2
    [12_999, 33, 4_290], // 4289.67 → 4290
    [10_001, 60, 6_001], // 6000.6 → 6001
    [10_007, 55, 5_504], // 5503.85 → 5504
    [10_002, 65, 6_501], // 6501.3 → 6501
    [101, 1, 1], // 1.01 → 1
    [149, 1, 1], // 1.49 → 1
    [150, 1, 2], // 1.5 → 2
  ])("rounds %i × %i%% half up to %i", (price, percent, theirs) => {
    const split = computeSplit(price, percent);
    expect(split.theirCutCents).toBe(theirs);
    expect(split.yourCutCents).toBe(price - theirs);
  });

  it("always adds up to the price, to the cent", () => {
    const wrong: string[] = [];
    for (let price = 0; price <= 5_000; price += 7) {
      for (let percent = 0; percent <= 100; percent++) {
        const { theirCutCents, yourCutCents } = computeSplit(price, percent);
        // The exact value, in integers: their cut is within half a cent of price × percent.
        const exactTimes100 = price * percent;
        if (
          theirCutCents + yourCutCents !== price ||
          theirCutCents < 0 ||
          yourCutCents < 0 ||
          Math.abs(theirCutCents * 100 - exactTimes100) > 50
        ) {
          wrong.push(`${price} @ ${percent}%`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("handles the bounds: 0% and 100%, and a free job", () => {
    expect(computeSplit(9_999, 0)).toEqual({ theirCutCents: 0, yourCutCents: 9_999 });
    expect(computeSplit(9_999, 100)).toEqual({ theirCutCents: 9_999, yourCutCents: 0 });
    expect(computeSplit(0, 60)).toEqual({ theirCutCents: 0, yourCutCents: 0 });
  });

  it.each([
    [-1, 60],
    [10.5, 60],
    [1_000, -1],
    [1_000, 101],
    [1_000, 60.5],
    [Number.NaN, 60],
  ])("refuses price %d at %d%%", (price, percent) => {
    expect(() => computeSplit(price, percent)).toThrow(RangeError);
  });

  it("says which number was wrong", () => {
    expect(() => computeSplit(-1, 60)).toThrow(
      "The price must be a whole number of cents >= 0, not -1",
    );
    expect(() => computeSplit(1_000, 101)).toThrow(
      "The cut must be a whole percent from 0 to 100, not 101",
    );
  });
});
