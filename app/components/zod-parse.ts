import { parseWithZod } from "@conform-to/zod/v4";
import type { FormSchema } from "./use-zod-form";

/** A form's data read with its schema, as Conform reads it (loaded with the schema: use-lazy-zod-form.ts). */
export function parseForm(formData: FormData, schema: FormSchema) {
  return parseWithZod(formData, { schema });
}
