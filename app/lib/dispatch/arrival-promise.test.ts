import { describe, expect, it } from "vitest";
import {
  ARRIVAL_PROMISE_TEXT,
  estimateOverPromise,
  promisedArrivalMinutes,
} from "./arrival-promise";

describe("the arrival promise", () => {
  it("promises 30 minutes for an emergency lockout, and nothing for other services", () => {
    expect(promisedArrivalMinutes("emergency")).toBe(30);
    expect(promisedArrivalMinutes("rekeying")).toBeNull();
    expect(promisedArrivalMinutes("automotive")).toBeNull();
  });

  it("an emergency estimate above 30 minutes breaks it; 30 keeps it", () => {
    expect(estimateOverPromise("emergency", 30)).toBeNull();
    expect(estimateOverPromise("emergency", 31)).toBe(30);
    expect(estimateOverPromise("emergency", 90)).toBe(30);
    expect(estimateOverPromise("residential", 90)).toBeNull();
  });

  it("tells the office the estimate, the reason and who else could go", () => {
    expect(ARRIVAL_PROMISE_TEXT.alertDetail(90, "Stuck on I-90", "Bo Birch")).toBe(
      '90 min estimate: "Stuck on I-90". Next nearest free: Bo Birch',
    );
    expect(ARRIVAL_PROMISE_TEXT.alertDetail(45, "Far", null)).toBe(
      '45 min estimate: "Far". No other locksmith is free',
    );
  });
});
