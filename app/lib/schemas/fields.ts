import { z } from "zod";
import { FIELD } from "../ui-text";
import { usDigits } from "../phone";

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

/** A whole number typed in a field, or `fallback` when the field is empty. */
export function wholeNumber(message: string, min: number, max: number, fallback: number) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return fallback;
      if (typeof value !== "string") return value;
      return value.trim() === "" ? fallback : Number(value.trim());
    },
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
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
