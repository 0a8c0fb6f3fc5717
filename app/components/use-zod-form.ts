import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** A form schema: what a form posts in, what the action reads out. */
export type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** The server's answer to a form, as Conform reads it back. */
export type LastResult = SubmissionResult<string[]> | null | undefined;

export interface ZodFormOptions<Schema extends FormSchema> {
  /** Unique on the page (per record where it edits one): Conform keys its state by it. */
  id: string;
  /** The schema the action parses this form with. */
  schema: Schema;
  lastResult: LastResult;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** "blur" checks a field when it is left; "submit" waits for the send (one-field code forms). */
  validateOn?: "blur" | "submit";
}

/**
 * Every form's Conform setup: checked in the browser with the same zod schema its action
 * parses, then again as each error is being corrected, with the server's answer shown.
 */
export function useZodForm<Schema extends FormSchema>({
  id,
  schema,
  lastResult,
  defaultValue,
  validateOn = "blur",
}: ZodFormOptions<Schema>) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: validateOn === "blur" ? "onBlur" : "onSubmit",
    shouldRevalidate: "onInput",
  });
}
