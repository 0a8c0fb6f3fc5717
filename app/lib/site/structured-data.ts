import type { BusinessContact } from "~/content/business";
import type { PriceRange } from "~/lib/money/price-list";
import type { Crumb } from "./breadcrumbs";

type JsonLd = Record<string, unknown>;

export interface LocalBusinessOptions {
  areaNames: readonly string[];
  rating?: { ratingValue: number; reviewCount: number };
  /**
   * Metres around Chicago: 50000 on home, 30000 on the areas page (docs/spec/public-site.md §9).
   */
  serviceRadius?: number;
  priceRange?: string;
}

/** The business as a schema.org Locksmith: open 24/7, how it takes payment, where it works. */
export function locksmithJsonLd(business: BusinessContact, options: LocalBusinessOptions): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Locksmith",
    "@id": `${business.siteUrl}/#business`,
    name: business.name,
    url: `${business.siteUrl}/`,
    telephone: business.phoneHref.replace("tel:", ""),
    email: business.email,
    image: `${business.siteUrl}/og-image.png`,
    priceRange: options.priceRange ?? "$$",
    // The agency license, only when the business has set one (AGENCY_LICENSE_NUMBER).
    ...(business.license && {
      hasCredential: {
        "@type": "EducationalOccupationalCredential",
        credentialCategory: "license",
        name: business.license,
        recognizedBy: {
          "@type": "GovernmentOrganization",
          name: "Illinois Department of Financial and Professional Regulation",
        },
      },
    }),
    currenciesAccepted: "USD",
    paymentAccepted: "Cash, Credit Card, Debit Card",
    address: {
      "@type": "PostalAddress",
      addressLocality: "Chicago",
      addressRegion: "IL",
      addressCountry: "US",
    },
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
      opens: "00:00",
      closes: "23:59",
    },
    areaServed: [
      ...(options.serviceRadius
        ? [
            {
              "@type": "GeoCircle",
              geoMidpoint: { "@type": "GeoCoordinates", latitude: 41.7508, longitude: -87.7145 },
              geoRadius: options.serviceRadius,
            },
          ]
        : []),
      ...options.areaNames.map((name) => ({ "@type": "Place", name: `${name}, IL` })),
    ],
    ...(options.rating
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: options.rating.ratingValue,
            reviewCount: options.rating.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export function breadcrumbJsonLd(trail: readonly Crumb[], siteUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: `${siteUrl}${crumb.path === "/" ? "/" : crumb.path}`,
    })),
  };
}

export function faqJsonLd(faqs: readonly { question: string; answer: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

export function serviceJsonLd(
  business: BusinessContact,
  service: { name: string; description: string; path: string },
  areaServed: string,
  /** The usual ranges from the office's price list, in cents, each named, as the page states them. */
  offers: readonly { name: string; range: PriceRange }[] = [],
): JsonLd {
  const offer = ({ name, range }: { name: string; range: PriceRange }) => ({
    "@type": "Offer",
    name,
    priceSpecification: {
      "@type": "PriceSpecification",
      priceCurrency: "USD",
      minPrice: range.lowCents / 100,
      maxPrice: range.highCents / 100,
    },
  });
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.name,
    description: service.description,
    serviceType: "Locksmith Service",
    url: `${business.siteUrl}${service.path}`,
    provider: { "@id": `${business.siteUrl}/#business` },
    areaServed: { "@type": "Place", name: areaServed },
    ...(offers.length > 0 && {
      offers: offers.length === 1 ? offer(offers[0]!) : offers.map(offer),
    }),
  };
}
