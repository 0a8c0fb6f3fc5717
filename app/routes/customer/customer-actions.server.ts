import { data, redirect } from "react-router";
import { z } from "zod";
import { reviewPath } from "~/lib/reviews/review-request";
import type { Db } from "~/server/db/database.server";
import { consumeRateLimit } from "~/server/db/rate-limit.server";
import { hashLinkToken } from "~/server/links/link-tokens.server";
import {
  actOnCustomerPage,
  CUSTOMER_LINK_GONE,
  isCustomerLink,
} from "~/server/models/customer-page.server";
import { RuleError } from "~/server/rule-error.server";

/** Taps per link in ten minutes: an approval or two, never a flood. */
const ACTIONS_PER_LINK = { window: 600, max: 20 };

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
]);

/**
 * A button on the customer's page (plain forms: it works without JavaScript): limited per
 * link, then done in the model. The answer is a redirect back (a reload does not post again),
 * to the review form, or the page with the reason nothing was recorded.
 */
export async function handleCustomerPageAction(request: Request, token: string, db: Db) {
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
    return data(
      { formError: "That button is not on this page any more: here it is as it is now." },
      { status: 400, headers: CUSTOMER_PAGE_HEADERS },
    );
  }
  try {
    const done = await actOnCustomerPage(db, token, parsed.data);
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
