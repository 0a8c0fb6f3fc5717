import { z } from "zod";
import { COMPLIANCE_KINDS } from "../compliance/lapse";
import { latestLicenseExpiry, licenseToday } from "../locksmiths/license";
import { parseMoney } from "../money/money";
import { FIELD } from "../ui-text";
import { optionalDay, optionalText } from "./fields";

/*
 * Record or replace one compliance document (issue 45): its words, its days and, optionally,
 * a new file (a PDF, JPEG or PNG, checked by its bytes on the server).
 */

const optionalDollars = z
  .string()
  .trim()
  .nullish()
  .transform((value, context) => {
    if (!value) return null;
    const parsed = parseMoney(value);
    if (parsed.ok && parsed.cents > 0) return parsed.cents;
    context.addIssue({ code: "custom", message: parsed.ok ? FIELD.amountPositive : parsed.error });
    return z.NEVER;
  });

export const complianceDocumentSchema = z
  .object({
    intent: z.literal("compliance"),
    kind: z.enum(COMPLIANCE_KINDS, { error: FIELD.complianceKind }),
    provider: optionalText(100, "The name"),
    reference: optionalText(60, "The number"),
    amount: optionalDollars,
    expiresOn: optionalDay(() => latestLicenseExpiry(licenseToday()), {
      invalid: FIELD.licenseDate,
      tooLate: FIELD.licenseTooLate,
      tooEarly: FIELD.licenseTooEarly,
    }),
    checkedOn: optionalDay(licenseToday, {
      invalid: FIELD.checkedOnDate,
      tooLate: FIELD.checkedOnFuture,
      tooEarly: FIELD.licenseTooEarly,
    }),
    // An empty file input sends no file (conform leaves it out).
    file: z.instanceof(File).optional(),
  })
  .superRefine((value, context) => {
    if (value.kind === "background_check") {
      if (!value.checkedOn) {
        context.addIssue({ code: "custom", path: ["checkedOn"], message: FIELD.checkedOnDate });
      }
    } else if (!value.expiresOn) {
      context.addIssue({ code: "custom", path: ["expiresOn"], message: FIELD.licenseDate });
    }
  });
export type ComplianceDocumentForm = z.output<typeof complianceDocumentSchema>;

/** An owner removes a holder's document of a kind (the holder is the page's). */
export const removeComplianceSchema = z.object({
  intent: z.literal("removeCompliance"),
  kind: z.enum(COMPLIANCE_KINDS, { error: FIELD.complianceKind }),
});

/** Settings → Compliance: record or replace, or remove, one of the business's documents. */
export const complianceActionSchema = z.discriminatedUnion("intent", [
  complianceDocumentSchema,
  removeComplianceSchema,
]);
