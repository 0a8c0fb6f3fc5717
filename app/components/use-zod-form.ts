import { useCallback } from "react";
import { useCheckedForm, type FormOptions, type FormSchema } from "./use-checked-form";
import { formErrors } from "./zod-parse";

/**
 * A form whose schema comes with its code (a dialog's, loaded when first opened, or a sign-in
 * page's): checked in the browser with the same zod schema its action parses, from the start.
 */
export function useZodForm<Schema extends FormSchema>({
  schema,
  ...options
}: FormOptions<Schema> & { schema: Schema }) {
  const check = useCallback((formData: FormData) => formErrors(formData, schema), [schema]);
  return useCheckedForm<Schema>(check, options);
}

export { formProps } from "./use-checked-form";
export type { FormSchema, LastResult } from "./use-checked-form";
