import { describe, expect, it } from "vitest";
import { daysUntil, isLapsed, lapsesOf, remindersFor, sendAnywayQuestion } from "./lapse";

const TODAY = "2026-11-29";

describe("a lapsed document", () => {
  it("is one whose last day is before today: the last day itself still counts", () => {
    expect(isLapsed("2026-11-28", TODAY)).toBe(true);
    expect(isLapsed("2026-11-29", TODAY)).toBe(false);
    expect(isLapsed("2026-11-30", TODAY)).toBe(false);
    expect(isLapsed(null, TODAY)).toBe(false);
  });

  it("is the license (with a number on file) and the insurance, license first", () => {
    const license = { number: "153.000123", expiresOn: "2026-10-01" };
    expect(lapsesOf({ license, insuranceExpiresOn: "2026-11-03" }, TODAY)).toEqual([
      { kind: "license", expiredOn: "2026-10-01" },
      { kind: "insurance", expiredOn: "2026-11-03" },
    ]);
    // A date without a license number is not a license (as before, decision 0036).
    expect(
      lapsesOf(
        { license: { number: null, expiresOn: "2026-10-01" }, insuranceExpiresOn: null },
        TODAY,
      ),
    ).toEqual([]);
    // Missing insurance is not lapsed insurance.
    expect(
      lapsesOf({ license: { number: "153.1", expiresOn: null }, insuranceExpiresOn: null }, TODAY),
    ).toEqual([]);
  });

  it("asks the office the question the issue names", () => {
    expect(sendAnywayQuestion([{ kind: "insurance", expiredOn: "2026-11-03" }], TODAY)).toBe(
      "Insurance expired Nov 3: send anyway?",
    );
    expect(
      sendAnywayQuestion(
        [
          { kind: "license", expiredOn: "2025-12-31" },
          { kind: "insurance", expiredOn: "2026-11-03" },
        ],
        TODAY,
      ),
    ).toBe("License expired Dec 31, 2025 and insurance expired Nov 3: send anyway?");
  });
});

describe("reminders before a last day", () => {
  it("come 30 and 7 days before, Chicago calendar days (across a month end)", () => {
    expect(remindersFor("2027-02-15", TODAY)).toEqual([
      { days: 30, on: "2027-01-16" },
      { days: 7, on: "2027-02-08" },
    ]);
  });

  it("come once at once when the 30 days have begun, then at 7", () => {
    expect(remindersFor("2026-12-19", TODAY)).toEqual([
      { days: 7, on: "2026-12-12" },
      { days: 30, on: TODAY },
    ]);
  });

  it("come only once inside the last week, and never for a day already past", () => {
    expect(remindersFor("2026-12-03", TODAY)).toEqual([{ days: 7, on: TODAY }]);
    expect(remindersFor("2026-11-29", TODAY)).toEqual([{ days: 7, on: TODAY }]);
    expect(remindersFor("2026-11-28", TODAY)).toEqual([]);
  });

  it("count whole calendar days", () => {
    expect(daysUntil("2026-12-29", TODAY)).toBe(30);
    expect(daysUntil("2027-03-15", "2027-03-14")).toBe(1);
  });
});
