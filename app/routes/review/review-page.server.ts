import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { reviewFormSchema } from "~/lib/schemas/review-form";
import type { Db } from "~/server/db/database.server";
import { consumeRateLimit } from "~/server/db/rate-limit.server";
import { hashLinkToken } from "~/server/links/link-tokens.server";
import { isOpenReviewLink, submitReview } from "~/server/reviews/review-requests.server";
import { RuleError } from "~/server/rule-error.server";

/** Sends per link in ten minutes: a customer needs one; a script gets no further. */
const SENDS_PER_LINK = { window: 600, max: 10 };

export const REVIEW_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
};

export function reviewLinkGone(): never {
  throw data("This review link is not valid any more.", {
    status: 404,
    headers: REVIEW_PAGE_HEADERS,
  });
}

/**
 * The customer sends the review: limited per link, validated, stored once; then the thanks
 * page (a redirect, so a reload does not send it again), or the form with its errors.
 */
export async function handleReviewSubmit(request: Request, token: string, db: Db) {
  // A made-up link is answered by a read: the per-link count below writes a row.
  if (!(await isOpenReviewLink(db, token))) reviewLinkGone();
  const limit = await consumeRateLimit(db, `review:${hashLinkToken(token)}`, SENDS_PER_LINK);
  if (!limit.allowed) {
    return data(
      { formError: "Too many tries. Wait a few minutes, or call us." },
      {
        status: 429,
        headers: { ...REVIEW_PAGE_HEADERS, "Retry-After": String(limit.retryAfter) },
      },
    );
  }
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data({ formError: "That did not arrive whole. Try again." }, { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: reviewFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400, headers: REVIEW_PAGE_HEADERS });
  }
  try {
    await submitReview(db, token, submission.value);
  } catch (error) {
    if (error instanceof RuleError && error.status === 404) reviewLinkGone();
    throw error;
  }
  return redirect("/review/thanks", { status: 303, headers: REVIEW_PAGE_HEADERS });
}
