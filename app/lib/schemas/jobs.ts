import { z } from "zod";
import { OFFICE_JOB_STATUSES, SERVICE_TYPES } from "../business-enums";
import { MAX_CUT_PERCENT, MIN_CUT_PERCENT } from "../money/job-split";
import { FIELD } from "../ui-text";
import { parseMoney } from "../money/money";
import { RECORDED_METHODS } from "../money/payment-plan";
import { id, intent, optionalId, requiredText, wholeNumberInput } from "./fields";

/** A job typed in from scratch (jobs made from a lead take its details). */
export const jobCreateSchema = intent("create", {
  clientName: requiredText(FIELD.clientNameRequired, 100, "Client name"),
  jobType: z.enum(SERVICE_TYPES, { error: FIELD.jobType }),
  locksmithId: optionalId(FIELD.chooseLocksmith),
  leadId: optionalId(FIELD.chooseLead),
});

export const jobFromLeadSchema = intent("create-from-lead", { leadId: id(FIELD.chooseLead) });

/** Dollars as typed ("$1,234.50") → cents, with parseMoney's message when it cannot. */
export const dollars = z
  .union([z.string(), z.number()], { error: "Enter an amount" })
  .transform((value, context) => {
    const parsed = parseMoney(value);
    if (parsed.ok) return parsed.cents;
    context.addIssue({ code: "custom", message: parsed.error });
    return z.NEVER;
  });

/**
 * Edit Pricing: the final price (in cents once parsed) and the locksmith's cut; an empty
 * cut means "the locksmith's default cut".
 */
export const jobPricingSchema = intent("pricing", {
  jobId: id(),
  finalPrice: dollars,
  theirCutPercent: z.preprocess(
    (value) => wholeNumberInput(value),
    z
      .number({ error: FIELD.cutPercent })
      .int(FIELD.cutPercent)
      .min(MIN_CUT_PERCENT, FIELD.cutPercent)
      .max(MAX_CUT_PERCENT, FIELD.cutPercent)
      .optional(),
  ),
});

/** The Jobs page's actions. */
export const jobActionSchema = z.discriminatedUnion("intent", [
  jobCreateSchema,
  jobFromLeadSchema,
  jobPricingSchema,
  intent("status", {
    jobId: id(),
    status: z.enum(OFFICE_JOB_STATUSES, { error: FIELD.chooseStatus }),
  }),
  // A card payment the office decides on: give back what is over the price, or keep it.
  intent("refund-payment", { jobId: id() }),
  intent("keep-payment", { paymentId: id() }),
  // A lead for the work again, under the completed job's service guarantee (issue 45).
  intent("guarantee-callback", { jobId: id() }),
  // A payment plan (issue 45): rows of a date and an amount; rows left empty are not counted.
  intent("payment-plan", {
    jobId: id(),
    plan: z
      .array(z.object({ dueOn: z.string().optional(), amount: z.string().optional() }).optional())
      .default([])
      .transform((rows, context) =>
        rows.flatMap((row) => {
          if (!row || (!row.dueOn && !row.amount)) return [];
          const parsed = parseMoney(row.amount ?? "");
          if (!parsed.ok) {
            context.addIssue({ code: "custom", message: parsed.error });
            return [];
          }
          return [{ dueOn: row.dueOn ?? "", amountCents: parsed.cents }];
        }),
      ),
  }),
  intent("instalment-paid", {
    instalmentId: id(),
    method: z.enum(RECORDED_METHODS, { error: "Choose cash or check" }),
  }),
]);
