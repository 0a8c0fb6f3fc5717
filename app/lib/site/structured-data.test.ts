import { describe, expect, it } from "vitest";
import { TEST_BUSINESS } from "../../../tests/helpers/business-contact";
import { breadcrumbJsonLd, faqJsonLd, locksmithJsonLd, serviceJsonLd } from "./structured-data";

const business = TEST_BUSINESS;

describe("locksmithJsonLd", () => {
  it("describes the business, open 24/7, with the configured contact", () => {
    const data = locksmithJsonLd(business, { areaNames: ["Oak Lawn"], serviceRadius: 50000 });
    expect(data).toMatchObject({
      "@type": "Locksmith",
      "@id": "https://lockline.example/#business",
      name: "Lockline Locksmith",
      telephone: "+13125550147",
      currenciesAccepted: "USD",
      paymentAccepted: "Cash, Credit Card, Debit Card",
      openingHoursSpecification: { opens: "00:00", closes: "23:59" },
    });
    expect(data.areaServed).toEqual([
      expect.objectContaining({ "@type": "GeoCircle", geoRadius: 50000 }),
      { "@type": "Place", name: "Oak Lawn, IL" },
    ]);
  });

  it("claims a rating only when there are reviews to back it", () => {
    expect(locksmithJsonLd(business, { areaNames: [] })).not.toHaveProperty("aggregateRating");
    expect(
      locksmithJsonLd(business, {
        areaNames: [],
        rating: { ratingValue: 4.8, reviewCount: 12 },
      }).aggregateRating,
    ).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.8,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
  });
});

describe("the other page types", () => {
  it("numbers breadcrumbs from 1 with absolute URLs", () => {
    const data = breadcrumbJsonLd(
      [
        { label: "Home", path: "/" },
        { label: "Services", path: "/services" },
      ],
      business.siteUrl,
    );
    expect(data.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://lockline.example/" },
      {
        "@type": "ListItem",
        position: 2,
        name: "Services",
        item: "https://lockline.example/services",
      },
    ]);
  });

  it("turns FAQs into questions with accepted answers", () => {
    expect(faqJsonLd([{ question: "Q?", answer: "A." }]).mainEntity).toEqual([
      { "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } },
    ]);
  });

  it("ties a service to the business by its @id", () => {
    const data = serviceJsonLd(
      business,
      { name: "Padlocks", description: "Padlock work", path: "/services/padlocks" },
      "Chicago, IL",
    );
    expect(data).toMatchObject({
      url: "https://lockline.example/services/padlocks",
      provider: { "@id": "https://lockline.example/#business" },
      areaServed: { "@type": "Place", name: "Chicago, IL" },
    });
  });
});
