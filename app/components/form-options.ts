import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";

/*
 * What the app's two form hooks share: useZodForm (the schema comes with the form's code) and
 * useLazyZodForm (the schema loads at the first tap). Apart from both, so that a form on the
 * page from the start does not bring zod along through the other.
 */

/** A form schema: what a form posts in, what the action reads out. */
export type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** The server's answer to a form: Conform's `submission.reply()`, which the actions send. */
export type LastResult = SubmissionResult<string[]> | null | undefined;

/** Every key of every shape a schema takes in (a union's too). */
type KeysOf<T> = T extends unknown ? keyof T & string : never;

/**
 * What every form of the back office and the sign-in pages tells Conform's `useForm`: its id
 * (a new id starts the form afresh: a record changed on the server), the server's reply to
 * the last send (its errors shown by their fields, what was typed kept; an accepted send,
 * `resetForm`, resets the fields), where the fields start, and when a field is first checked:
 * when it is left ("blur", the default) or only when the form is sent ("submit"). Once
 * checked, a field is checked again as it is typed in.
 */
export interface FormOptions<Schema extends FormSchema> {
  id: string;
  lastResult: LastResult;
  defaultValue?: Partial<Record<KeysOf<z.input<Schema>>, unknown>>;
  validateOn?: "blur" | "submit";
}

/** Conform's checking modes for a form's `validateOn`. */
export function checkingModes(validateOn: FormOptions<FormSchema>["validateOn"] = "blur") {
  return {
    shouldValidate: validateOn === "blur" ? ("onBlur" as const) : ("onSubmit" as const),
    shouldRevalidate: "onInput" as const,
  };
}

/**
 * The server's reply, handed to Conform once the page's data has reloaded too. React Router
 * gives a page its action's answer while the loaders still run; an accepted send resets the
 * form to its defaults at once, so a settings form went back to the values it was opened with
 * (and the next save stored them again). Held until the navigation settles, the reset uses
 * the defaults just saved. A fetcher's form is not held: its page is not navigating.
 */
export function useSettledResult(lastResult: LastResult): LastResult {
  const settled = useNavigation().state === "idle";
  const [released, setReleased] = useState(lastResult);
  if (settled && released !== lastResult) setReleased(lastResult);
  return settled ? lastResult : released;
}
