import type { SitePrices } from "~/lib/money/site-prices";
import { facts, mostJobsUnder } from "./business";
import type { FaqItem } from "./types";

interface CityCopyInput {
  name: string;
  arrival: string;
  zipCodes: readonly string[];
  landmarks: readonly string[];
  majorStreets: readonly string[];
  /** The office's price list as the site words it (site-prices.ts). */
  prices: SitePrices;
}

/** Four intro variants; a city's variant is chosen by introVariant(name). */
export const cityIntros: readonly ((city: CityCopyInput) => string)[] = [
  // Two streets that cross (the list gives two one way, then two the other), read as a
  // place ("near 53rd Street and Lake Park Avenue"), not a span between parallel streets.
  (c) =>
    `Locked out in ${c.name}? A licensed, insured locksmith can usually reach you in ${c.arrival} minutes, day or night, near ${c.majorStreets[0]} and ${c.majorStreets[2] ?? c.majorStreets[1]} or anywhere else in ${c.name}.`,
  (c) =>
    `We connect ${c.name} residents and businesses with local locksmiths around the clock, with most arrivals in ${c.arrival} minutes and the price agreed before any work starts.`,
  (c) =>
    `From homes near ${c.landmarks[0] ?? c.majorStreets[0]} to storefronts on ${c.majorStreets[2] ?? c.majorStreets[0]}, ${c.name} gets fast, upfront-priced locksmith service 24 hours a day.`,
  (c) =>
    `Car, home or business lockout in ${c.name}: call any hour and a nearby locksmith is on the way, typically within ${c.arrival} minutes, with no trip charge.`,
];

/** The city page's five questions, answered with that city's own facts. */
export function cityFaqs(c: CityCopyInput): FaqItem[] {
  return [
    {
      question: `How fast can a locksmith get to me in ${c.name}?`,
      answer: `Most ${c.name} calls are reached in ${c.arrival} minutes, and emergency lockouts never wait more than ${facts.emergencyMaxMinutes} minutes. Locksmiths work all over ${c.name}, including along ${c.majorStreets.slice(0, 2).join(" and ")}.`,
    },
    {
      question: `How much does a lockout cost in ${c.name}?`,
      answer: `An emergency lockout is usually ${c.prices.emergency}, and most jobs come in under $${mostJobsUnder}. You hear the price before the work begins, and there is no trip charge.`,
    },
    {
      question: `Do you serve every ZIP code in ${c.name}?`,
      answer: `Yes: ${c.zipCodes.join(", ")}. If you are just outside ${c.name}, call anyway: a locksmith from a neighbouring area can usually come.`,
    },
    {
      question: "Are your locksmiths licensed and insured?",
      answer:
        "Every locksmith we dispatch is licensed, bonded and insured, and carries identification. Illinois requires locksmiths to hold a state license; ask to see it when they arrive.",
    },
    {
      question: `Can you rekey or change locks after I move in ${c.name}?`,
      answer: `Yes. Rekeying is usually ${c.prices.rekeying} and takes under 30 minutes a lock, so your old keys stop working the same day.`,
    },
  ];
}

/** The city page's reviews heading, worded by where the reviews come from. */
export function cityReviewsIntro(
  city: { name: string; region: string },
  reach: "city" | "around" | "region" | "wider",
): string {
  switch (reach) {
    case "city":
      return `Reviews from customers in ${city.name}.`;
    case "around":
      return `Reviews from customers in and around ${city.name}.`;
    case "region":
      return `Reviews from customers elsewhere in ${city.region === "Chicago" ? "Chicago" : `the ${city.region}`}.`;
    case "wider":
      return "Reviews from customers across Chicago and the suburbs.";
  }
}
