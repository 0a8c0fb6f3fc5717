import { describe, expect, it } from "vitest";
import { anniversary, isPastRetention, keptYears, purgeAt } from "./retention";

const three = { years: 3, legalMinimumYears: 3 };

describe("the retention rule: N years in Chicago's calendar, then purged", () => {
  it("keeps a record through the anniversary day and purges it at the next Chicago midnight", () => {
    // Recorded 2026-06-15 at 10:00 in Chicago (CDT, UTC-5).
    const recorded = new Date("2026-06-15T15:00:00Z");
    // 2029-06-16 00:00 CDT is 05:00 UTC.
    expect(purgeAt(recorded, three).toISOString()).toBe("2029-06-16T05:00:00.000Z");
  });

  it("counts Chicago's day, not UTC's: 11:30 PM in Chicago is the same day", () => {
    // 2026-03-07 23:30 CST is 2026-03-08 05:30 UTC (already the 8th in UTC).
    const recorded = new Date("2026-03-08T05:30:00Z");
    // Kept through 2029-03-07; purged at 2029-03-08 00:00 CST (06:00 UTC).
    expect(purgeAt(recorded, three).toISOString()).toBe("2029-03-08T06:00:00.000Z");
  });

  it("lands on local midnight across a daylight-saving change (recorded in winter, purged in summer)", () => {
    // Three years on, 2029-03-11 is the day Chicago's clocks spring forward (at 2 AM).
    const recorded = new Date("2026-03-10T18:00:00Z"); // March 10, noon CST
    // Last day 2029-03-10; purge 2029-03-11 00:00 CST = 06:00 UTC (the change is at 2 AM).
    expect(purgeAt(recorded, three).toISOString()).toBe("2029-03-11T06:00:00.000Z");
    // Recorded in winter time, purged on 2029-11-04, the day clocks fall back (at 2 AM): its
    // midnight is still summer time.
    const autumn = new Date("2026-11-03T17:00:00Z");
    expect(purgeAt(autumn, three).toISOString()).toBe("2029-11-04T05:00:00.000Z");
    // Recorded late on 2026-03-08, the day clocks sprang forward: 23:30 CDT.
    const spring = new Date("2026-03-09T04:30:00Z");
    expect(purgeAt(spring, three).toISOString()).toBe("2029-03-09T06:00:00.000Z");
  });

  it("is past retention from the purge instant on, not a minute before", () => {
    const recorded = new Date("2026-06-15T15:00:00Z");
    const at = purgeAt(recorded, three);
    expect(isPastRetention(recorded, three, new Date(at.getTime() - 60_000))).toBe(false);
    expect(isPastRetention(recorded, three, at)).toBe(true);
  });

  it("keeps a record of February 29 until March 1's anniversary: never less than N years", () => {
    expect(anniversary({ year: 2028, month: 2, day: 29 }, 3)).toEqual({
      year: 2031,
      month: 3,
      day: 1,
    });
    expect(anniversary({ year: 2028, month: 2, day: 29 }, 4)).toEqual({
      year: 2032,
      month: 2,
      day: 29,
    });
  });

  it("never keeps records less than the legal minimum the business entered", () => {
    expect(keptYears({ years: 2, legalMinimumYears: 3 })).toBe(3);
    expect(keptYears({ years: 5, legalMinimumYears: 3 })).toBe(5);
    const recorded = new Date("2026-06-15T15:00:00Z");
    expect(purgeAt(recorded, { years: 1, legalMinimumYears: 4 }).toISOString()).toBe(
      "2030-06-16T05:00:00.000Z",
    );
  });
});
