import { describe, expect, it } from "vitest";
import { cityDetails, cityKeywords, getCityDetail } from "./cities";
import { REGIONS, serviceAreas } from "./service-areas";

const inRegion = (region: string) => serviceAreas.filter((area) => area.region === region);
const named = (name: string) => serviceAreas.filter((area) => area.name === name);
const bySlug = (slug: string) => serviceAreas.find((area) => area.slug === slug);
const kebab = (name: string) =>
  name
    .toLowerCase()
    .replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

describe("serviceAreas", () => {
  it("has 30 Chicago neighbourhoods, 25 South Suburbs and 24 Southwest Suburbs", () => {
    expect(inRegion("Chicago")).toHaveLength(30);
    expect(inRegion("South Suburbs")).toHaveLength(25);
    expect(inRegion("Southwest Suburbs")).toHaveLength(24);
    expect(serviceAreas).toHaveLength(79);
  });

  it("uses only the three regions, listed in region order", () => {
    expect(REGIONS).toEqual(["Chicago", "South Suburbs", "Southwest Suburbs"]);
    const regionIndexes = serviceAreas.map((area) => REGIONS.indexOf(area.region));
    expect(regionIndexes.every((index) => index >= 0)).toBe(true);
    expect(regionIndexes).toEqual([...regionIndexes].sort((a, b) => a - b));
  });

  it("has unique slugs", () => {
    const slugs = serviceAreas.map((area) => area.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("gives Chicago neighbourhoods chicago-{first ZIP}-{name} slugs and a Chicago display name", () => {
    for (const area of inRegion("Chicago")) {
      expect(area.slug, area.name).toMatch(/^chicago-\d{5}-[a-z0-9-]+$/);
      expect(area.slug).toBe(`chicago-${area.zipCodes[0]}-${kebab(area.name)}`);
      expect(area.displayName).toMatch(
        area.name === "Downtown Chicago"
          ? /^Downtown Chicago \(The Loop\)$/
          : new RegExp(`^${area.name}, Chicago$`),
      );
    }
  });

  it("gives suburbs plain kebab-case slugs and an IL display name", () => {
    for (const area of serviceAreas.filter((candidate) => candidate.region !== "Chicago")) {
      expect(area.slug, area.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(area.slug, area.name).toBe(kebab(area.name));
      // "chicago-heights" and "chicago-ridge" are fine; a ZIP prefix is for neighbourhoods only.
      expect(area.slug, area.name).not.toMatch(/^chicago-\d{5}-/);
      expect(area.displayName).toBe(`${area.name}, IL`);
    }
  });

  it("lists at least one ZIP for every area, each 5 digits and none twice", () => {
    for (const area of serviceAreas) {
      expect(area.zipCodes.length, area.name).toBeGreaterThan(0);
      expect(new Set(area.zipCodes).size, area.name).toBe(area.zipCodes.length);
      for (const zip of area.zipCodes) expect(zip, area.name).toMatch(/^\d{5}$/);
    }
  });

  it("shares ZIPs where the places really do", () => {
    expect(bySlug("summit")?.zipCodes).toContain("60501");
    expect(bySlug("bedford-park")?.zipCodes).toContain("60501");
    expect(bySlug("crestwood")?.zipCodes).toContain("60445");
    expect(bySlug("midlothian")?.zipCodes).toContain("60445");
  });

  it("has Riverdale once in Chicago and once in the South Suburbs", () => {
    const riverdales = named("Riverdale");
    expect(riverdales.map((area) => area.region).sort()).toEqual(["Chicago", "South Suburbs"]);
    expect(bySlug("chicago-60827-riverdale")?.region).toBe("Chicago");
    expect(bySlug("riverdale")?.region).toBe("South Suburbs");
    expect(bySlug("riverdale")?.zipCodes).toEqual(["60827"]);
  });

  it("has Downtown Chicago", () => {
    const downtown = named("Downtown Chicago");
    expect(downtown).toHaveLength(1);
    expect(downtown[0]?.slug).toBe("chicago-60601-downtown-chicago");
    expect(downtown[0]?.region).toBe("Chicago");
  });
});

describe("cityDetails", () => {
  it("has a detail with the same slug, name and region for every area", () => {
    for (const area of serviceAreas) {
      const detail = getCityDetail(area.slug);
      expect(detail, area.slug).toBeDefined();
      expect(detail?.slug).toBe(area.slug);
      expect(detail?.name).toBe(area.name);
      expect(detail?.region).toBe(area.region);
    }
  });

  it("has no slugs beyond the service areas", () => {
    const areaSlugs = serviceAreas.map((area) => area.slug).sort();
    expect(Object.keys(cityDetails).sort()).toEqual(areaSlugs);
    for (const [slug, detail] of Object.entries(cityDetails)) expect(detail.slug).toBe(slug);
  });

  it("gives every city 1-2 landmarks and 4 distinct major streets", () => {
    for (const detail of Object.values(cityDetails)) {
      expect(detail.landmarks.length, detail.slug).toBeGreaterThanOrEqual(1);
      expect(detail.landmarks.length, detail.slug).toBeLessThanOrEqual(2);
      expect(detail.majorStreets, detail.slug).toHaveLength(4);
      expect(new Set(detail.majorStreets).size, detail.slug).toBe(4);
      for (const text of [...detail.landmarks, ...detail.majorStreets]) {
        expect(text.trim(), detail.slug).toBe(text);
        expect(text.length, detail.slug).toBeGreaterThan(0);
      }
    }
  });

  it("keeps expressways out of the first three streets, which city copy puts in sentences", () => {
    for (const detail of Object.values(cityDetails)) {
      for (const street of detail.majorStreets.slice(0, 3)) {
        expect(street, detail.slug).not.toMatch(/Interstate|Route \d|Freeway|Expressway/);
      }
    }
  });

  it("gives every city its 16 keywords, each naming the city", () => {
    for (const detail of Object.values(cityDetails)) {
      expect(detail.keywords, detail.slug).toHaveLength(16);
      expect(new Set(detail.keywords).size, detail.slug).toBe(16);
      expect(detail.keywords).toEqual(cityKeywords(detail.name));
      for (const keyword of detail.keywords) expect(keyword, detail.slug).toContain(detail.name);
    }
  });

  // The 16 keyword patterns of docs/spec/public-site.md §3 (city record).
  it("builds keywords from the spec's 16 patterns, in order", () => {
    expect(cityKeywords("Oak Lawn")).toEqual([
      "locksmith near me Oak Lawn",
      "emergency locksmith Oak Lawn",
      "24 hour locksmith Oak Lawn",
      "car lockout Oak Lawn",
      "cheap locksmith Oak Lawn",
      "mobile locksmith Oak Lawn",
      "locksmith open now Oak Lawn",
      "commercial locksmith Oak Lawn",
      "residential locksmith Oak Lawn",
      "house lockout Oak Lawn",
      "rekey locks Oak Lawn",
      "lock change Oak Lawn",
      "lost car key replacement Oak Lawn",
      "key duplication Oak Lawn",
      "locksmith for businesses Oak Lawn",
      "storefront lock repair Oak Lawn",
    ]);
  });

  it("returns undefined for unknown slugs, including inherited object keys", () => {
    expect(getCityDetail("atlantis")).toBeUndefined();
    expect(getCityDetail("constructor")).toBeUndefined();
    expect(getCityDetail("__proto__")).toBeUndefined();
  });
});
