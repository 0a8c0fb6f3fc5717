import type { IconName } from "./icon-names";

export type ServiceSlug =
  | "emergency"
  | "residential"
  | "commercial"
  | "automotive"
  | "rekeying"
  | "smart-locks"
  | "key-duplication"
  | "safes"
  | "storage-units"
  | "mailboxes"
  | "file-cabinets"
  | "padlocks";

export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * What a call-to-action does. "request" opens the service request form (until that form
 * exists it places a call: no button does nothing).
 */
export type CtaAction = "call" | "sms" | "request";

export interface Cta {
  label: string;
  action: CtaAction;
}

export interface ServiceCardContent {
  slug: ServiceSlug;
  title: string;
  description: string;
  features: [string, string, string, string];
  icon: IconName;
  /** Text alternative for the icon, read when the card is announced. */
  alt: string;
}

export interface InfoCard {
  title: string;
  description: string;
  icon?: IconName;
  bullets?: string[];
  /** A requirement stated on the card (proof of ownership, authorization). */
  note?: string;
}

export type ServiceBlock =
  | { kind: "stats"; items: { value: string; label: string }[] }
  | { kind: "cards"; heading: string; intro?: string; items: InfoCard[] }
  | {
      kind: "steps";
      heading: string;
      intro?: string;
      items: { title: string; description: string }[];
    }
  | { kind: "list"; heading: string; intro?: string; items: string[] }
  | { kind: "faq"; heading: string; items: FaqItem[] };

export interface ServiceDetailContent {
  slug: ServiceSlug;
  seo: { title: string; description: string; keywords: string[] };
  hero: { eyebrow: string; heading: string; text: string; ctas: Cta[] };
  blocks: ServiceBlock[];
  closing: { heading: string; text: string; ctas: Cta[] };
}
