import { useForm, type Submission } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { z } from "zod";
import type { FormSchema, ZodFormOptions } from "./use-zod-form";

type Validate<Schema extends FormSchema> = (
  formData: FormData,
) => Submission<z.input<Schema>, string[], z.output<Schema>>;

/**
 * useZodForm for a form on the page from the start, with its schema loaded later: the page
 * hydrates without zod; the browser checks fields once the schema is there (loaded at the
 * page's first tap, key press or focus), and the server always does (decision 0040).
 */
export function useLazyZodForm<Schema extends FormSchema>({
  loadSchema,
  ...options
}: Omit<ZodFormOptions<Schema>, "schema"> & { loadSchema: () => Promise<Schema> }) {
  const [validate, setValidate] = useState<{ run: Validate<Schema> }>();
  useEffect(() => {
    let live = true;
    const load = () => {
      // The parsing comes with the schema: @conform-to/zod brings zod along.
      void Promise.all([loadSchema(), import("./zod-parse")]).then(([schema, { parseForm }]) => {
        if (live) setValidate({ run: (formData) => parseForm(formData, schema) as never });
      });
    };
    const types = ["pointerdown", "keydown", "focusin"] as const;
    const once = () => {
      for (const type of types) document.removeEventListener(type, once, true);
      load();
    };
    for (const type of types) document.addEventListener(type, once, true);
    return () => {
      live = false;
      for (const type of types) document.removeEventListener(type, once, true);
    };
    // The schema is the form's for good: loaded once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { id, lastResult, defaultValue, validateOn = "blur" } = options;
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue,
    onValidate: validate ? ({ formData }) => validate.run(formData) : undefined,
    shouldValidate: validateOn === "blur" ? "onBlur" : "onSubmit",
    shouldRevalidate: "onInput",
  });
}
