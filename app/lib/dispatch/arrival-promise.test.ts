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

  it("holds an emergency in Chicago to 15 minutes and in the suburbs to 20, the city pages' upper ends", () => {
    expect(promisedArrivalMinutes("emergency", "chicago")).toBe(15);
    expect(promisedArrivalMinutes("emergency", "suburbs")).toBe(20);
    expect(promisedArrivalMinutes("emergency", null)).toBe(30);
    expect(promisedArrivalMinutes("rekeying", "chicago")).toBeNull();
    expect(estimateOverPromise("emergency", 15, "chicago")).toBeNull();
    expect(estimateOverPromise("emergency", 16, "chicago")).toBe(15);
    expect(estimateOverPromise("emergency", 20, "suburbs")).toBeNull();
    expect(estimateOverPromise("emergency", 21, "suburbs")).toBe(20);
    expect(estimateOverPromise("residential", 90, "chicago")).toBeNull();
  });

  it("names the area in the question when it is known", () => {
    expect(ARRIVAL_PROMISE_TEXT.reasonNeeded(15, 25, "chicago")).toBe(
      "Emergencies in Chicago are promised within 15 minutes: say why you need 25. The office is told and may send someone nearer.",
    );
    expect(ARRIVAL_PROMISE_TEXT.reasonNeeded(30, 90)).toBe(
      "Emergencies are promised within 30 minutes: say why you need 90. The office is told and may send someone nearer.",
    );
  });

  it("tells the office the estimate, the promise, the reason and who else could go", () => {
    expect(ARRIVAL_PROMISE_TEXT.alertDetail(90, 30, "Stuck on I-90", "Bo Birch")).toBe(
      '90 min estimate, 30 promised: "Stuck on I-90". Next nearest free: Bo Birch',
    );
    expect(ARRIVAL_PROMISE_TEXT.alertDetail(45, 20, "Far", null)).toBe(
      '45 min estimate, 20 promised: "Far". No other locksmith is free',
    );
  });
});
