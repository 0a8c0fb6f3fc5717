import type { ServiceType } from "../business-enums";

/*
 * What a paid lead source's free text says (issue 51, decision 0073): a Thumbtack request's
 * category and description, an Angi e-mail's task. Words are read, nothing is asked again.
 */

/**
 * The longest reply to a partner's lead (Thumbtack, Local Services). Their own limits are
 * larger; a reply this long is a paste gone wrong. Here, not beside the reply's schema: the
 * lead page's reply box reads it, and importing the schema would load zod with the page.
 */
export const REPLY_MAX = 2_000;

const SERVICE_WORDS: [RegExp, ServiceType][] = [
  [/\b(car|auto|automotive|vehicle|truck|ignition|key fob|fob)\b/i, "automotive"],
  [/\bsafes?\b/i, "safes"],
  [/\bsmart\s*lock|keypad|keyless/i, "smart_locks"],
  [/\brekey/i, "rekeying"],
  [/\b(duplicat|cop(y|ies) of)\w*/i, "key_duplication"],
  [/\b(commercial|business|office|store|storefront|shop)\b/i, "commercial"],
  [/\block(ed)?\s*out\b|\blockout\b|\bemergency\b/i, "emergency"],
];

/** The service a lead's words name; a home's locks when they name none. */
export function serviceTypeFromWords(...texts: (string | null | undefined)[]): ServiceType {
  const words = texts.filter(Boolean).join(" ");
  for (const [pattern, type] of SERVICE_WORDS) if (pattern.test(words)) return type;
  return "residential";
}

/** The five-digit ZIP at the end of an address line ("Chicago, IL 60614-1234" → 60614). */
export function zipFromAddress(address: string | null | undefined): string | null {
  const match = address ? /\b(\d{5})(?:-\d{4})?\s*$/.exec(address.trim()) : null;
  return match ? match[1]! : null;
}

/** What Settings → Sources says of a connection's last lead and last error. */
export interface ConnectionView {
  provider: "thumbtack" | "angi";
  enabled: boolean;
  lastLeadAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
}

/** One message of a partner lead's conversation on its page: the customer's, or a reply of ours. */
export interface ThreadMessage {
  id: string;
  /** "in" from the customer, "out" from the office. */
  direction: string;
  body: string;
  status: string;
  lastError: string | null;
  authorName: string | null;
  sentAt: Date | string | null;
  createdAt: Date | string;
}
