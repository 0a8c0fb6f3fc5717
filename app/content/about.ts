/**
 * The About page's copy. Figures come from business.ts or are counted from the data, so
 * the About page says what the home and city pages say.
 */
import type { IconName } from "./icon-names";
import { FOUNDED_YEAR, facts } from "./business";

export interface AboutStat {
  value: string;
  label: string;
  icon: IconName;
}

export interface AboutValue {
  title: string;
  description: string;
  icon: IconName;
}

/** Years and area count are passed in: years change with the calendar, areas with the data. */
export function aboutStats({
  years,
  areaCount,
}: {
  years: number;
  areaCount: number;
}): AboutStat[] {
  return [
    { value: String(years), label: "Years in business", icon: "award" },
    { value: facts.happyCustomers, label: "Happy customers", icon: "users" },
    { value: String(areaCount), label: "Areas served", icon: "map-pin" },
    { value: facts.licensedAndInsured, label: "Licensed and insured", icon: "shield-check" },
  ];
}

export function aboutStory({
  businessName,
  years,
}: {
  businessName: string;
  years: number;
}): string[] {
  return [
    `${businessName} started in ${FOUNDED_YEAR} as a family locksmith business serving Chicago and its South and Southwest Suburbs. ${years} years later we are still family run, and still answer the phone at 3 a.m.`,
    "Today we run a 24/7 line that connects people who are locked out, or who need lock work done, with vetted local locksmiths. When you call, we find the nearest available locksmith, pass on what you need, and make sure you hear the price before any work starts.",
    `Every locksmith we send is an independent professional who is licensed by the State of Illinois, bonded and insured. We check their license and insurance before they take a single call from us, and we follow up on jobs to keep the standard high. That is how we keep an average arrival of ${facts.averageArrivalMinutes} minutes without cutting corners.`,
  ];
}

export const aboutValues: readonly AboutValue[] = [
  {
    title: "Honest, Upfront Prices",
    description:
      "Free estimates, no trip charges, and the price agreed before work starts. Seniors and military members get a discount.",
    icon: "badge-dollar-sign",
  },
  {
    title: "Fast When It Matters",
    description: `A lockout is stressful. We aim for an average arrival of ${facts.averageArrivalMinutes} minutes, and emergency lockouts never wait more than ${facts.emergencyMaxMinutes}.`,
    icon: "timer",
  },
  {
    title: "Neighbors You Can Trust",
    description:
      "Local, licensed, bonded and insured locksmiths who show ID on arrival and treat your home, car or business with respect.",
    icon: "heart-handshake",
  },
];

/**
 * How reviews reach the website (issue 29; the FTC's rule on consumer reviews, 16 CFR 465.7):
 * by rule, never by rating. The window itself is a setting, so it is not named here.
 */
export const reviewPolicy: readonly string[] = [
  "Every customer whose job we complete gets a private link to review it. Reviews sent from those links are marked Verified.",
  "A verified review the customer agreed to share goes on this website by itself after a short check, whatever its rating — one star as surely as five. None goes up early.",
  "We take a review down only when it shows someone's personal data, is abusive or hateful, is spam or advertising, or is not about a job of ours. We never hide a review because of its rating, and every review we hide stays on record with the reason.",
  "Our star rating and review count are over the reviews published on this website, and nothing else.",
];
