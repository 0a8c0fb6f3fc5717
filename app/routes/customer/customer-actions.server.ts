import { data, redirect } from "react-router";
import { z } from "zod";
import { reviewPath } from "~/lib/reviews/review-request";
import type { Db } from "~/server/db/database.server";
import type { Env } from "~/server/env.server";
import { loadTextContext } from "~/server/texting/text-context.server";
import { consumeRateLimit } from "~/server/db/rate-limit.server";
import { hashLinkToken } from "~/server/links/link-tokens.server";
import {
  actOnCustomerPage,
  customerPageJob,
  CUSTOMER_LINK_GONE,
  isCustomerLink,
} from "~/server/customers/customer-page.server";
import { RuleError } from "~/server/rule-error.server";
import { DOOR_CHECK_FIELD } from "~/lib/door-check/check-form";
import { customerStatementSchema } from "~/lib/schemas/door-check";
import {
  confirmReturnedSession,
  openPayLink,
  PAY_LINK_RULE,
} from "~/server/money/pay-links.server";
import type { PayLinkService } from "~/server/money/stripe.server";
import { bridgeCallerFor, startCustomerMaskedCall } from "~/server/phones/masked-calls.server";

export const CUSTOMER_CALL_TEXT = {
  tooMany: "We called you a few times already. Wait a few minutes, or call us.",
} as const;

/** Taps per link in ten minutes: an approval or two, never a flood. */
const ACTIONS_PER_LINK = { window: 600, max: 20 };
/** Calls a link may ask Twilio for in ten minutes: each rings a phone and costs money. */
const CALLS_PER_LINK = { window: 600, max: 3 };

export const CUSTOMER_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
};

export function customerLinkGone(): never {
  throw data(CUSTOMER_LINK_GONE, { status: 404, headers: CUSTOMER_PAGE_HEADERS });
}

const customerActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), quoteId: z.uuid() }),
  z.object({ intent: z.literal("decline"), quoteId: z.uuid() }),
  z.object({ intent: z.literal("review") }),
  z.object({ intent: z.literal("pay") }),
  z.object({ intent: z.literal("call_locksmith") }),
  customerStatementSchema,
]);

/**
 * A button on the customer's page (plain forms: it works without JavaScript): limited per
 * link, then done in the model. The answer is a redirect back (a reload does not post again),
 * to the review form, or the page with the reason nothing was recorded.
 */
export async function handleCustomerPageAction(
  request: Request,
  token: string,
  db: Db,
  env: Env,
  payLinks?: { service: PayLinkService; siteUrl: string },
) {
  // A made-up link is answered by a read: the per-link count below writes a row.
  if (!(await isCustomerLink(db, token))) customerLinkGone();
  const limit = await consumeRateLimit(
    db,
    `customer-page:${hashLinkToken(token)}`,
    ACTIONS_PER_LINK,
  );
  if (!limit.allowed) {
    return data(
      { formError: "Too many taps on this page. Wait a few minutes, or call us." },
      {
        status: 429,
        headers: { ...CUSTOMER_PAGE_HEADERS, "Retry-After": String(limit.retryAfter) },
      },
    );
  }
  let form: Record<string, FormDataEntryValue>;
  try {
    form = Object.fromEntries(await request.formData());
  } catch {
    return data({ formError: "That did not arrive whole. Try again." }, { status: 400 });
  }
  const parsed = customerActionSchema.safeParse(form);
  if (!parsed.success) {
    // The statement's own form says what is missing (the name, the tick), what was typed kept.
    const statement = form.intent === "door_statement";
    return data(
      {
        formError: statement
          ? (parsed.error.issues[0]?.message ?? DOOR_CHECK_FIELD.signerName)
          : "That button is not on this page any more: here it is as it is now.",
        typedName: statement ? String(form.signerName ?? "").slice(0, 120) : undefined,
      },
      { status: 400, headers: CUSTOMER_PAGE_HEADERS },
    );
  }
  try {
    if (parsed.data.intent === "pay") {
      // The checkout page opens from a link on this page: the site's forms post only to
      // itself (CSP form-action 'self'), so a form cannot be redirected to Stripe.
      const job = await customerPageJob(db, token);
      if (!job) customerLinkGone();
      if (!payLinks) throw new RuleError(PAY_LINK_RULE.notPayLink);
      const pagePath = new URL(request.url).pathname;
      await openPayLink(db, payLinks.service, job.id, `${payLinks.siteUrl}${pagePath}`);
      return redirect(`${pagePath}?done=pay`, { status: 303, headers: CUSTOMER_PAGE_HEADERS });
    }
    if (parsed.data.intent === "call_locksmith") {
      const calls = await consumeRateLimit(
        db,
        `customer-call:${hashLinkToken(token)}`,
        CALLS_PER_LINK,
      );
      if (!calls.allowed) throw new RuleError(CUSTOMER_CALL_TEXT.tooMany);
      const { sender } = await loadTextContext(db, env);
      await startCustomerMaskedCall(db, env, token, bridgeCallerFor(env, sender));
      return redirect(`${new URL(request.url).pathname}?done=call_locksmith`, {
        status: 303,
        headers: CUSTOMER_PAGE_HEADERS,
      });
    }
    const done = await actOnCustomerPage(db, token, parsed.data, await loadTextContext(db, env));
    if ("reviewToken" in done) {
      return redirect(reviewPath(done.reviewToken), {
        status: 303,
        headers: CUSTOMER_PAGE_HEADERS,
      });
    }
    return redirect(`${new URL(request.url).pathname}?done=${done.done}`, {
      status: 303,
      headers: CUSTOMER_PAGE_HEADERS,
    });
  } catch (error) {
    if (error instanceof RuleError && error.status === 404) customerLinkGone();
    if (error instanceof RuleError) {
      return data({ formError: error.message }, { status: 409, headers: CUSTOMER_PAGE_HEADERS });
    }
    throw error;
  }
}

/** Stripe's Checkout Session ids: "cs_" and letters, digits or underscores. */
const returnSchema = z.object({ session_id: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/) });

/**
 * Back from Stripe's page, the address carries `session_id` (Stripe fills it in): ask Stripe
 * about that session of this page's job and record its payment now, so the page says "paid"
 * even while the webhook is late. Anything else in the address is ignored.
 */
export async function confirmReturnFromStripe(
  request: Request,
  token: string,
  db: Db,
  service: PayLinkService | undefined,
  env: Env,
): Promise<void> {
  if (!service) return;
  const parsed = returnSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return;
  const job = await customerPageJob(db, token);
  if (!job) return;
  await confirmReturnedSession(
    db,
    service,
    job.id,
    parsed.data.session_id,
    await loadTextContext(db, env),
  );
}
