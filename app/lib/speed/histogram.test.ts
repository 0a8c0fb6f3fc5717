import { describe, expect, it } from "vitest";
import { bucketOf, bucketUpperBound, deviceClass, LAST_BUCKET, percentile75 } from "./histogram";

describe("speed histograms", () => {
  it("counts a value in a bucket whose upper bound is above it, within 10 %", () => {
    for (const value of [1, 7, 180, 199, 200, 2499, 2500, 60_000]) {
      const bound = bucketUpperBound("LCP", bucketOf("LCP", value));
      expect(bound).toBeGreaterThan(value);
      expect(bound).toBeLessThanOrEqual(value * 1.1 + 1e-9);
    }
  });

  it("keeps CLS scores apart in thousandths", () => {
    expect(bucketUpperBound("CLS", bucketOf("CLS", 0.1))).toBeCloseTo(0.11, 2);
    expect(bucketOf("CLS", 0)).toBe(0);
  });

  it("puts nonsense and the very slow at the ends", () => {
    expect(bucketOf("INP", -5)).toBe(0);
    expect(bucketOf("INP", Number.NaN)).toBe(0);
    expect(bucketOf("INP", 1e12)).toBe(LAST_BUCKET);
  });

  it("reads the 75th percentile back from the counts", () => {
    const counts = [120, 150, 180, 900].map((value) => ({
      bucket: bucketOf("INP", value),
      count: 1,
    }));
    // Three of four at or under 180 ms: the p75 is 180's bucket, not 900's.
    const p75 = percentile75("INP", counts)!;
    expect(p75).toBeGreaterThan(180);
    expect(p75).toBeLessThan(200);
    expect(percentile75("INP", [])).toBeNull();
  });

  it("classes devices by width and the browser's own word", () => {
    expect(deviceClass(375)).toBe("phone");
    expect(deviceClass(1280, true)).toBe("phone");
    expect(deviceClass(800)).toBe("tablet");
    expect(deviceClass(1280)).toBe("desktop");
  });
});
