import { z } from "zod";
import { TIN_TYPES, tinDigits, tinProblem } from "../tax/tin";
import { US_STATE_CODES } from "../tax/w9";
import { optionalText } from "./fields";

/*
 * The year-end 1099 forms (issue 49, decision 0070): a locksmith's W-9 on their page, and the
 * business's own details as the payer on the year-end page. Every field may be left empty
 * (the year-end page says what is missing); the number, when typed, must be a whole one of
 * its type, and an empty number keeps the one stored.
 */

export const TAX_FIELD = {
  tinType: "Choose SSN, ITIN or EIN",
  tinTypeFirst: "Choose the kind of number first",
  state: "Enter the two-letter state, like IL",
  zip: "Enter a 5-digit ZIP code, or ZIP+4 like 60629-1234",
  phone: "Enter the 10-digit phone number",
} as const;

const tinType = z
  .string()
  .nullish()
  .transform((value, context) => {
    if (!value) return null;
    const type = TIN_TYPES.find((choice) => choice === value);
    if (type) return type;
    context.addIssue({ code: "custom", message: TAX_FIELD.tinType });
    return z.NEVER;
  });

const state = z
  .string()
  .trim()
  .nullish()
  .transform((value, context) => {
    if (!value) return null;
    const code = value.toUpperCase();
    if (US_STATE_CODES.has(code)) return code;
    context.addIssue({ code: "custom", message: TAX_FIELD.state });
    return z.NEVER;
  });

const zip = z
  .string()
  .trim()
  .nullish()
  .transform((value, context) => {
    if (!value) return null;
    if (/^\d{5}(-\d{4})?$/.test(value)) return value;
    context.addIssue({ code: "custom", message: TAX_FIELD.zip });
    return z.NEVER;
  });

const w9Fields = {
  legalName: optionalText(120, "Legal name"),
  businessName: optionalText(120, "Business name"),
  tinType,
  tin: z.string().max(40).nullish(),
  street: optionalText(120, "Street address"),
  street2: optionalText(120, "Apartment or suite"),
  city: optionalText(60, "City"),
  state,
  zip,
};

/** The number typed, as digits, checked against its type; empty: null (keep the stored one). */
function checkTin<T extends { tinType: (typeof TIN_TYPES)[number] | null; tin?: string | null }>(
  value: T,
  context: z.RefinementCtx,
): Omit<T, "tin"> & { tin: string | null } {
  const typed = value.tin?.trim() ?? "";
  if (!typed) return { ...value, tin: null };
  if (!value.tinType) {
    context.addIssue({ code: "custom", path: ["tinType"], message: TAX_FIELD.tinTypeFirst });
    return z.NEVER;
  }
  const digits = tinDigits(typed);
  const problem = tinProblem(value.tinType, digits);
  if (problem) {
    context.addIssue({ code: "custom", path: ["tin"], message: problem });
    return z.NEVER;
  }
  return { ...value, tin: digits };
}

export const w9Schema = z.object({ intent: z.literal("w9"), ...w9Fields }).transform(checkTin);
export type W9Form = z.output<typeof w9Schema>;

export const taxPayerSchema = z
  .object({
    intent: z.literal("payer"),
    ...w9Fields,
    phone: z
      .string()
      .trim()
      .nullish()
      .transform((value, context) => {
        if (!value) return null;
        const digits = value.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
        if (digits.length === 10) return digits;
        context.addIssue({ code: "custom", message: TAX_FIELD.phone });
        return z.NEVER;
      }),
  })
  .transform(checkTin);
export type TaxPayerForm = z.output<typeof taxPayerSchema>;
