import { z } from "zod";
import { MONEY } from "../ui-text";
import { parseMoney } from "../money/money";
import { intent } from "./fields";

/*
 * The locksmith's job page (/j/:token): one form per action, each a plain POST, so it
 * works on any phone with or without JavaScript.
 */

/** The most a locksmith can charge through the job page: $100,000. */
export const JOB_PAGE_MAX_PRICE_CENTS = 10_000_000;
export const ETA_MAX_MINUTES = 240;

export const JOB_PAGE_FIELD = {
  minutes: `Enter the minutes until you arrive, from 1 to ${ETA_MAX_MINUTES}`,
  price: "Enter the final price, from $0 to $100,000",
} as const;

const minutes = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
  z
    .number({ error: JOB_PAGE_FIELD.minutes })
    .int(JOB_PAGE_FIELD.minutes)
    .min(1, JOB_PAGE_FIELD.minutes)
    .max(ETA_MAX_MINUTES, JOB_PAGE_FIELD.minutes),
);

const price = z.string({ error: JOB_PAGE_FIELD.price }).transform((value, context) => {
  const parsed = parseMoney(value);
  if (parsed.ok && parsed.cents <= JOB_PAGE_MAX_PRICE_CENTS) return parsed.cents;
  const outOfRange =
    parsed.ok || parsed.error === MONEY.negative || parsed.error === MONEY.tooLarge;
  context.addIssue({ code: "custom", message: outOfRange ? JOB_PAGE_FIELD.price : parsed.error });
  return z.NEVER;
});

export const jobPageActionSchema = z.discriminatedUnion("intent", [
  intent("accept", {}),
  intent("decline", {}),
  intent("on_my_way", { minutes }),
  intent("arrived", {}),
  intent("complete", {
    price,
    /** The same price again, in cents, from the second tap that confirms an unusual one. */
    confirmed: z.preprocess(
      (value) => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null),
      z.number().int().nullable().optional(),
    ),
  }),
]);
export type JobPageAction = z.output<typeof jobPageActionSchema>;
