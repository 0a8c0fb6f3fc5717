import { describe, expect, it } from "vitest";
import { completePriceList, DEFAULT_PRICE_LIST, formatRange, unusualPrice } from "./price-list";

describe("the price check", () => {
  const lockout = { lowCents: 8_900, highCents: 15_000 };

  it("lets a price within three times the usual range through", () => {
    expect(unusualPrice(18_500, lockout)).toBeUndefined();
    expect(unusualPrice(45_000, lockout)).toBeUndefined();
    expect(unusualPrice(2_967, lockout)).toBeUndefined();
  });

  it("asks again about 1850 typed for 185, and about a price far below the usual", () => {
    expect(unusualPrice(185_000, lockout)).toBe(
      "$1,850.00 is more than 3 times the usual top price ($150.00)",
    );
    expect(unusualPrice(45_001, lockout)).toMatch(/more than 3 times/);
    expect(unusualPrice(1_850, lockout)).toBe(
      "$18.50 is less than a third of the usual lowest price ($89.00)",
    );
  });

  it("fills a stored list's missing or broken services from the defaults", () => {
    const list = completePriceList({
      emergency: { lowCents: 9_900, highCents: 17_500 },
      safes: { lowCents: 500, highCents: 100 },
      automotive: "cheap",
    });
    expect(list.emergency).toEqual({ lowCents: 9_900, highCents: 17_500 });
    expect(list.safes).toEqual(DEFAULT_PRICE_LIST.safes);
    expect(list.automotive).toEqual(DEFAULT_PRICE_LIST.automotive);
    expect(completePriceList(null)).toEqual(DEFAULT_PRICE_LIST);
    expect(completePriceList("emergency")).toEqual(DEFAULT_PRICE_LIST);
  });

  it("keeps a stored range only when both ends are whole cents, from zero, low to high", () => {
    const kept = (range: unknown) =>
      completePriceList({ rekeying: range }).rekeying !== DEFAULT_PRICE_LIST.rekeying;
    expect(kept({ lowCents: 0, highCents: 0 })).toBe(true);
    expect(kept({ lowCents: 4_000, highCents: 4_000 })).toBe(true);
    expect(kept({ lowCents: -1, highCents: 4_000 })).toBe(false);
    expect(kept({ lowCents: 4_001, highCents: 4_000 })).toBe(false);
    expect(kept({ lowCents: 10.5, highCents: 4_000 })).toBe(false);
    expect(kept({ lowCents: 100, highCents: 4_000.5 })).toBe(false);
    expect(kept({ lowCents: 100 })).toBe(false);
    expect(kept({ highCents: 100 })).toBe(false);
  });

  it("starts every service with a usual range, low to high", () => {
    for (const range of Object.values(DEFAULT_PRICE_LIST)) {
      expect(range.lowCents).toBeGreaterThan(0);
      expect(range.highCents).toBeGreaterThan(range.lowCents);
    }
    // The lockout the website advertises (decision 0036).
    expect(formatRange(DEFAULT_PRICE_LIST.emergency)).toBe("$89.00–$150.00");
  });

  it("writes a range as the office reads it", () => {
    expect(formatRange(lockout)).toBe("$89.00–$150.00");
  });
});
