import { z } from "zod";
import { FIELD } from "../ui-text";
import { usDigits } from "../phone";
import { addDays, chicagoDay, formatDay, parseDay } from "../time/chicago-period";

/*
 * Field builders shared by the back office's form and action schemas. They accept FormData
 * values as they arrive: strings, with an empty field either "" or missing (Conform drops
 * empty strings), and give typed values ready for the models.
 */

const EMPTY_CHOICES = new Set(["", "none"]);

/** One member of an action's union: the form's fields plus its `intent` (a hidden input). */
export function intent<const I extends string, S extends z.ZodRawShape>(name: I, shape: S) {
  return z.object({ intent: z.literal(name), ...shape });
}

export function requiredText(message: string, max: number, label: string) {
  return z.string({ error: message }).trim().min(1, message).max(max, FIELD.tooLong(label, max));
}

/**
 * Optional free text: empty is saved as null (docs/spec/back-office.md §5, for email and payment
 * method).
 */
export function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, FIELD.tooLong(label, max))
    .nullish()
    .transform((value) => value || null);
}

/**
 * A US phone number (any ten digits: docs/spec/back-office.md §5 only requires a phone), stored as
 * E.164.
 */
export const phone = requiredText(FIELD.phoneRequired, 40, "Phone")
  .refine((value) => usDigits(value).length === 10, FIELD.phoneInvalid)
  .transform((value) => `+1${usDigits(value)}`);

/** Where the locksmith goes: street and unit, or cross streets. */
export const address = optionalText(200, "Address");

/**
 * The form's one-time token (a UUID made when the form is shown): the same token twice is
 * one submission, so a double click makes one record.
 */
export const requestId = z.uuid().nullish().catch(null);

/**
 * A whole number as typed: decimal digits with an optional leading minus, nothing else. NaN
 * for anything else, so "0x10", "1e2", "0b1", "+5", "1_000" or "1.0" are refused rather than
 * read as 16, 100 or 1 the way `Number()` reads them (decision 0037).
 */
export function parseWholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A FormData value as a whole number for a z.number(): strings through parseWholeNumber. */
export function wholeNumberInput(value: unknown, empty: unknown = undefined): unknown {
  if (value === undefined || value === null) return empty;
  if (typeof value !== "string") return value;
  return value.trim() === "" ? empty : parseWholeNumber(value);
}

/** A whole number typed in a field, or `fallback` when the field is empty. */
export function wholeNumber(message: string, min: number, max: number, fallback: number) {
  return z.preprocess(
    (value) => wholeNumberInput(value, fallback),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

/** The earliest business day a form takes: older is a typing slip (decision 0037). */
export const EARLIEST_BUSINESS_DAY = "2000-01-01";
/**
 * How many days past today (Chicago) a day that already happened may be dated: one, for a
 * browser whose clock or time zone is a little ahead of the business's.
 */
export const FUTURE_MARGIN_DAYS = 1;

interface DayMessages {
  invalid: string;
  tooLate: string;
  tooEarly: string;
}

/**
 * The rule a typed day breaks, in order: not a real YYYY-MM-DD day, after `latest`, before
 * EARLIEST_BUSINESS_DAY; undefined when it breaks none.
 */
function brokenDayRule(value: string, latest: string, messages: DayMessages): string | undefined {
  if (parseDay(value) === undefined) return messages.invalid;
  if (value > latest) return messages.tooLate;
  if (value < EARLIEST_BUSINESS_DAY) return messages.tooEarly;
  return undefined;
}

/**
 * A day that has happened (a payment made), typed in a date field as "YYYY-MM-DD": a real
 * day, from EARLIEST_BUSINESS_DAY to today in Chicago plus FUTURE_MARGIN_DAYS, read at parse
 * time (on the server, at the action).
 */
export function pastDay(messages: { required: string; tooLate: string; tooEarly: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .superRefine((value, context) => {
      const latest = formatDay(addDays(chicagoDay(new Date()), FUTURE_MARGIN_DAYS));
      const broken = brokenDayRule(value, latest, { invalid: messages.required, ...messages });
      if (broken) context.addIssue({ code: "custom", message: broken });
    });
}

/**
 * An optional day in a date field (empty is saved as null): a real day, from
 * EARLIEST_BUSINESS_DAY to `latest()`, read at parse time (on the server, at the action).
 */
export function optionalDay(latest: () => string, messages: DayMessages) {
  return z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .superRefine((value, context) => {
      const broken = value === null ? undefined : brokenDayRule(value, latest(), messages);
      if (broken) context.addIssue({ code: "custom", message: broken });
    });
}

/** An id chosen in a select or carried by a hidden input: required. */
export function id(message: string = FIELD.missingId) {
  return z.string({ error: message }).trim().pipe(z.uuid(message));
}

/** An id chosen in a select where "no choice" ("" or "none") is saved as null. */
export function optionalId(message: string) {
  return z
    .string()
    .trim()
    .nullish()
    .transform((value) =>
      value === null || value === undefined || EMPTY_CHOICES.has(value) ? null : value,
    )
    .pipe(z.uuid(message).nullable());
}

export const emailOrNull = z
  .string()
  .trim()
  .max(254, FIELD.emailInvalid)
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null))
  .pipe(z.email(FIELD.emailInvalid).nullable());
