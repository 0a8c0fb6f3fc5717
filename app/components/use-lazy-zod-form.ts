import { useForm, type Submission } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { afterNextPaint } from "./after-next-paint";
import { checkingModes, useSettledResult, type FormOptions, type FormSchema } from "./form-options";

/** The browser's check of a form's data, once its schema has loaded. */
type Check = (formData: FormData) => Submission<Record<string, unknown>>;

/**
 * Loads the schema, with Conform's `parseWithZod` (which brings zod), at the page's first
 * tap, key press or focus, after that event's paint (decision 0040).
 */
function useCheckLoadedAtFirstUse(loadSchema: () => Promise<FormSchema>) {
  const [check, setCheck] = useState<{ run: Check }>();
  useEffect(() => {
    let live = true;
    const load = () =>
      void Promise.all([loadSchema(), import("@conform-to/zod/v4")]).then(
        ([schema, { parseWithZod }]) => {
          if (live) setCheck({ run: (formData) => parseWithZod(formData, { schema }) });
        },
      );
    const types = ["pointerdown", "keydown", "focusin"] as const;
    const once = () => {
      for (const type of types) document.removeEventListener(type, once, true);
      // After the event's paint: the imports cost a phone tens of milliseconds in the tap.
      afterNextPaint(() => live && load());
    };
    for (const type of types) document.addEventListener(type, once, true);
    return () => {
      live = false;
      for (const type of types) document.removeEventListener(type, once, true);
    };
    // The schema is the form's for good: loaded once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return check?.run;
}

/**
 * A form on the page from its first paint: Conform's useForm, hydrated without zod (decision
 * 0040). Until the schema has loaded at the first tap, key press or focus, the server alone
 * checks what is sent (Conform sends it as it is); then the browser checks as `validateOn`
 * says, a field left before the schema came is checked when it comes, and the schema's
 * first, slow parse is made once, unseen, after the form has painted.
 */
export function useLazyZodForm<Schema extends FormSchema>({
  loadSchema,
  validateOn,
  defaultValue,
  lastResult,
  ...options
}: FormOptions<Schema> & { loadSchema: () => Promise<Schema> }) {
  const check = useCheckLoadedAtFirstUse(loadSchema);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    lastResult: useSettledResult(lastResult),
    defaultValue: defaultValue as never,
    // Unloaded, any check would be the server's, a send per field left: none until it comes.
    ...(check
      ? checkingModes(validateOn)
      : { shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" }),
    onValidate: check && (({ formData }) => check(formData) as never),
  });

  // Fields left before the schema came (a quick Tab after typing), checked when it comes.
  const leftUnchecked = useRef(new Set<string>());
  useEffect(() => {
    if (check || validateOn === "submit") return;
    const left = (event: FocusEvent) => {
      const field = event.target as Partial<HTMLInputElement>;
      if (field.form?.id === options.id && field.name) leftUnchecked.current.add(field.name);
    };
    document.addEventListener("focusout", left);
    return () => document.removeEventListener("focusout", left);
  }, [check, validateOn, options.id]);
  const { validate } = form;
  useEffect(() => {
    if (!check) return;
    for (const name of leftUnchecked.current) validate({ name });
    leftUnchecked.current.clear();
    // A schema's first parse is slow (zod builds its parsers, the engine compiles them: 48 ms
    // of the Dispatch send at 4x CPU), so the person's first check should not be it.
    afterNextPaint(() => {
      const element = document.getElementById(options.id);
      if (element instanceof HTMLFormElement) check(new FormData(element));
    });
    // Once per schema: the form's id changing does not make the parsers cold again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check]);
  return [form, fields] as const;
}
