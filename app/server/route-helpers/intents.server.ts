import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type UNSAFE_DataWithResponseInit } from "react-router";
import type { z } from "zod";
import type { ActionReply } from "~/lib/admin/action-reply";
import { closedDialogHref, isDialogAddress } from "~/lib/admin/dialog-address";
import { ERROR_TITLE, UNREADABLE_FORM } from "~/lib/ui-text";
import { HashingBusyError } from "../auth/password.server";
import { logger } from "../logger.server";
import { RuleError } from "../rule-error.server";
import { redirectWithToast, toastHeaders, type ToastInput } from "./toast.server";

/*
 * The one way a back-office route handles a form post. The route gives a zod discriminated union of
 * its intents (the hidden `intent` field picks one) and, per intent, what to run and its failure
 * message (docs/spec/back-office.md §8); this module parses the body once (conform), answers
 * invalid input with field errors, and turns what the handler throws into the answer:
 *
 *   RuleError (a business rule)  → its status (404/409), the message next to its field (or
 *                                  as the form's error), and an 'Error' toast
 *   a Response (a redirect)      → passed on as it is (e.g. "confirm it's you first")
 *   anything else                → 500, logged, the failure message as form error and toast
 *
 * Every answer is { ok, intent, result }: dialogs read `result` (conform's reply) and close
 * on `ok`; row controls only need the toast, which rides on a cookie (toast.server.ts).
 */

/** What a handler may ask for once its change is made. */
export interface IntentOutcome {
  /** The success toast: a title, or a title with its description. */
  toast?: string | { title: string; description?: string; type?: "success" | "info" };
  /** Go there (a redirect carrying the toast) instead of answering in place. */
  redirectTo?: string;
  /** More headers for the answer (e.g. a new session cookie). */
  headers?: Headers;
  /** What the page shows of the result (a dispatch's text to send). */
  data?: unknown;
}

export interface IntentHandler<Value> {
  /** The failure message of this action: the 'Error' toast's text when it fails. */
  failure: string;
  /**
   * A form the user types in: invalid input is answered with its field errors alone. Without
   * it (a row control whose values come from the page), invalid input means a stale or forged
   * page, and gets the failure toast too.
   */
  form?: boolean;
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
  run(value: Value): Promise<IntentOutcome | void>;
}

type Intent<S extends z.ZodType> =
  z.output<S> extends { intent: infer I extends string } ? I : never;

export type IntentHandlers<S extends z.ZodType> = {
  [I in Intent<S>]: IntentHandler<Extract<z.output<S>, { intent: I }>>;
};

type Answer = UNSAFE_DataWithResponseInit<ActionReply> | Response;

/**
 * Where a dialog's form sent by the browser itself (no JavaScript, or none loaded yet) goes
 * once it succeeds. The browser shows whatever the action answers: at the dialog's address
 * that is the dialog again, open and empty, as if nothing was saved. A page's script sends
 * with fetch instead (Sec-Fetch-Mode is not "navigate") and closes the dialog itself.
 */
function closingDialog(request: Request): string | undefined {
  if (request.headers.get("Sec-Fetch-Mode") !== "navigate") return undefined;
  const url = new URL(request.url);
  return isDialogAddress(url) ? closedDialogHref(url.pathname, url.search) : undefined;
}

export async function handleIntents<S extends z.ZodType>(
  request: Request,
  schema: S,
  handlers: IntentHandlers<S>,
): Promise<Answer> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data({ ok: false, intent: null, message: UNREADABLE_FORM }, { status: 400 });
  }
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(handlers, intent)) {
    return data({ ok: false, intent: null, message: UNREADABLE_FORM }, { status: 400 });
  }
  const handler = handlers[intent as Intent<S>] as IntentHandler<z.output<S>>;
  const hideFields = handler.hideFields;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data(
      { ok: false, intent, result: submission.reply({ hideFields }) },
      {
        status: 400,
        headers: handler.form ? undefined : await failureToast(handler.failure),
      },
    );
  }

  let outcome: IntentOutcome | void;
  try {
    outcome = await handler.run(submission.value as z.output<S>);
  } catch (thrown) {
    if (thrown instanceof Response) throw thrown;
    // Too many passwords being hashed at this moment: a 503 to retry, not a failure.
    const cause =
      thrown instanceof HashingBusyError
        ? new RuleError(thrown.message, { status: 503, retryAfter: thrown.retryAfterSeconds })
        : thrown;
    if (cause instanceof RuleError) {
      const result = cause.field
        ? submission.reply({ fieldErrors: { [cause.field]: [cause.message] }, hideFields })
        : submission.reply({ formErrors: [cause.message], hideFields });
      // The toast says the failure text (docs/spec/back-office.md §8). A rule that refused (409)
      // also says why, unless the reason is on screen already, next to its field.
      const description =
        cause.status === 409 && !cause.field
          ? `${handler.failure}: ${cause.message}`
          : handler.failure;
      const headers = await failureToast(description);
      if (cause.retryAfter) headers.set("Retry-After", String(cause.retryAfter));
      return data({ ok: false, intent, result }, { status: cause.status, headers });
    }
    logger.error({ err: cause, intent }, handler.failure);
    return data(
      {
        ok: false,
        intent,
        result: submission.reply({ formErrors: [handler.failure], hideFields }),
      },
      { status: 500, headers: await failureToast(handler.failure) },
    );
  }

  const toast = outcome?.toast === undefined ? undefined : successToast(outcome.toast);
  const headers = new Headers(outcome?.headers);
  const redirectTo = outcome?.redirectTo ?? closingDialog(request);
  if (redirectTo) {
    return toast
      ? redirectWithToast(redirectTo, toast, headers)
      : redirect(redirectTo, { headers });
  }
  if (toast)
    for (const cookie of (await toastHeaders(toast)).getSetCookie())
      headers.append("Set-Cookie", cookie);
  return data(
    {
      ok: true,
      intent,
      result: submission.reply({ resetForm: true, hideFields }),
      data: outcome?.data,
    },
    { headers },
  );
}

function successToast(toast: NonNullable<IntentOutcome["toast"]>): ToastInput {
  return typeof toast === "string"
    ? { type: "success", title: toast }
    : { type: toast.type ?? "success", title: toast.title, description: toast.description };
}

async function failureToast(description: string): Promise<Headers> {
  return toastHeaders({ type: "error", title: ERROR_TITLE, description });
}
