import type { TinType } from "./tin";

/*
 * A W-9 as the office keeps it (decision 0070), and what a 1099-NEC still lacks from it, in
 * words for the year-end page. The full number never reaches this module: only whether one
 * is stored, and its last four digits.
 */

export interface W9View {
  legalName: string | null;
  businessName: string | null;
  tinType: TinType | null;
  /** The last four digits of the stored number; null when none is stored. */
  tinLast4: string | null;
  street: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

export const EMPTY_W9: W9View = {
  legalName: null,
  businessName: null,
  tinType: null,
  tinLast4: null,
  street: null,
  street2: null,
  city: null,
  state: null,
  zip: null,
};

/** What the 1099-NEC needs from the W-9, as the year-end page names it. */
const NEEDED: [keyof W9View, string][] = [
  ["legalName", "legal name"],
  ["tinType", "taxpayer number type"],
  ["tinLast4", "taxpayer number"],
  ["street", "street address"],
  ["city", "city"],
  ["state", "state"],
  ["zip", "ZIP code"],
];

/** The W-9 fields a 1099-NEC needs that are not on file, in words; none: []. */
export function w9Missing(w9: W9View | null): string[] {
  if (!w9) return ["the whole W-9"];
  return NEEDED.filter(([field]) => !w9[field]).map(([, words]) => words);
}

const ADDRESS_WORDS = ["street address", "city", "state", "ZIP code"];

/**
 * "No W-9 on file" or "Missing: taxpayer number, ZIP code"; null when complete. No address
 * at all reads "address": four words of it would crowd the year-end list's narrowest column.
 */
export function w9MissingText(w9: W9View | null): string | null {
  const missing = w9Missing(w9);
  if (missing.length === 0) return null;
  if (!w9) return "No W-9 on file";
  const noAddress = ADDRESS_WORDS.every((words) => missing.includes(words));
  const named = noAddress
    ? [...missing.filter((words) => !ADDRESS_WORDS.includes(words)), "address"]
    : missing;
  return `Missing: ${named.join(", ")}`;
}

/** USPS codes of the states, DC and the territories a W-9 address may be in. */
export const US_STATE_CODES = new Set(
  (
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH " +
    "NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI"
  ).split(" "),
);
