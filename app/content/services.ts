/**
 * The twelve service cards (services overview, home page) and the links to the service
 * detail pages. Every claim here must agree with business.ts.
 */
import type { ServiceType } from "~/lib/business-enums";
import { SERVICE_TYPE_FOR_PAGE } from "~/lib/leads/service-request";
import type { SitePrices } from "~/lib/money/site-prices";
import { facts } from "./business";
import { mainServiceSlugs } from "./site-index";
import type { ServiceCardContent, ServiceSlug } from "./types";

// Small enough for every page, so they live with the titles in the site index.
export { mainServiceSlugs, servicePath } from "./site-index";

/**
 * The price list's service type of a page with a range of its own: the eight main services.
 * The specialty pages go to the closest kind of job and state no price.
 */
export function priceTypeOfPage(slug: ServiceSlug): ServiceType | undefined {
  return (mainServiceSlugs as readonly string[]).includes(slug)
    ? SERVICE_TYPE_FOR_PAGE[slug]
    : undefined;
}

/** A price a card or page states, and what it is for ("Car lockouts: $89–$150"). */
export interface PriceNote {
  label: string;
  /** The price list's entry it is read from. */
  type: ServiceType;
  price: string;
}

/**
 * The prices a service's card and page state, each from the price list. A car lockout is an
 * emergency lockout (one price for every lockout, decision 0066): the automotive page and card
 * name the car-key price and the lockout price apart, never the car-key range for a lockout.
 */
export function pagePrices(slug: ServiceSlug, prices: SitePrices): PriceNote[] {
  const type = priceTypeOfPage(slug);
  if (!type) return [];
  if (type === "automotive") {
    return [
      { label: "Car keys", type: "automotive", price: prices.automotive },
      { label: "Car lockouts", type: "emergency", price: prices.emergency },
    ];
  }
  return [{ label: "Typical price", type, price: prices[type] }];
}

/** A card with its prices from the office's price list, when the service has any. */
export type PricedServiceCard = ServiceCardContent & { prices: PriceNote[] };

export function withPrices(
  cards: readonly ServiceCardContent[],
  prices: SitePrices,
): PricedServiceCard[] {
  return cards.map((card) => ({ ...card, prices: pagePrices(card.slug, prices) }));
}

export const services: readonly ServiceCardContent[] = [
  {
    slug: "emergency",
    title: "Emergency Lockout Service",
    description: `Locked out of your home, car or business at any hour? A licensed locksmith is on the way, with an average arrival of ${facts.averageArrivalMinutes} minutes.`,
    features: [
      "Available 24/7, including holidays",
      `Emergency lockouts reached within ${facts.emergencyMaxMinutes} minutes`,
      "Home, car and business lockouts",
      "No trip charge, price agreed first",
    ],
    icon: "siren",
    alt: "Siren icon for 24/7 emergency lockout service",
  },
  {
    slug: "residential",
    title: "Residential Locksmith",
    description:
      "Lock installation, repair, rekeying and security upgrades for houses, apartments and condos.",
    features: [
      "Lock installation and replacement",
      "Lock repair and rekeying",
      "Window and patio door locks",
      "Deadbolt and strike plate upgrades",
    ],
    icon: "house",
    alt: "House icon for residential locksmith services",
  },
  {
    slug: "commercial",
    title: "Commercial Locksmith",
    description:
      "Locks, master key systems and access control for offices, stores, clinics and warehouses.",
    features: [
      "Access control systems",
      "Master key systems",
      "High-security locks",
      "Business lockouts, 24/7",
    ],
    icon: "building-complex",
    alt: "Office building icon for commercial locksmith services",
  },
  {
    slug: "automotive",
    title: "Automotive Locksmith",
    description:
      "Car lockouts, replacement car keys and key fob programming, done where your vehicle is parked.",
    features: [
      "Car, truck and SUV lockouts",
      "Car key replacement",
      "Key fob and transponder programming",
      "Broken key extraction",
    ],
    icon: "car",
    alt: "Car icon for automotive locksmith services",
  },
  {
    slug: "rekeying",
    title: "Lock Rekeying",
    description:
      "Make old keys stop working without replacing your locks, for homes, rentals and businesses.",
    features: [
      "Priced per lock",
      "Typically under 30 minutes per lock",
      "One key for every door",
      "Keeps your existing hardware",
    ],
    icon: "key-round",
    alt: "Key icon for lock rekeying",
  },
  {
    slug: "smart-locks",
    title: "Smart Lock Installation",
    description:
      "Installation and setup of keypad, app-controlled and biometric locks, including locks you have already bought.",
    features: [
      "WiFi, Bluetooth and Z-Wave locks",
      "Keypad and fingerprint locks",
      "App and access code setup",
      "Fitted to your existing door",
    ],
    icon: "smartphone",
    alt: "Smartphone icon for smart lock installation",
  },
  {
    slug: "key-duplication",
    title: "Key Duplication",
    description:
      "Copies of house, car, office and specialty keys, cut precisely and tested before you rely on them.",
    features: [
      "House and office keys",
      "Car keys and transponder keys",
      "High-security keys with authorization",
      "Every copy tested",
    ],
    icon: "copy",
    alt: "Copy icon for key duplication",
  },
  {
    slug: "safes",
    title: "Safe Services",
    description:
      "Safe opening, combination changes, repair and installation for home, gun and business safes.",
    features: [
      "Lockouts and forgotten combinations",
      "Combination changes",
      "Safe repair and installation",
      "Gun safe service",
    ],
    icon: "vault",
    alt: "Safe icon for safe services",
  },
  {
    slug: "storage-units",
    title: "Storage Unit Locks",
    description:
      "Lock installation, replacement and lost-key access for storage units, with proof of ownership or rental.",
    features: [
      "Disc and cylinder lock installation",
      "Lock repair and replacement",
      "Lost-key access",
      "Proof of ownership required",
    ],
    icon: "warehouse",
    alt: "Warehouse icon for storage unit lock services",
  },
  {
    slug: "mailboxes",
    title: "Mailbox Locks",
    description:
      "USPS-approved mailbox lock installation, key replacement and repair for homes, apartments and condos.",
    features: [
      "USPS-approved locks",
      "Lost mailbox key replacement",
      "Mailbox lock repair",
      "Proof of ownership or residence required",
    ],
    icon: "mailbox",
    alt: "Mailbox icon for mailbox lock services",
  },
  {
    slug: "file-cabinets",
    title: "File Cabinet Locks",
    description:
      "Lock installation, replacement keys, repair and upgrades for file cabinets and office furniture.",
    features: [
      "Keys cut from the lock code",
      "Lock installation and repair",
      "Keyed-alike cabinets",
      "Locked drawer opening",
    ],
    icon: "archive",
    alt: "File cabinet icon for file cabinet lock services",
  },
  {
    slug: "padlocks",
    title: "Padlock Services",
    description:
      "Padlock installation, removal when the key is lost, and repair for gates, sheds, lockers and trailers.",
    features: [
      "Keyed and combination padlocks",
      "High-security and weatherproof models",
      "Lost-key removal",
      "Proof of ownership required",
    ],
    icon: "lock",
    alt: "Padlock icon for padlock services",
  },
];

export function getService(slug: string): ServiceCardContent | undefined {
  return services.find((service) => service.slug === slug);
}
