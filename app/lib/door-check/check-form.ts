/*
 * The check of identity and authority the locksmith records on the job page between "arrived"
 * and the quote (issue 49, decision 0069), and the refusal when the proof is not there. Only
 * what the ALOA positive-ID policy asks to be written down: the ID's type, its last 4
 * characters, expiry and whether the name matches; the document of authority and whether its
 * name and address match; for a vehicle its VIN and plate; the customer's statement. No photo.
 * Its choices, labels and messages; the schemas that check what is posted are in
 * app/lib/schemas/door-check.ts (with zod, which the job page loads only on the server).
 */

export const ID_TYPES = ["drivers_license", "state_id", "passport", "military_id"] as const;
export type IdType = (typeof ID_TYPES)[number];
export const ID_TYPE_LABELS: Record<IdType, string> = {
  drivers_license: "Driver's license",
  state_id: "State ID card",
  passport: "Passport",
  military_id: "Military ID",
};

export const AUTHORITY_DOCUMENTS = [
  "lease",
  "utility_bill",
  "deed",
  "registration",
  "title",
  "insurance_card",
  "employer_letter",
] as const;
export type AuthorityDocument = (typeof AUTHORITY_DOCUMENTS)[number];
export const AUTHORITY_DOCUMENT_LABELS: Record<AuthorityDocument, string> = {
  lease: "Lease",
  utility_bill: "Utility bill",
  deed: "Deed",
  registration: "Vehicle registration",
  title: "Vehicle title",
  insurance_card: "Insurance card",
  employer_letter: "Employer letter",
};

/**
 * How the customer gave the statement: on their own phone, on the locksmith's screen, or out
 * loud to the locksmith, who read the check to the office by phone (decision 0075): not signed.
 */
export const STATEMENT_WAYS = ["customer_link", "on_screen", "by_phone"] as const;
export type StatementWay = (typeof STATEMENT_WAYS)[number];

/** The words the customer confirms, with the place filled in ("a home at 6118 S Pulaski Rd"). */
export function statementText(opened: string): string {
  return `I have the right to enter and to have opened ${opened}. The photo ID and the document I showed are mine and true.`;
}

export const REFUSAL_REASON_MAX = 300;

export const DOOR_CHECK_FIELD = {
  askedBy: "Type the name of the person who asked for the opening",
  opened: "Choose what is being opened",
  idType: "Choose the photo ID you saw",
  idLast4: "Type the last 4 letters or digits of the ID number",
  idExpiry: "Type the ID's expiry date",
  idExpired: "This ID has expired: an expired ID is no proof. Record a refusal, or see another ID",
  yesNo: "Answer yes or no",
  authority: "Choose the document that shows their right to enter",
  plate: "Type the plate (letters and digits)",
  vinNeeded: "A vehicle needs its VIN",
  statementWay: "Choose how the customer gives the statement",
  signerName: "The customer types their full name",
  consent: "The customer ticks the box to confirm the statement",
  heardName: "Type the customer's full name, as the locksmith read it out",
  heardConsent: "Tick the box once the locksmith says the customer gave the statement out loud",
  noMatch:
    "The names do not match: the check cannot pass. Record a refusal below, or call the office",
  refusalReason: "Say why the opening was refused",
  refusalReasonTooLong: `Keep the reason to ${REFUSAL_REASON_MAX} characters`,
} as const;

/** Whether an ID's expiry (YYYY-MM-DD) is before today (Chicago, YYYY-MM-DD). */
export function idExpired(expiry: string, today: string): boolean {
  return expiry < today;
}
