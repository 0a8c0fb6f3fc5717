import { z } from "zod";
import { intent } from "../schemas/fields";
import { signatureDataUrl } from "../schemas/signature";
import { parseDay } from "../time/chicago-period";
import { OPENED_THINGS } from "./opens";
import { normalizeVin, vinProblem } from "./vin";

/*
 * The check of identity and authority the locksmith records on the job page between "arrived"
 * and the quote (issue 49, decision 0069), and the refusal when the proof is not there. Only
 * what the ALOA positive-ID policy asks to be written down: the ID's type, its last 4
 * characters, expiry and whether the name matches; the document of authority and whether its
 * name and address match; for a vehicle its VIN and plate; the customer's statement. No photo.
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

/** How the customer gave the statement: on their own phone, or on the locksmith's screen. */
export const STATEMENT_WAYS = ["customer_link", "on_screen"] as const;

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
  noMatch:
    "The names do not match: the check cannot pass. Record a refusal below, or call the office",
  refusalReason: "Say why the opening was refused",
  refusalReasonTooLong: `Keep the reason to ${REFUSAL_REASON_MAX} characters`,
} as const;

const yesNo = z.enum(["yes", "no"], { error: DOOR_CHECK_FIELD.yesNo });
const emptyIsMissing = (value: unknown) => (value === "" ? undefined : value);

const personName = (message: string) =>
  z.string({ error: message }).trim().min(2, message).max(120, message);

/** The check as the locksmith's form posts it. */
export const doorCheckFields = {
  askedBy: personName(DOOR_CHECK_FIELD.askedBy),
  opened: z.enum(OPENED_THINGS, { error: DOOR_CHECK_FIELD.opened }),
  idType: z.enum(ID_TYPES, { error: DOOR_CHECK_FIELD.idType }),
  idLast4: z
    .string({ error: DOOR_CHECK_FIELD.idLast4 })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4}$/, DOOR_CHECK_FIELD.idLast4),
  idExpiry: z
    .string({ error: DOOR_CHECK_FIELD.idExpiry })
    .refine((value) => parseDay(value) !== undefined, DOOR_CHECK_FIELD.idExpiry),
  idNameMatches: yesNo,
  authority: z.enum(AUTHORITY_DOCUMENTS, { error: DOOR_CHECK_FIELD.authority }),
  authorityNameMatches: yesNo,
  authorityAddressMatches: yesNo,
  vin: z.preprocess(
    emptyIsMissing,
    z
      .string()
      .transform(normalizeVin)
      .superRefine((vin, context) => {
        const problem = vinProblem(vin);
        if (problem) context.addIssue({ code: "custom", message: problem });
      })
      .optional(),
  ),
  plate: z.preprocess(
    emptyIsMissing,
    z
      .string()
      .transform((value) => value.replace(/[\s-]/g, "").toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{1,8}$/, DOOR_CHECK_FIELD.plate))
      .optional(),
  ),
  statementWay: z.enum(STATEMENT_WAYS, { error: DOOR_CHECK_FIELD.statementWay }),
  signerName: z.preprocess(emptyIsMissing, personName(DOOR_CHECK_FIELD.signerName).optional()),
  consent: z.preprocess(emptyIsMissing, z.literal("on").optional()),
  signature: z.preprocess(emptyIsMissing, signatureDataUrl.optional()),
};

export const doorCheckSchema = intent("door_check", doorCheckFields).superRefine(
  (check, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (check.opened === "vehicle") {
      if (!check.vin) issue("vin", DOOR_CHECK_FIELD.vinNeeded);
      if (!check.plate) issue("plate", DOOR_CHECK_FIELD.plate);
    }
    if (check.idNameMatches === "no") issue("idNameMatches", DOOR_CHECK_FIELD.noMatch);
    if (check.authorityNameMatches === "no") {
      issue("authorityNameMatches", DOOR_CHECK_FIELD.noMatch);
    }
    if (check.statementWay === "on_screen") {
      if (!check.signerName) issue("signerName", DOOR_CHECK_FIELD.signerName);
      if (check.consent !== "on") issue("consent", DOOR_CHECK_FIELD.consent);
    }
  },
);
export type DoorCheckInput = z.output<typeof doorCheckSchema>;

export const doorRefusalSchema = intent("door_refusal", {
  reason: z
    .string({ error: DOOR_CHECK_FIELD.refusalReason })
    .trim()
    .min(3, DOOR_CHECK_FIELD.refusalReason)
    .max(REFUSAL_REASON_MAX, DOOR_CHECK_FIELD.refusalReasonTooLong),
});

/** The customer's statement on their own page (/t/:token). */
export const customerStatementSchema = z.object({
  intent: z.literal("door_statement"),
  signerName: personName(DOOR_CHECK_FIELD.signerName),
  consent: z.literal("on", { error: DOOR_CHECK_FIELD.consent }),
});

/** Whether an ID's expiry (YYYY-MM-DD) is before today (Chicago, YYYY-MM-DD). */
export function idExpired(expiry: string, today: string): boolean {
  return expiry < today;
}
