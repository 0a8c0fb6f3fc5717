import { describe, expect, it } from "vitest";
import { promisedFreeCharge } from "./promised-charges";

describe("charges the site promises never to make", () => {
  it.each([
    ["Trip charge", "the trip"],
    ["Travel", "the trip"],
    ["Mileage (22 mi)", "the trip"],
    ["Service call", "coming out"],
    ["Call-out fee", "coming out"],
    ["Dispatch fee", "coming out"],
    // Written together, or split by a hyphen or a space, each is the same charge.
    ["Servicecall", "coming out"],
    ["Callout", "coming out"],
    ["Show-up fee", "coming out"],
    ["Showup fee", "coming out"],
    ["Show up", "coming out"],
    ["Afterhours", "the hour"],
    ["After-hour rate", "the hour"],
    ["After-hours service", "the hour"],
    ["After hours", "the hour"],
    ["Holiday rate", "the hour"],
    ["Emergency surcharge", "the hour"],
    ["Estimate", "the estimate"],
    ["Diagnostic fee", "the estimate"],
  ])("refuses %s (charging for %s)", (label, what) => {
    expect(promisedFreeCharge(label)).toBe(
      `We promise no trip charges and free estimates: no line may charge for ${what}. Price the work itself.`,
    );
  });

  it.each([
    "Lockout",
    "Rekey 3 cylinders",
    "Kwikset deadbolt",
    "Transponder key",
    "Labor",
    "Emergency lockout",
  ])("takes %s: a charge for the work", (label) => expect(promisedFreeCharge(label)).toBeNull());
});
