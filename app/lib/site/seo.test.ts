import { describe, expect, it } from "vitest";
import { TEST_BUSINESS } from "../../../tests/helpers/business-contact";
import { businessFromMatches, pageMeta } from "./seo";

const business = TEST_BUSINESS;

/** The content of the first tag with this name or property. */
function tag(meta: ReturnType<typeof pageMeta>, key: string): unknown {
  const found = meta.find(
    (item) =>
      (item as { name?: string }).name === key || (item as { property?: string }).property === key,
  );
  return (found as { content?: unknown } | undefined)?.content;
}

describe("pageMeta", () => {
  const meta = pageMeta(business, {
    title: "Padlocks | Lockline Locksmith",
    description: "Padlock installation and emergency access.",
    keywords: ["padlock", "locksmith"],
    path: "/services/padlocks",
  });

  it("gives the title, description, keywords and the canonical URL", () => {
    expect(meta).toContainEqual({ title: "Padlocks | Lockline Locksmith" });
    expect(tag(meta, "description")).toBe("Padlock installation and emergency access.");
    expect(tag(meta, "keywords")).toBe("padlock, locksmith");
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://lockline.example/services/padlocks",
    });
  });

  it("gives social previews with the 1200x630 image", () => {
    expect(tag(meta, "og:url")).toBe("https://lockline.example/services/padlocks");
    expect(tag(meta, "og:image")).toBe("https://lockline.example/og-image.png");
    expect(tag(meta, "og:image:width")).toBe("1200");
    expect(tag(meta, "og:image:height")).toBe("630");
    expect(tag(meta, "twitter:card")).toBe("summary_large_image");
    // Both previews describe the image for people who cannot see it.
    expect(tag(meta, "og:image:alt")).toMatch(/24\/7 locksmith/);
    expect(tag(meta, "twitter:image:alt")).toBe(tag(meta, "og:image:alt"));
  });

  it("adds breadcrumbs where the path has more than one segment", () => {
    const jsonLd = meta.filter((item) => "script:ld+json" in item);
    expect(jsonLd).toHaveLength(1);
    const home = pageMeta(business, { title: "Home", description: "d", path: "/" });
    expect(home.filter((item) => "script:ld+json" in item)).toHaveLength(0);
  });

  it("marks a page noindex only when asked", () => {
    expect(tag(meta, "robots")).toBeUndefined();
    const hidden = pageMeta(business, { title: "T", description: "d", path: "/x", noindex: true });
    expect(tag(hidden, "robots")).toBe("noindex");
  });
});

describe("businessFromMatches", () => {
  it("reads the business from the root loader's data", () => {
    expect(businessFromMatches([{ id: "root", loaderData: { business } }])).toBe(business);
  });

  it("says so when the root data is missing", () => {
    expect(() => businessFromMatches([{ id: "routes/x" }])).toThrow(/Root loader data/);
  });
});
