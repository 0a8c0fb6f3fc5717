import { describe, expect, it } from "vitest";
import { necDue, necThreshold } from "./threshold";

describe("the 1099-NEC threshold by payment year", () => {
  it("is $600 for payments through 2025", () => {
    expect(necThreshold(2020)).toEqual({ year: 2020, cents: 60_000, known: true });
    expect(necThreshold(2024).cents).toBe(60_000);
    expect(necThreshold(2025).cents).toBe(60_000);
  });

  it("is $2,000 for payments from 2026", () => {
    expect(necThreshold(2026)).toEqual({ year: 2026, cents: 200_000, known: true });
  });

  it("keeps the last amount for a later year and says it is not known", () => {
    expect(necThreshold(2027)).toEqual({ year: 2027, cents: 200_000, known: false });
  });

  it("is due at the threshold itself, not a cent below", () => {
    expect(necDue(60_000, 2025)).toBe(true);
    expect(necDue(59_999, 2025)).toBe(false);
    expect(necDue(199_999, 2026)).toBe(false);
    expect(necDue(200_000, 2026)).toBe(true);
    // The same $1,500 is reported for 2025 and not for 2026.
    expect(necDue(150_000, 2025)).toBe(true);
    expect(necDue(150_000, 2026)).toBe(false);
  });

  it("refuses what is not a year", () => {
    expect(() => necThreshold(2025.5)).toThrow(RangeError);
  });
});
