import { z } from "zod";
import { MONEY } from "../ui-text-shell";
import { parseMoney } from "../money/money";
import { intent, parseWholeNumber } from "./fields";
import { COLLECTORS, CUSTOMER_PAYMENT_METHODS } from "../money/collection";
import { promisedFreeCharge } from "../money/promised-charges";
import { LINE_KIND_LABELS, typedLineKind } from "../money/line-kinds";
import {
  DISCOUNT_KINDS,
  DISCOUNT_REASON_MAX,
  DISCOUNT_TEXT,
  QUOTE_MAX_LINES,
  QUOTE_REASON_MAX,
  type QuoteLine,
} from "../money/quote";
import {
  ARRIVAL_PROMISE_TEXT,
  ETA_MAX_MINUTES,
  LATE_REASON_MAX,
} from "../dispatch/arrival-promise";
import { RELAY_MAX_LENGTH } from "../texting/relay";
import { SIGNATURE_MESSAGE, signatureDataUrl } from "./signature";
import { doorCheckSchema, doorRefusalSchema } from "./door-check";

/*
 * The locksmith's job page (/j/:token): one form per action, each a plain POST, so it
 * works on any phone with or without JavaScript.
 */

/** The most a locksmith can charge through the job page: $100,000. */
export const JOB_PAGE_MAX_PRICE_CENTS = 10_000_000;

export const JOB_PAGE_FIELD = {
  minutes: `Enter the minutes until you arrive, from 1 to ${ETA_MAX_MINUTES}`,
  price: "Enter the final price, from $0 to $100,000",
  amount: "Enter an amount, from $0 to $100,000",
  lineLabel: "Say what this line is for",
  reason: `Keep the reason to ${QUOTE_REASON_MAX} characters`,
  paymentMethod: "Choose how the customer paid",
  collectedBy: "Choose who holds the money",
  payLinkToBusiness: "A pay link pays the business: choose The business",
  noPayLink: "Card pay links are not set up: choose how the customer paid on site",
  approvalCode: "Type the 6-digit code the customer got by text",
  signerName: "The customer types their full name",
  signerConsent: "The customer ticks the box to approve",
  signature: SIGNATURE_MESSAGE,
  relay: "Write the text to the customer",
  relayTooLong: `Keep the text to ${RELAY_MAX_LENGTH} characters`,
} as const;

const minutes = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? parseWholeNumber(value) : value),
  z
    .number({ error: JOB_PAGE_FIELD.minutes })
    .int(JOB_PAGE_FIELD.minutes)
    .min(1, JOB_PAGE_FIELD.minutes)
    .max(ETA_MAX_MINUTES, JOB_PAGE_FIELD.minutes),
);

/** Dollars typed on a phone, into cents from 0 to $100,000, with the field's message. */
function cents(message: string) {
  return z.string({ error: message }).transform((value, context) => {
    const parsed = parseMoney(value);
    if (parsed.ok && parsed.cents <= JOB_PAGE_MAX_PRICE_CENTS) return parsed.cents;
    const outOfRange =
      parsed.ok || parsed.error === MONEY.negative || parsed.error === MONEY.tooLarge;
    context.addIssue({ code: "custom", message: outOfRange ? message : parsed.error });
    return z.NEVER;
  });
}

const price = cents(JOB_PAGE_FIELD.price);

/**
 * A quote's line: what it is for, and both parts, or neither (an empty row of the form is left
 * out). An after-hours line is named by its kind; its amount and whether the business charges
 * one at all are the server's to check (app/lib/money/line-kinds.ts).
 */
const quoteLine = z
  .object({
    kind: z.unknown().optional(),
    label: z.string().trim().max(80).optional(),
    amount: cents(JOB_PAGE_FIELD.amount).optional(),
  })
  .transform((line, context) => {
    const kind = typedLineKind(line.kind);
    if (!kind.ok) {
      context.addIssue({ code: "custom", path: ["kind"], message: kind.error });
      return z.NEVER;
    }
    const label =
      line.label || (kind.kind === "after_hours" ? LINE_KIND_LABELS.after_hours : undefined);
    if (line.amount !== undefined && !label) {
      context.addIssue({ code: "custom", path: ["label"], message: JOB_PAGE_FIELD.lineLabel });
    }
    if (line.label && line.amount === undefined) {
      context.addIssue({ code: "custom", path: ["amount"], message: JOB_PAGE_FIELD.amount });
    }
    const promisedFree =
      kind.kind !== "after_hours" && line.label && promisedFreeCharge(line.label);
    if (promisedFree) context.addIssue({ code: "custom", path: ["label"], message: promisedFree });
    return { kind: kind.kind, label, amount: line.amount };
  });

export const jobPageActionSchema = z
  .discriminatedUnion("intent", [
    intent("accept", {}),
    intent("decline", {}),
    intent("on_my_way", {
      minutes,
      /** Why an emergency's estimate is over the promise (the server knows the service). */
      lateReason: z
        .string()
        .trim()
        .max(LATE_REASON_MAX, ARRIVAL_PROMISE_TEXT.reasonTooLong)
        .transform((value) => value || undefined)
        .optional(),
    }),
    intent("arrived", {}),
    intent("call_customer", {}),
    intent("text_customer", {
      body: z
        .string({ error: JOB_PAGE_FIELD.relay })
        .trim()
        .min(1, JOB_PAGE_FIELD.relay)
        .max(RELAY_MAX_LENGTH, JOB_PAGE_FIELD.relayTooLong),
    }),
    intent("quote", {
      total: cents(JOB_PAGE_FIELD.amount).optional(),
      lines: z
        .array(quoteLine.optional())
        .max(QUOTE_MAX_LINES)
        .optional()
        .transform((lines): QuoteLine[] =>
          (lines ?? []).flatMap((line) =>
            line?.label && line.amount !== undefined
              ? [{ label: line.label, cents: line.amount, kind: line.kind }]
              : [],
          ),
        ),
      reason: z
        .string()
        .trim()
        .max(QUOTE_REASON_MAX, JOB_PAGE_FIELD.reason)
        .optional()
        .transform((value) => value || null),
      // Checked together with the lines by discountLine (app/lib/money/quote.ts).
      discount: z.preprocess(
        (value) => (value === "" ? undefined : value),
        z.enum(DISCOUNT_KINDS, { error: DISCOUNT_TEXT.kind }).optional(),
      ),
      discountAmount: z.preprocess(
        (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
        cents(DISCOUNT_TEXT.amount).optional(),
      ),
      discountReason: z.preprocess(
        (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
        z
          .string()
          .trim()
          .max(DISCOUNT_REASON_MAX, `Keep it to ${DISCOUNT_REASON_MAX} characters`)
          .optional(),
      ),
    }),
    intent("send_approval_code", { quoteId: z.uuid() }),
    intent("approve_with_code", {
      quoteId: z.uuid(),
      code: z
        .string({ error: JOB_PAGE_FIELD.approvalCode })
        .trim()
        .regex(/^\d{6}$/, JOB_PAGE_FIELD.approvalCode),
    }),
    intent("approve_with_signature", {
      quoteId: z.uuid(),
      signerName: z
        .string({ error: JOB_PAGE_FIELD.signerName })
        .trim()
        .min(2, JOB_PAGE_FIELD.signerName)
        .max(120, JOB_PAGE_FIELD.signerName),
      consent: z.literal("on", { error: JOB_PAGE_FIELD.signerConsent }),
      signature: z.preprocess(
        (value) => (value === "" ? undefined : value),
        signatureDataUrl.optional(),
      ),
    }),
    intent("complete", {
      price,
      paymentMethod: z.enum(CUSTOMER_PAYMENT_METHODS, { error: JOB_PAGE_FIELD.paymentMethod }),
      collectedBy: z.enum(COLLECTORS, { error: JOB_PAGE_FIELD.collectedBy }),
      /** The same price again, in cents, from the second tap that confirms an unusual one. */
      confirmed: z.preprocess(
        (value) => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null),
        z.number().int().nullable().optional(),
      ),
    }),
    // The door check and the refusal (issue 49): app/lib/door-check/check-form.ts.
    doorCheckSchema,
    doorRefusalSchema,
  ])
  .superRefine((action, context) => {
    if (
      action.intent === "complete" &&
      action.paymentMethod === "pay_link" &&
      action.collectedBy !== "business"
    ) {
      context.addIssue({
        code: "custom",
        path: ["collectedBy"],
        message: JOB_PAGE_FIELD.payLinkToBusiness,
      });
    }
  });
export type JobPageAction = z.output<typeof jobPageActionSchema>;
