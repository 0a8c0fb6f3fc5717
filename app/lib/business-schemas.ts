import { z } from "zod";
import {
  CALL_STATUSES,
  DISPATCH_CODE_STATUSES,
  JOB_STATUSES,
  LEAD_STATUSES,
  SERVICE_TYPES,
} from "./business-enums";
import {
  CODE_PATTERN,
  DEFAULT_EXPIRATION_HOURS,
  MAX_CODE_LENGTH,
  MAX_EXPIRATION_HOURS,
  MIN_EXPIRATION_HOURS,
  normalizeCode,
} from "./dispatch-code";
import { DEFAULT_CUT_PERCENT, MAX_CUT_PERCENT, MIN_CUT_PERCENT } from "./job-split";
import { parseMoney } from "./money";
import { formatUsPhone, usDigits } from "./phone";

/*
 * The back office's form and action schemas, shared by the server (actions) and the forms.
 * They accept FormData values as they arrive: strings, with an empty field either "" or
 * missing (Conform drops empty strings), and give typed values ready for the models.
 */

export const MESSAGES = {
  nameRequired: "Name is required",
  phoneRequired: "Phone is required",
  phoneInvalid: "Enter a 10-digit phone number",
  emailInvalid: "Enter a valid email address",
  cutPercent: "Enter a whole number from 0 to 100",
  zipInvalid: "ZIP codes must be 5 digits",
  zipTooMany: "List at most 100 ZIP codes",
  serviceType: "Choose a service type",
  jobType: "Choose a job type",
  clientNameRequired: "Client name is required",
  codeRequired: "Code is required",
  codeTooLong: `Use at most ${MAX_CODE_LENGTH} characters`,
  codeCharacters: "Use only letters A-Z and digits 0-9",
  expirationHours: `Enter a whole number of hours from ${MIN_EXPIRATION_HOURS} to ${MAX_EXPIRATION_HOURS}`,
  chooseLead: "Choose a lead from the list",
  chooseLocksmith: "Choose a locksmith from the list",
  chooseStatus: "Choose a status",
  missingId: "This record could not be identified; reload the page",
} as const;

const EMPTY_CHOICES = new Set(["", "none"]);

function requiredText(message: string, max: number, label: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Optional free text: empty is saved as null (the spec, for email and payment method). */
function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);
}

/** A US phone number, stored the way it is shown: "(312) 555-0147". */
const phone = requiredText(MESSAGES.phoneRequired, 40, "Phone")
  .refine((value) => usDigits(value).length === 10, MESSAGES.phoneInvalid)
  .transform(formatUsPhone);

/** A whole number typed in a field, or `fallback` when the field is empty. */
function wholeNumber(message: string, min: number, max: number, fallback: number) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return fallback;
      if (typeof value !== "string") return value;
      return value.trim() === "" ? fallback : Number(value.trim());
    },
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

/** An id chosen in a select: required. */
function id(message: string = MESSAGES.missingId) {
  return z.string({ error: message }).trim().pipe(z.uuid(message));
}

/** An id chosen in a select where "no choice" ("" or "none") is saved as null. */
function optionalId(message: string) {
  return z
    .string()
    .trim()
    .nullish()
    .transform((value) =>
      value === null || value === undefined || EMPTY_CHOICES.has(value) ? null : value,
    )
    .pipe(z.uuid(message).nullable());
}

const emailOrNull = z
  .string()
  .trim()
  .max(254, MESSAGES.emailInvalid)
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null))
  .pipe(z.email(MESSAGES.emailInvalid).nullable());

/** "60601, 60602,,60603 " → ["60601", "60602", "60603"]: trimmed, empties dropped, once each. */
export const zipList = z
  .union([z.string(), z.array(z.string())])
  .nullish()
  .transform((value) => {
    const parts = Array.isArray(value) ? value : (value ?? "").split(",");
    return [...new Set(parts.map((part) => part.trim()).filter(Boolean))];
  })
  .superRefine((zips, context) => {
    const bad = zips.filter((zip) => !/^\d{5}$/.test(zip));
    if (bad.length > 0) {
      context.addIssue({ code: "custom", message: `${MESSAGES.zipInvalid}: ${bad.join(", ")}` });
    }
    if (zips.length > 100) context.addIssue({ code: "custom", message: MESSAGES.zipTooMany });
  });

/** A checkbox: "on"/"true" → true, "off"/"false" → false, absent → undefined. */
const checkbox = z
  .union([z.boolean(), z.enum(["on", "true", "off", "false"])])
  .optional()
  .transform((value) =>
    value === undefined ? undefined : value === true || value === "on" || value === "true",
  );

export const locksmithFormSchema = z.object({
  name: requiredText(MESSAGES.nameRequired, 100, "Name"),
  phone,
  email: emailOrNull,
  /** Absent: a new locksmith is active, an edit leaves it as it was. */
  active: checkbox,
  assignedZips: zipList,
  paymentMethod: optionalText(100, "Payment method"),
  defaultCutPercent: wholeNumber(
    MESSAGES.cutPercent,
    MIN_CUT_PERCENT,
    MAX_CUT_PERCENT,
    DEFAULT_CUT_PERCENT,
  ),
});
export type LocksmithInput = z.output<typeof locksmithFormSchema>;

export const leadFormSchema = z.object({
  name: requiredText(MESSAGES.nameRequired, 100, "Name"),
  phone,
  serviceType: z.enum(SERVICE_TYPES, { error: MESSAGES.serviceType }),
  /** Free text (the spec's example is 60601): what the caller said. */
  zip: optionalText(20, "ZIP"),
  details: optionalText(2000, "Details"),
});
export type LeadInput = z.output<typeof leadFormSchema>;

export const dispatchCodeFormSchema = z.object({
  code: z
    .string({ error: MESSAGES.codeRequired })
    .transform(normalizeCode)
    .pipe(
      z
        .string()
        .min(1, MESSAGES.codeRequired)
        .max(MAX_CODE_LENGTH, MESSAGES.codeTooLong)
        .regex(CODE_PATTERN, MESSAGES.codeCharacters),
    ),
  leadId: optionalId(MESSAGES.chooseLead),
  locksmithId: optionalId(MESSAGES.chooseLocksmith),
  expirationHours: wholeNumber(
    MESSAGES.expirationHours,
    MIN_EXPIRATION_HOURS,
    MAX_EXPIRATION_HOURS,
    DEFAULT_EXPIRATION_HOURS,
  ),
});
export type DispatchCodeInput = z.output<typeof dispatchCodeFormSchema>;

/** A job typed in from scratch (jobs made from a lead take its details). */
export const jobFormSchema = z.object({
  clientName: requiredText(MESSAGES.clientNameRequired, 100, "Client name"),
  jobType: z.enum(SERVICE_TYPES, { error: MESSAGES.jobType }),
  locksmithId: optionalId(MESSAGES.chooseLocksmith),
  leadId: optionalId(MESSAGES.chooseLead),
});
export type JobInput = z.output<typeof jobFormSchema>;

export const jobFromLeadSchema = z.object({ leadId: id(MESSAGES.chooseLead) });

/**
 * Edit Pricing: the final price in dollars as typed ("$1,234.50") becomes cents; an empty
 * cut percent means "the locksmith's default cut".
 */
export const jobPricingSchema = z
  .object({
    jobId: id(),
    finalPrice: z
      .union([z.string(), z.number()], { error: "Enter an amount" })
      .transform((value, context) => {
        const parsed = parseMoney(value);
        if (!parsed.ok) {
          context.addIssue({ code: "custom", message: parsed.error });
          return z.NEVER;
        }
        return parsed.cents;
      }),
    theirCutPercent: z.preprocess(
      (value) => {
        if (value === undefined || value === null) return undefined;
        if (typeof value !== "string") return value;
        return value.trim() === "" ? undefined : Number(value.trim());
      },
      z
        .number({ error: MESSAGES.cutPercent })
        .int(MESSAGES.cutPercent)
        .min(MIN_CUT_PERCENT, MESSAGES.cutPercent)
        .max(MAX_CUT_PERCENT, MESSAGES.cutPercent)
        .optional(),
    ),
  })
  .transform(({ jobId, finalPrice, theirCutPercent }) => ({
    jobId,
    finalPriceCents: finalPrice,
    theirCutPercent,
  }));
export type JobPricingInput = z.output<typeof jobPricingSchema>;

// Status changes, one schema per entity.

export const locksmithToggleSchema = z.object({ locksmithId: id() });

export const leadStatusSchema = z.object({
  leadId: id(),
  status: z.enum(LEAD_STATUSES, { error: MESSAGES.chooseStatus }),
});

/** Assigning also moves the lead to in_progress (the spec). */
export const leadAssignSchema = z.object({
  leadId: id(),
  locksmithId: id(MESSAGES.chooseLocksmith),
});

export const jobStatusSchema = z.object({
  jobId: id(),
  status: z.enum(JOB_STATUSES, { error: MESSAGES.chooseStatus }),
});

export const dispatchCodeStatusSchema = z.object({
  codeId: id(),
  status: z.enum(DISPATCH_CODE_STATUSES, { error: MESSAGES.chooseStatus }),
});

/** Call logs are read only; their status is only a filter. */
export const callStatusFilterSchema = z.enum(CALL_STATUSES);
