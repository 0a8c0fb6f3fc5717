/**
 * What a form field needs to render itself: its name, ids, errors and starting value, as
 * the form hooks give it (app/components/use-checked-form.ts) and the field components
 * take it.
 */
export interface FieldMeta {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  /** Shown errors; undefined while the field has none or has not been checked yet. */
  errors?: string[] | undefined;
  /** The value the field starts from (the record's, or what was typed before a refusal). */
  initialValue?: unknown;
}

/** A form's errors by field name ("" for the form's own), as a form's reply carries them. */
export type FormErrors = Record<string, string[]>;

/** The errors a reply or a check found, without the fields it found nothing wrong with. */
export function errorsOf(error: Record<string, string[] | null> | null | undefined): FormErrors {
  const errors: FormErrors = {};
  for (const [name, messages] of Object.entries(error ?? {})) {
    if (messages?.length) errors[name] = messages;
  }
  return errors;
}

/** The control's own attributes: name, id, its form, aria-invalid and where it starts. */
export function controlProps(meta: FieldMeta, type?: string) {
  const invalid = meta.errors ? true : undefined;
  const base = { id: meta.id, name: meta.name, form: meta.formId, "aria-invalid": invalid };
  if (type === "checkbox") {
    const on = meta.initialValue === "on" || meta.initialValue === true;
    return { ...base, type, value: "on", defaultChecked: on };
  }
  const start = meta.initialValue;
  return {
    ...base,
    ...(type ? { type } : {}),
    defaultValue:
      typeof start === "string" || typeof start === "number" ? String(start) : undefined,
  };
}

/**
 * What a form shows: a field's errors once it has been checked (left, or sent), the
 * form's own errors once it has been sent.
 */
export interface ErrorState {
  errors: FormErrors;
  /** Fields checked since the form started; `all` after a send. */
  checked: ReadonlySet<string> | "all";
}

export const NOTHING_CHECKED: ErrorState = { errors: {}, checked: new Set() };

export function shownErrors(state: ErrorState, name: string): string[] | undefined {
  const checked = state.checked === "all" || state.checked.has(name);
  return checked ? state.errors[name] : undefined;
}

/** The state a server's reply leaves: what it refused, each such field checked. */
export function stateFromReply(error: Record<string, string[] | null> | null | undefined) {
  const errors = errorsOf(error);
  return { errors, checked: new Set(Object.keys(errors)) } satisfies ErrorState;
}

/** A field left or changed: it counts as checked, and the errors are the latest check's. */
export function afterCheck(state: ErrorState, name: string, found: FormErrors): ErrorState {
  if (state.checked === "all") return { errors: found, checked: "all" };
  const checked = new Set(state.checked).add(name);
  return { errors: found, checked };
}
