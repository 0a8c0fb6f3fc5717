import { z } from "zod";
import { PAYOUT_METHODS } from "../money/payouts";
import { SETTLEMENT_DIRECTIONS } from "../money/collection";
import { PAYOUT_FIELD } from "../ui-text";
import { id, intent, optionalText, pastDay, requestId } from "./fields";
import { dollars } from "./jobs";

/** Checkboxes named jobIds: none, one (a string) or many. */
const jobIds = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.uuid("Choose jobs from the list")).max(500),
);

/** Record payout: the amount, day, method, reference, partial, and the jobs it covers. */
export const payoutRecordSchema = intent("record", {
  locksmithId: id(),
  amount: dollars,
  paidOn: pastDay(PAYOUT_FIELD.paidOn),
  method: z.enum(PAYOUT_METHODS, { error: "Choose how it was paid" }),
  reference: optionalText(100, "Reference"),
  partial: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  jobIds,
  requestId,
  direction: z.enum(SETTLEMENT_DIRECTIONS).optional().default("to_locksmith"),
});

export const payoutActionSchema = z.discriminatedUnion("intent", [
  payoutRecordSchema,
  intent("undo", { payoutId: id() }),
]);
