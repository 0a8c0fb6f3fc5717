import { useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import {
  afterCheck,
  NOTHING_CHECKED,
  shownErrors,
  stateFromReply,
  type ErrorState,
  type FieldMeta,
  type FormErrors,
} from "~/lib/forms/field-meta";
import type { SubmissionResult } from "@conform-to/react";
import { afterNextPaint } from "./after-next-paint";

/** A form schema: what a form posts in, what the action reads out. */
export type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** The server's answer to a form: Conform's `submission.reply()`, which the actions send. */
export type LastResult = SubmissionResult<string[]> | null | undefined;

/** What a form's data has wrong, by field name; nothing when it is right. */
export type Check = (formData: FormData) => FormErrors;

/** Every key of every shape a schema takes in (a union's too). */
type KeysOf<T> = T extends unknown ? keyof T & string : never;

export interface FormMeta {
  id: string;
  errorId: string;
  /** The form's own errors (a refusal not about one field). */
  errors?: string[];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBlur: (event: FormEvent<HTMLFormElement>) => void;
  onInput: (event: FormEvent<HTMLFormElement>) => void;
}

/** The form element's attributes: its id, its checks, and no browser bubbles (ours show). */
export function formProps(form: FormMeta) {
  const { id, onSubmit, onBlur, onInput } = form;
  return { id, onSubmit, onBlur, onInput, noValidate: true };
}

/** The name of a field an event came from; buttons and nameless controls have none. */
function fieldName(target: EventTarget) {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
    return target instanceof HTMLSelectElement ? target.name : "";
  }
  return target.type === "submit" || target.type === "button" ? "" : target.name;
}

/**
 * A form checked in the browser as its action checks it on the server (decision 0040): a
 * field when it is left (`validateOn: "blur"`, or only on sending: "submit"), the whole form
 * when it is sent (the send stopped, the first wrong field focused), a checked field again
 * as it is typed in; the server's reply shows the same way, keeps what was typed, and an
 * accepted send resets the form. Without `check` (not loaded yet) the server alone checks.
 * The fields' metadata is what the field components take (`FieldMeta`).
 */
export interface FormOptions<Schema extends FormSchema> {
  /** The form element's id; a new id starts the form afresh (a record changed on the server). */
  id: string;
  /** The server's reply to the last send. */
  lastResult: LastResult;
  defaultValue?: Partial<Record<KeysOf<z.input<Schema>>, unknown>>;
  validateOn?: "blur" | "submit";
}

export function useCheckedForm<Schema extends FormSchema>(
  check: Check | undefined,
  { id, lastResult, defaultValue, validateOn = "blur" }: FormOptions<Schema>,
) {
  const [state, setState] = useState<ErrorState>(() =>
    lastResult?.error ? stateFromReply(lastResult.error) : NOTHING_CHECKED,
  );
  const [seen, setSeen] = useState({ id, lastResult, resets: 0 });
  // A new reply (a fetcher's goes back to undefined while it sends: kept) or a new record.
  if (seen.id !== id || (lastResult && lastResult !== seen.lastResult)) {
    const reset = seen.id === id && lastResult?.initialValue === null;
    setSeen({ id, lastResult, resets: seen.resets + (reset ? 1 : 0) });
    setState(
      seen.id === id && lastResult?.error ? stateFromReply(lastResult.error) : NOTHING_CHECKED,
    );
  }
  // Sent and accepted: the fields go back to where they started.
  useEffect(() => {
    if (seen.resets > 0) (document.getElementById(id) as HTMLFormElement | null)?.reset();
  }, [id, seen.resets]);

  // A field left before the schema came is checked when it comes (a quick Tab after typing).
  const leftUnchecked = useRef(false);
  useEffect(() => {
    const element = document.getElementById(id);
    if (!check || !leftUnchecked.current || !(element instanceof HTMLFormElement)) return;
    leftUnchecked.current = false;
    setState((now) => ({ ...now, errors: check(new FormData(element)) }));
  }, [check, id]);

  // A schema's first check is slow (zod builds its parsers, the engine compiles them: 48 ms
  // of the Dispatch send at 4x CPU). Made once, unseen, after the form has painted, so the
  // person's first check is as quick as any other.
  useEffect(() => {
    if (!check) return;
    afterNextPaint(() => {
      const element = document.getElementById(id);
      if (element instanceof HTMLFormElement) check(new FormData(element));
    });
    // Once per schema: the form's id changing does not make the parsers cold again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check]);

  // What the fields start from: what was typed, when the server refused it, or the record.
  const typed = lastResult?.initialValue as Record<string, unknown> | null | undefined;
  const start = (lastResult?.error && typed) || defaultValue || {};

  const form: FormMeta = {
    id,
    errorId: `${id}-form-error`,
    errors: shownErrors(state, ""),
    onSubmit(event) {
      if (!check) return; // not loaded yet: the server checks it
      // What is sent: the fields and the button that sent them (its name and value, if any).
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      const found = check(new FormData(event.currentTarget, submitter));
      setState({ errors: found, checked: "all" });
      if (Object.keys(found).length === 0) return;
      event.preventDefault();
      const first = [...event.currentTarget.elements].find(
        (element) => fieldName(element) && found[fieldName(element)],
      );
      (first as HTMLElement | undefined)?.focus();
    },
    onBlur(event) {
      const name = fieldName(event.target);
      if (!name || validateOn !== "blur") return;
      // Left for this form's send button: the send checks every field in a moment.
      const next = (event.nativeEvent as FocusEvent).relatedTarget;
      if (
        next instanceof HTMLButtonElement &&
        next.type === "submit" &&
        next.form === event.currentTarget
      ) {
        return;
      }
      if (!check) leftUnchecked.current = true;
      const found = check ? check(new FormData(event.currentTarget)) : state.errors;
      setState(afterCheck(state, name, found));
    },
    onInput(event) {
      const name = fieldName(event.target);
      const checked = state.checked === "all" || state.checked.has(name);
      if (!name || !checked || !check) return;
      setState(afterCheck(state, name, check(new FormData(event.currentTarget))));
    },
  };

  const fields = new Proxy({} as Record<KeysOf<z.input<Schema>>, FieldMeta>, {
    get: (_, key): FieldMeta => {
      const name = String(key);
      return {
        id: `${id}-${name}`,
        name,
        formId: id,
        errorId: `${id}-${name}-error`,
        errors: shownErrors(state, name),
        initialValue: (start as Record<string, unknown>)[name],
      };
    },
  });
  return [form, fields] as const;
}

/** Loads the schema at the page's first tap, key press or focus (decision 0040). */
function useCheckLoadedAtFirstUse<Schema extends FormSchema>(loadSchema: () => Promise<Schema>) {
  const [check, setCheck] = useState<{ run: Check }>();
  useEffect(() => {
    let live = true;
    const load = () => {
      // The parsing comes with the schema: @conform-to/zod brings zod along.
      void Promise.all([loadSchema(), import("./zod-parse")]).then(([schema, { formErrors }]) => {
        if (live) setCheck({ run: (formData) => formErrors(formData, schema) });
      });
    };
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
 * A form on the page from its first paint: the page hydrates without zod (decision 0040),
 * and the browser starts checking once the schema has loaded at the first tap, key press or
 * focus; the server always checks.
 */
export function useLazyZodForm<Schema extends FormSchema>({
  loadSchema,
  ...options
}: FormOptions<Schema> & { loadSchema: () => Promise<Schema> }) {
  return useCheckedForm<Schema>(useCheckLoadedAtFirstUse(loadSchema), options);
}
