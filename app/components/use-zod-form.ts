import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { checkingModes, useSettledResult, type FormOptions, type FormSchema } from "./form-options";

/**
 * A form whose schema comes with its code (a dialog's, loaded when first opened, or a sign-in
 * page's): Conform's useForm, checked in the browser with `parseWithZod` and the same zod
 * schema its action parses, from the start. `onSubmit` runs once the browser's check passed.
 */
export function useZodForm<Schema extends FormSchema>({
  schema,
  validateOn,
  defaultValue,
  lastResult,
  ...options
}: FormOptions<Schema> & {
  schema: Schema;
  onSubmit?: Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0]["onSubmit"];
}) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    lastResult: useSettledResult(lastResult),
    defaultValue: defaultValue as never,
    ...checkingModes(validateOn),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
