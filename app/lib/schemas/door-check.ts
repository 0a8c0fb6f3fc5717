import { z } from "zod";
import { intent } from "./fields";
import { signatureDataUrl } from "./signature";
import { parseDay } from "../time/chicago-period";
import {
  AUTHORITY_DOCUMENTS,
  DOOR_CHECK_FIELD,
  ID_TYPES,
  REFUSAL_REASON_MAX,
  STATEMENT_WAYS,
} from "../door-check/check-form";
import { OPENED_THINGS } from "../door-check/opens";
import { normalizeVin, vinProblem } from "../door-check/vin";

/*
 * What the door check's forms post (issue 49, decision 0069): the locksmith's check and
 * refusal on the job page, the customer's statement on their own page. The choices and
 * messages are app/lib/door-check/check-form.ts.
 */

const yesNo = z.enum(["yes", "no"], { error: DOOR_CHECK_FIELD.yesNo });
const emptyIsMissing = (value: unknown) => (value === "" ? undefined : value);

const personName = (message: string) =>
  z.string({ error: message }).trim().min(2, message).max(120, message);

/** The check as the locksmith's form posts it. */
const doorCheckFields = {
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
  // Out loud by phone is the office's form alone (phoneCheckSchema).
  statementWay: z
    .enum(STATEMENT_WAYS, { error: DOOR_CHECK_FIELD.statementWay })
    .exclude(["by_phone"], { error: DOOR_CHECK_FIELD.statementWay }),
  signerName: z.preprocess(emptyIsMissing, personName(DOOR_CHECK_FIELD.signerName).optional()),
  consent: z.preprocess(emptyIsMissing, z.literal("on").optional()),
  signature: z.preprocess(emptyIsMissing, signatureDataUrl.optional()),
};

type CheckRefinement = z.RefinementCtx<{
  opened: string;
  vin?: string;
  plate?: string;
  idNameMatches: string;
  authorityNameMatches: string;
}>;

/** What both check forms refuse, the locksmith's and the office's by phone. */
function checkRules(check: CheckRefinement["value"], context: CheckRefinement): void {
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
}

export const doorCheckSchema = intent("door_check", doorCheckFields).superRefine(
  (check, context) => {
    checkRules(check, context);
    if (check.statementWay === "on_screen") {
      const issue = (path: string, message: string) =>
        context.addIssue({ code: "custom", path: [path], message });
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

/**
 * The check the locksmith reads out to the office by phone (decision 0075): the same fields and
 * rules, and the statement given out loud, with the customer's name as the locksmith read it.
 */
const {
  statementWay: _way,
  signerName: _name,
  consent: _consent,
  signature: _signature,
  ...heard
} = doorCheckFields;
export const phoneCheckSchema = intent("phone_check", {
  ...heard,
  signerName: personName(DOOR_CHECK_FIELD.heardName),
  consent: z.literal("on", { error: DOOR_CHECK_FIELD.heardConsent }),
}).superRefine(checkRules);
export type PhoneCheckInput = z.output<typeof phoneCheckSchema>;

/** The office's door-check form: the check by phone, or the refusal the locksmith reports. */
export const officeDoorCheckSchema = z.discriminatedUnion("intent", [
  phoneCheckSchema,
  doorRefusalSchema,
]);

/** The customer's statement on their own page (/t/:token). */
export const customerStatementSchema = z.object({
  intent: z.literal("door_statement"),
  signerName: personName(DOOR_CHECK_FIELD.signerName),
  consent: z.literal("on", { error: DOOR_CHECK_FIELD.consent }),
});
