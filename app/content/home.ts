/**
 * The home page's static copy. Every figure comes from business.ts (or is counted from the
 * data) so the home page cannot drift from the rest of the site.
 */
import type { IconName } from "./icon-names";
import type { ServiceType } from "~/lib/business-enums";
import type { SitePrice, SitePrices } from "~/lib/money/site-prices";
import { facts, mostJobsUnder, paymentMethodsText } from "./business";
import { serviceAreas } from "./service-areas";
import type { Cta, FaqItem } from "./types";

export interface IconCardContent {
  title: string;
  description: string;
  icon: IconName;
}

export interface EmergencyContent extends IconCardContent {
  cta: Cta;
}

/** The four services the home page prices, named as a visitor asks for them. */
const PRICED_ON_HOME: readonly { service: string; type: ServiceType }[] = [
  { service: "Emergency lockout", type: "emergency" },
  { service: "Home lock work", type: "residential" },
  { service: "Rekeying", type: "rekeying" },
  { service: "Car key replacement", type: "automotive" },
];

export interface HomePrice {
  service: string;
  price: SitePrice;
}

/** The home page's price cards, from the office's price list. */
export function homePrices(prices: SitePrices): HomePrice[] {
  return PRICED_ON_HOME.map(({ service, type }) => ({ service, price: prices[type] }));
}

const emergencyHelp: Cta = { label: "Get Emergency Help", action: "call" };

export const homeEmergencies: readonly EmergencyContent[] = [
  {
    title: "Car Lockout",
    description:
      "Keys locked in the car, or lost altogether? We open cars, trucks and SUVs without damage and can cut and program a new key on the spot.",
    icon: "car",
    cta: emergencyHelp,
  },
  {
    title: "Home Lockout",
    description:
      "Locked out of your house or apartment? The door is opened without damage, and the locks can be rekeyed if your keys were lost or stolen.",
    icon: "house",
    cta: emergencyHelp,
  },
  {
    title: "Office Lockout",
    description:
      "Locked out of an office, store or warehouse? Get back in fast and have the locks rekeyed or changed before you close for the night.",
    icon: "store",
    cta: emergencyHelp,
  },
  {
    title: "Broken Key Extraction",
    description:
      "Key snapped off in a lock or ignition? The broken piece comes out without harming the lock, and a new key is cut right there.",
    icon: "key-round",
    cta: emergencyHelp,
  },
];

export const homeReasons: readonly IconCardContent[] = [
  {
    title: "Fast Arrival",
    description: `An average arrival of ${facts.averageArrivalMinutes} minutes, and emergency lockouts never wait more than ${facts.emergencyMaxMinutes} minutes.`,
    icon: "timer",
  },
  {
    title: "Licensed, Bonded & Insured",
    description: `${facts.licensedAndInsured} of the locksmiths we send are licensed, bonded and insured, and show ID when they arrive.`,
    icon: "shield-check",
  },
  {
    title: "Upfront Pricing",
    description:
      "You hear the price before any work starts. Free estimates, no trip charges and a service guarantee on every job.",
    icon: "badge-dollar-sign",
  },
  {
    title: "Open 24/7/365",
    description:
      "Nights, weekends and holidays included: call any hour and the nearest available locksmith is on the way.",
    icon: "calendar-clock",
  },
];

/** The three steps; the first one's title gets the phone number in the page. */
export const homeSteps: readonly IconCardContent[] = [
  {
    title: "Call",
    description: "Call or text any time, day or night. Tell us what's locked and where you are.",
    icon: "phone",
  },
  {
    title: "Get Connected",
    description:
      "We connect you with the nearest available licensed locksmith, and you get the price before any work starts.",
    icon: "navigation",
  },
  {
    title: "Get Unlocked",
    description: `The locksmith arrives, on average in ${facts.averageArrivalMinutes} minutes, shows ID and gets you back in.`,
    icon: "lock-open",
  },
];

export const lockBrands = [
  "Schlage",
  "Kwikset",
  "Yale",
  "Medeco",
  "Mul-T-Lock",
  "Baldwin",
  "Sargent",
  "Corbin Russwin",
  "Best",
  "Master Lock",
  "ABUS",
  "August",
] as const;

export const vehicleBrands = [
  "Ford",
  "Chevrolet",
  "Honda",
  "Toyota",
  "BMW",
  "Mercedes-Benz",
  "Audi",
  "Nissan",
  "Hyundai",
  "Kia",
  "Jeep",
  "Dodge",
] as const;

/** Includes the six brands named on the safes page, so the two pages agree. */
export const safeBrands = [
  "Liberty",
  "SentrySafe",
  "Fort Knox",
  "Cannon",
  "Stack-On",
  "AMSEC",
  "Browning",
  "Gardall",
] as const;

export const brandGroups = [
  { title: "Lock Brands", items: lockBrands },
  { title: "Vehicle Makes", items: vehicleBrands },
  { title: "Safe Makers", items: safeBrands },
] as const;

export const equipment: readonly IconCardContent[] = [
  {
    title: "Key Cutting Machines",
    description:
      "Code and duplicating machines in the van, so house, office and car keys are cut on site.",
    icon: "cog",
  },
  {
    title: "Transponder Programmers",
    description: "Programmers for chipped keys, key fobs and push-to-start remotes on most makes.",
    icon: "cpu",
  },
  {
    title: "Non-Destructive Entry Tools",
    description: "Picks, bypass and car-opening tools that get you in without drilling or damage.",
    icon: "lock-keyhole-open",
  },
  {
    title: "Broken Key Extractors",
    description:
      "Extractors that pull snapped keys out of locks and ignitions without harming them.",
    icon: "wrench",
  },
];

/** The home page's questions; the prices come from the office's price list. */
export function homeFaqs(prices: SitePrices): FaqItem[] {
  return [
    {
      question: "How fast can a locksmith get to me?",
      answer: `The average arrival is ${facts.averageArrivalMinutes} minutes: usually ${facts.chicagoArrival} minutes in Chicago neighborhoods and ${facts.suburbArrival} minutes in the suburbs. Emergency lockouts never wait more than ${facts.emergencyMaxMinutes} minutes.`,
    },
    {
      question: "How much does a locksmith cost?",
      answer: `An emergency lockout (home, car or business) is usually ${prices.emergency}, home lock work ${prices.residential}, rekeying ${prices.rekeying} and car key replacement ${prices.automotive}. Most jobs come in under $${mostJobsUnder}. Estimates are free, there is no trip charge, and you hear the price before any work starts.`,
    },
    {
      question: "Are your locksmiths licensed and insured?",
      answer:
        "Yes. Every locksmith we send is licensed, bonded and insured, and carries identification. Illinois requires locksmiths to hold a state license; ask to see it when they arrive.",
    },
    {
      question: "Are you really open 24 hours a day?",
      answer:
        "Yes: 24 hours a day, 7 days a week, 365 days a year, including nights, weekends and holidays. Call or text at any hour.",
    },
    {
      question: "Which areas do you serve?",
      answer: `${serviceAreas.length} areas across Chicago neighborhoods, the South Suburbs and the Southwest Suburbs. Type your city or ZIP code in the search at the top of this page, or see the full list on our Service Areas page.`,
    },
    {
      question: "How can I pay?",
      answer: `You can pay by ${paymentMethodsText}. Payment plans are available for larger projects, and seniors and military members get a discount: just mention it when you call.`,
    },
  ];
}
