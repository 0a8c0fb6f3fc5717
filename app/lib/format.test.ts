import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatDateTime, formatTime } from "./format";

describe("date formatting", () => {
  it("uses Chicago time and plain spaces", () => {
    expect(formatDateTime(new Date("2026-11-22T03:30:00Z"))).toBe("Nov 21, 2026, 9:30 PM");
    expect(formatDate("2026-07-04T12:00:00Z")).toBe("Jul 4, 2026");
    expect(formatTime("2026-11-25T08:14:00Z")).toBe("2:14 AM");
  });

  it("writes what Intl's medium date and short time styles write in Chicago", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "America/Chicago",
    });
    for (let hours = 0; hours < 24 * 400; hours += 7) {
      const instant = new Date(Date.UTC(2026, 0, 1) + hours * 3_600_000 + hours * 60_000);
      expect(formatDateTime(instant)).toBe(intl.format(instant).replace(/[\u202f\u00a0]/g, " "));
    }
  });
});

describe("formatCount", () => {
  it("groups thousands the American way, as toLocaleString did", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1234)).toBe("1,234");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(-42)).toBe("-42");
    expect(formatCount(2.5)).toBe("2.5");
    expect(formatCount(1234.5)).toBe("1,234.5");
    for (const value of [7, 70, 700, 7000, 70_000, 700_000, 7_000_000, -7000, 123_456_789]) {
      expect(formatCount(value)).toBe(value.toLocaleString("en-US"));
    }
  });
});
