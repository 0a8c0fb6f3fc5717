import { describe, expect, it } from "vitest";
import { arrivalWindow, introVariant, keywordsForTag, nearbyAreas } from "./city-page";

describe("introVariant", () => {
  it("is the sum of the name's character codes modulo 4", () => {
    // "Oak Lawn": 79+97+107+32+76+97+119+110 = 717; 717 % 4 = 1
    expect(introVariant("Oak Lawn")).toBe(1);
    // "Justice": 74+117+115+116+105+99+101 = 727; 727 % 4 = 3
    expect(introVariant("Justice")).toBe(3);
    expect(introVariant("")).toBe(0);
  });
});

describe("arrivalWindow", () => {
  it("promises 10-15 minutes in Chicago and 15-20 in the suburbs", () => {
    expect(arrivalWindow("Chicago")).toBe("10-15");
    expect(arrivalWindow("South Suburbs")).toBe("15-20");
    expect(arrivalWindow("Southwest Suburbs")).toBe("15-20");
  });
});

describe("keywordsForTag", () => {
  it("keeps the first 10 keywords", () => {
    const keywords = Array.from({ length: 16 }, (_, i) => `k${i}`);
    expect(keywordsForTag(keywords)).toEqual(keywords.slice(0, 10));
  });
});

describe("nearbyAreas", () => {
  const areas = Array.from({ length: 12 }, (_, i) => ({
    slug: `a${i}`,
    region: i < 10 ? "South Suburbs" : "Chicago",
    zipCodes: [String(60400 + i * 10)],
  }));

  it("gives up to 8 areas of the same region without the area itself", () => {
    const nearby = nearbyAreas(areas, areas[0]!);
    expect(nearby).toHaveLength(8);
    expect(nearby.map((area) => area.slug)).not.toContain("a0");
    expect(nearby.every((area) => area.region === "South Suburbs")).toBe(true);
  });

  it("puts the closest ZIP codes first", () => {
    expect(
      nearbyAreas(areas, areas[5]!)
        .map((area) => area.slug)
        .slice(0, 4),
    ).toEqual(["a4", "a6", "a3", "a7"]);
  });

  it("gives fewer when the region is small", () => {
    expect(nearbyAreas(areas, areas[10]!).map((a) => a.slug)).toEqual(["a11"]);
  });
});
