import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { errorsOf } from "~/lib/forms/field-meta";

/**
 * What a form's data has wrong, read with its action's schema as the server reads it
 * (loaded with the schema, at first use: use-checked-form.ts).
 */
export function formErrors(formData: FormData, schema: z.ZodType) {
  const submission = parseWithZod(formData, { schema });
  return errorsOf(submission.status === "error" ? submission.error : undefined);
}
