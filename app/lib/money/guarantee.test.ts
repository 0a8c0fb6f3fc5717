import { describe, expect, it } from "vitest";
import {
  GUARANTEE_DAYS,
  GUARANTEE_TERMS,
  guaranteeEndsAt,
  guaranteeLastDay,
  guaranteeLine,
  guaranteeOpen,
} from "./guarantee";

describe("the service guarantee", () => {
  // 2:00 PM Chicago (CST) on Nov 20, 2026.
  const completed = new Date("2026-11-20T20:00:00Z");

  it("runs 90 days after the day of the job, through the end of the last one (Chicago)", () => {
    expect(GUARANTEE_DAYS).toBe(90);
    // Nov 20 + 90 days is Feb 18, 2027; it ends at Chicago's midnight after it (CST, 06:00 UTC).
    expect(guaranteeLastDay(completed)).toBe("Feb 18, 2027");
    expect(guaranteeEndsAt(completed).toISOString()).toBe("2027-02-19T06:00:00.000Z");
  });

  it("is open on its last evening and closed a minute after midnight", () => {
    expect(guaranteeOpen(completed, new Date("2027-02-19T05:59:00Z"))).toBe(true);
    expect(guaranteeOpen(completed, new Date("2027-02-19T06:00:00Z"))).toBe(false);
    expect(guaranteeOpen(completed, completed)).toBe(true);
  });

  it("counts Chicago days: a job late at night is dated by Chicago's clock, across a clock change", () => {
    // 11:30 PM CDT on Oct 31, 2026 is Nov 1 in UTC; the job's day is Oct 31 (Chicago).
    const late = new Date("2026-11-01T04:30:00Z");
    expect(guaranteeLastDay(late)).toBe("Jan 29, 2027");
    expect(guaranteeEndsAt(late).toISOString()).toBe("2027-01-30T06:00:00.000Z");
  });

  it("says when it runs to, or that it ended", () => {
    expect(guaranteeLine(completed, new Date("2026-12-01T00:00:00Z"))).toBe(
      "Guaranteed through Feb 18, 2027",
    );
    expect(guaranteeLine(completed, new Date("2027-03-01T00:00:00Z"))).toBe(
      "The guarantee ended on Feb 18, 2027",
    );
  });

  it("states the days in its terms", () => {
    expect(GUARANTEE_TERMS).toContain("within 90 days");
  });
});
