import { describe, expect, it } from "vitest";
import { featuredAreas } from "./featured-areas";
import { serviceAreas } from "./service-areas";
import { services } from "./services";
import { serviceTitles } from "./site-index";

describe("the site index (what every page loads)", () => {
  it("has every service's title, in order", () => {
    expect(Object.entries(serviceTitles)).toEqual(
      services.map((service) => [service.slug, service.title]),
    );
  });

  it("names the featured areas as the area list does", () => {
    expect(featuredAreas).toHaveLength(16);
    for (const { slug, name } of featuredAreas) {
      expect(serviceAreas.find((area) => area.slug === slug)?.name).toBe(name);
    }
  });
});
