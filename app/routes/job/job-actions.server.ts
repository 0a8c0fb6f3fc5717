import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { LOCKSMITH_EVENTS } from "~/lib/dispatch/assignment-machine";
import { JOB_PAGE_FIELD, jobPageActionSchema } from "~/lib/schemas/job-page";
import type { Db } from "~/server/db/database.server";
import type { Env } from "~/server/env.server";
import { consumeRateLimit } from "~/server/db/rate-limit.server";
import { hashLinkToken } from "~/server/links/link-tokens.server";
import {
  actOnJobPage,
  isJobLink,
  PriceCheckError,
  type JobPageDone,
} from "~/server/dispatch/job-page.server";
import { RuleError } from "~/server/rule-error.server";
import { ID_PHOTO_TEXT } from "~/lib/door-check/id-photo";
import { complianceFileStore } from "~/server/compliance/file-store.server";
import { configuredPhotoCipher } from "~/server/door-check/id-photo-cipher.server";
import { checkedIdPhoto } from "~/server/door-check/id-photos.server";
import { loadTextContext } from "~/server/texting/text-context.server";
import { bridgeCallerFor, startMaskedCall } from "~/server/phones/masked-calls.server";
import { relayTextToCustomer } from "~/server/phones/relayed-texts.server";

/** The page's forms: the machine's steps, and the quote's two. */
const PAGE_INTENTS: readonly string[] = [
  ...LOCKSMITH_EVENTS,
  "quote",
  "send_approval_code",
  "approve_with_code",
  "approve_with_signature",
  "door_check",
  "door_refusal",
  "call_customer",
  "text_customer",
];

/** Taps per link in ten minutes: plenty for a job, too few to hammer the database. */
const ACTIONS_PER_LINK = { window: 600, max: 30 };

export const JOB_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  // The token is in the address: never hand it to another site (the map); a same-origin
  // referrer keeps the Origin header that the cross-site check reads on a plain form post.
  "Referrer-Policy": "same-origin",
};

export function notFoundPage(): never {
  throw data("This job link is not valid any more.", { status: 404, headers: JOB_PAGE_HEADERS });
}

/**
 * A tap on the job page: limited per link, validated, then done in the model; the answer
 * is a redirect back to the page saying what happened (so a reload does not post again),
 * or the page again with the field's error, the reason it was refused, or (an unusual final
 * price) the amount to confirm with a second tap.
 */
export async function handleJobPageAction(
  request: Request,
  token: string,
  db: Db,
  env: Env,
  payLinkOffered = false,
) {
  // A made-up link is answered by a read: the per-link count below writes a row.
  if (!(await isJobLink(db, token))) notFoundPage();
  const limit = await consumeRateLimit(db, `job-page:${hashLinkToken(token)}`, ACTIONS_PER_LINK);
  if (!limit.allowed) {
    return data(
      { formError: "Too many taps on this page. Wait a few minutes, or call the office." },
      { status: 429, headers: { ...JOB_PAGE_HEADERS, "Retry-After": String(limit.retryAfter) } },
    );
  }
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data({ formError: "That did not arrive whole. Try again." }, { status: 400 });
  }
  // The redacted ID photo (decision 0077) is bytes, not a field: taken out before the fields.
  const photo = formData.get("idPhoto");
  formData.delete("idPhoto");
  const submission = parseWithZod(formData, { schema: jobPageActionSchema });
  const intent = String(formData.get("intent") ?? "");
  // What was typed, by field name, so a refused form comes back as it was filled in.
  const typed = Object.fromEntries(
    [...formData].flatMap(([name, value]) =>
      typeof value === "string" && name !== "intent" ? [[name, value.slice(0, 400)]] : [],
    ),
  );
  if (submission.status !== "success") {
    return data(
      {
        intent: PAGE_INTENTS.includes(intent) ? intent : null,
        result: submission.reply(),
        typed,
      },
      { status: 400, headers: JOB_PAGE_HEADERS },
    );
  }
  if (
    !payLinkOffered &&
    submission.value.intent === "complete" &&
    submission.value.paymentMethod === "pay_link"
  ) {
    // Without Stripe configured there is no pay link to send (decision 0036).
    return data(
      {
        intent: "complete",
        result: submission.reply({ fieldErrors: { paymentMethod: [JOB_PAGE_FIELD.noPayLink] } }),
        typed,
      },
      { status: 400, headers: JOB_PAGE_HEADERS },
    );
  }
  let done: JobPageDone;
  try {
    const texts = await loadTextContext(db, env);
    if (submission.value.intent === "call_customer") {
      // A masked call: Twilio rings the locksmith, then the customer (issue 50).
      await startMaskedCall(db, env, token, bridgeCallerFor(env, texts.sender));
      done = "call_customer";
    } else if (submission.value.intent === "text_customer") {
      await relayTextToCustomer(db, token, submission.value.body, texts);
      done = "text_customer";
    } else {
      const idPhoto =
        submission.value.intent === "door_check" ? await idPhotoUpload(photo, env) : undefined;
      done = await actOnJobPage(db, token, submission.value, texts, new Date(), idPhoto);
    }
  } catch (error) {
    if (error instanceof PriceCheckError) {
      return data(
        { intent, priceCheck: { cents: error.priceCents, message: error.message }, typed },
        { status: 409, headers: JOB_PAGE_HEADERS },
      );
    }
    if (error instanceof RuleError && error.status === 404) notFoundPage();
    if (error instanceof RuleError && error.field) {
      return data(
        { intent, fieldErrors: { [error.field]: error.message }, typed },
        { status: 409, headers: JOB_PAGE_HEADERS },
      );
    }
    if (error instanceof RuleError) {
      return data({ formError: error.message }, { status: 409, headers: JOB_PAGE_HEADERS });
    }
    throw error;
  }
  const url = new URL(request.url);
  return redirect(`${url.pathname}?done=${done}`, {
    status: 303,
    headers: JOB_PAGE_HEADERS,
  });
}

/** The check's photo, checked by its bytes and with where it is kept; none when none was sent. */
async function idPhotoUpload(photo: FormDataEntryValue | null, env: Env) {
  if (!(photo instanceof Blob) || photo.size === 0) return undefined;
  const cipher = configuredPhotoCipher(env);
  if (!cipher) throw new RuleError(ID_PHOTO_TEXT.noKey, { field: "idPhoto" });
  const bytes = checkedIdPhoto(new Uint8Array(await photo.arrayBuffer()));
  return { bytes, vault: { store: complianceFileStore(env), cipher } };
}
