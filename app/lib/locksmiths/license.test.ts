import { describe, expect, it } from "vitest";
import {
  LICENSE_WARNING_DAYS,
  latestLicenseExpiry,
  licenseDayLabel,
  licenseStanding,
  licenseToShow,
  licenseToday,
} from "./license";

const TODAY = "2026-11-26";

describe("a locksmith's license", () => {
  it("is none without a number, whatever the date", () => {
    expect(licenseStanding({ number: null, expiresOn: "2027-01-01" }, TODAY)).toEqual({
      kind: "none",
    });
  });

  it("is valid with a number and no expiry on file, or an expiry past the warning", () => {
    expect(licenseStanding({ number: "153.012345", expiresOn: null }, TODAY)).toEqual({
      kind: "valid",
      expiresOn: null,
    });
    expect(licenseStanding({ number: "153.012345", expiresOn: "2027-02-28" }, TODAY)).toEqual({
      kind: "valid",
      expiresOn: "2027-02-28",
    });
  });

  it("is expiring from 30 days before its last day, through that day", () => {
    expect(LICENSE_WARNING_DAYS).toBe(30);
    expect(licenseStanding({ number: "153.1", expiresOn: "2026-12-27" }, TODAY).kind).toBe("valid");
    expect(licenseStanding({ number: "153.1", expiresOn: "2026-12-26" }, TODAY)).toEqual({
      kind: "expiring",
      expiresOn: "2026-12-26",
      daysLeft: 30,
    });
    // Across the DST change of 2027-03-14: calendar days, not 24-hour steps.
    expect(licenseStanding({ number: "153.1", expiresOn: "2027-03-20" }, "2027-03-10")).toEqual({
      kind: "expiring",
      expiresOn: "2027-03-20",
      daysLeft: 10,
    });
    expect(licenseStanding({ number: "153.1", expiresOn: TODAY }, TODAY)).toEqual({
      kind: "expiring",
      expiresOn: TODAY,
      daysLeft: 0,
    });
  });

  it("is expired from the day after its last day, and is then not shown to customers", () => {
    expect(licenseStanding({ number: "153.1", expiresOn: "2026-11-25" }, TODAY)).toEqual({
      kind: "expired",
      expiresOn: "2026-11-25",
    });
    expect(licenseToShow({ number: "153.1", expiresOn: "2026-11-25" }, TODAY)).toBeNull();
    expect(licenseToShow({ number: "153.1", expiresOn: TODAY }, TODAY)).toBe("153.1");
    expect(licenseToShow({ number: "153.1", expiresOn: null }, TODAY)).toBe("153.1");
    expect(licenseToShow({ number: null, expiresOn: null }, TODAY)).toBeNull();
  });

  it("reads today in Chicago: 11 p.m. there is already tomorrow in UTC", () => {
    expect(licenseToday(new Date("2026-11-27T04:30:00Z"))).toBe("2026-11-26");
    expect(licenseToday(new Date("2026-11-27T06:30:00Z"))).toBe("2026-11-27");
  });

  it("shows its day as the calendar day, in no time zone", () => {
    expect(licenseDayLabel("2027-02-28")).toBe("Feb 28, 2027");
  });

  it("takes an expiry at most ten years ahead", () => {
    expect(latestLicenseExpiry(TODAY)).toBe("2036-11-26");
  });
});
