import { parseWithZod } from "@conform-to/zod/v4";
import { errorsOf } from "~/lib/forms/field-meta";
import type { FormSchema } from "./use-zod-form";

/**
 * What a form's data has wrong, read with its action's schema as the server reads it
 * (loaded with the schema, at first use: use-lazy-zod-form.ts).
 */
export function formErrors(formData: FormData, schema: FormSchema) {
  const submission = parseWithZod(formData, { schema });
  return errorsOf(submission.status === "error" ? submission.error : undefined);
}
