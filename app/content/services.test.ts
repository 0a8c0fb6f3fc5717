import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_LIST } from "~/lib/money/price-list";
import { sitePrices } from "~/lib/money/site-prices";
import { getServicePage, servicePagesFor } from "./service-pages";
import { getService, mainServiceSlugs, servicePath, services } from "./services";
import type { InfoCard, ServiceDetailContent, ServiceSlug } from "./types";

/** The catalogue's order: the eight main services as the footer links them, then four more. */
const ORDER: ServiceSlug[] = [
  ...mainServiceSlugs,
  "storage-units",
  "mailboxes",
  "file-cabinets",
  "padlocks",
];

const PRICES = sitePrices(DEFAULT_PRICE_LIST);

function page(slug: ServiceSlug): ServiceDetailContent {
  const content = getServicePage(slug, PRICES);
  if (!content) throw new Error(`No page for ${slug}`);
  return content;
}

function cardItems(content: ServiceDetailContent): InfoCard[] {
  return content.blocks.flatMap((block) => (block.kind === "cards" ? block.items : []));
}

function listItems(content: ServiceDetailContent): string[] {
  return content.blocks.flatMap((block) => (block.kind === "list" ? block.items : []));
}

/** Every visible string on the page, for checking that a statement is made somewhere. */
function pageText(content: ServiceDetailContent): string {
  const parts: string[] = [content.hero.heading, content.hero.text, content.closing.text];
  for (const block of content.blocks) {
    switch (block.kind) {
      case "stats":
        parts.push(...block.items.flatMap((item) => [item.value, item.label]));
        break;
      case "cards":
        parts.push(
          ...block.items.flatMap((item) => [
            item.title,
            item.description,
            item.note ?? "",
            ...(item.bullets ?? []),
          ]),
        );
        break;
      case "steps":
        parts.push(...block.items.flatMap((item) => [item.title, item.description]));
        break;
      case "list":
        parts.push(...block.items);
        break;
      case "faq":
        parts.push(...block.items.flatMap((item) => [item.question, item.answer]));
        break;
    }
  }
  return parts.join("\n");
}

describe("service cards", () => {
  it("lists the twelve services in order with unique slugs", () => {
    expect(services.map((service) => service.slug)).toEqual(ORDER);
    expect(new Set(services.map((service) => service.slug)).size).toBe(12);
  });

  it("gives every card a description, exactly four features, an icon and alt text", () => {
    for (const service of services) {
      expect(service.features).toHaveLength(4);
      expect(service.description.length).toBeGreaterThan(0);
      expect(service.alt.length).toBeGreaterThan(0);
      expect(service.icon).toBeTruthy();
    }
  });

  it("has eight main service slugs that all exist", () => {
    expect(mainServiceSlugs).toHaveLength(8);
    for (const slug of mainServiceSlugs) expect(getService(slug)?.slug).toBe(slug);
  });

  it("looks services up by slug and builds their paths", () => {
    expect(getService("rekeying")?.title).toBe("Lock Rekeying");
    expect(getService("nope")).toBeUndefined();
    expect(servicePath("smart-locks")).toBe("/services/smart-locks");
  });
});

describe("service detail pages", () => {
  it("has a page for every service, keyed by its own slug", () => {
    expect(Object.keys(servicePagesFor(PRICES)).sort()).toEqual([...ORDER].sort());
    for (const slug of ORDER) expect(page(slug).slug).toBe(slug);
  });

  it("does not return inherited object properties as pages", () => {
    expect(getServicePage("constructor", PRICES)).toBeUndefined();
    expect(getServicePage("toString", PRICES)).toBeUndefined();
    expect(getServicePage("unknown", PRICES)).toBeUndefined();
  });

  it("starts every hero with a call action and closes with call-to-actions", () => {
    for (const slug of ORDER) {
      const content = page(slug);
      expect(content.hero.ctas[0]?.action, slug).toBe("call");
      expect(content.closing.ctas.length, slug).toBeGreaterThan(0);
      expect(content.closing.ctas[0]?.action, slug).toBe("call");
      expect(content.closing.heading.length, slug).toBeGreaterThan(0);
      expect(content.closing.text.length, slug).toBeGreaterThan(0);
    }
  });

  it("keeps SEO titles and descriptions within limits", () => {
    for (const slug of ORDER) {
      const { seo } = page(slug);
      expect(seo.title.length, `${slug}: ${seo.title}`).toBeLessThanOrEqual(60);
      expect(seo.description.length, `${slug}: ${seo.description}`).toBeGreaterThanOrEqual(50);
      expect(seo.description.length, `${slug}: ${seo.description}`).toBeLessThanOrEqual(170);
      expect(seo.keywords.length, slug).toBeGreaterThanOrEqual(6);
      expect(seo.keywords.length, slug).toBeLessThanOrEqual(10);
    }
  });

  it("has a three-question FAQ on every page", () => {
    for (const slug of ORDER) {
      const faqs = page(slug).blocks.filter((block) => block.kind === "faq");
      expect(faqs, slug).toHaveLength(1);
      expect(faqs[0]?.kind === "faq" ? faqs[0].items : [], slug).toHaveLength(3);
    }
  });

  it("lists domestic, Asian and European makes, as its intro says, and more", () => {
    const makes = listItems(page("automotive"));
    for (const make of ["Ford", "Jeep", "Toyota", "Hyundai", "BMW", "Audi"]) {
      expect(makes).toContain(make);
    }
    expect(makes.at(-1)).toBe("And more");
  });

  it("shows the six smart lock types", () => {
    const titles = cardItems(page("smart-locks")).map((card) => card.title);
    for (const type of ["WiFi", "Bluetooth", "Keypad", "Biometric", "Z-Wave", "Hybrid"]) {
      expect(titles).toContain(type);
    }
  });

  it("states proof of ownership for storage units, mailboxes and padlocks", () => {
    for (const slug of ["storage-units", "mailboxes", "padlocks"] as const) {
      const notes = cardItems(page(slug)).map((card) => card.note ?? "");
      expect(
        notes.some((note) => /proof of ownership/i.test(note)),
        slug,
      ).toBe(true);
    }
  });

  it("states that high-security key duplication needs authorization", () => {
    const highSecurity = cardItems(page("key-duplication")).find((card) =>
      /high-security/i.test(card.title),
    );
    expect(highSecurity?.note).toMatch(/authorization required/i);
  });

  it("says rekeying takes under 30 minutes", () => {
    expect(pageText(page("rekeying"))).toMatch(/under 30 minutes/);
  });

  it("states prices from the price list it is given, and no other", () => {
    const changed = sitePrices({
      ...DEFAULT_PRICE_LIST,
      emergency: { lowCents: 9_900, highCents: 17_500 },
      rekeying: { lowCents: 3_000, highCents: 12_000 },
    });
    const emergency = pageText(getServicePage("emergency", changed)!);
    expect(emergency).toContain("$99");
    expect(emergency).not.toContain("$89");
    expect(pageText(getServicePage("rekeying", changed)!)).toContain("$30–$120 per lock");
  });

  it("uses the business facts for arrival and prices", () => {
    const emergency = pageText(page("emergency"));
    expect(emergency).toContain("15 min");
    expect(emergency).toContain("30 min");
    expect(emergency).toContain("$89");
    expect(pageText(page("rekeying"))).toContain("$25–$150 per lock");
    expect(pageText(page("emergency"))).not.toContain("$75");
  });
});
