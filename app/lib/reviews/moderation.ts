/*
 * Reviews publish by rule, not by choice (issue 29; the FTC's rule on consumer reviews,
 * 16 CFR 465.7): a verified review whose customer agreed to it being shown goes live once
 * its moderation window has passed, unless the office hid it for a listed policy reason in
 * the meantime. Never for its rating.
 */

/** Settings → Reviews: how long the office has to check a review before it goes live. */
export const MODERATION_HOURS = { default: 48, min: 0, max: 336 } as const;

/** When a review received at `receivedAt` goes live by itself. */
export function publicationDue(receivedAt: Date, hours: number): Date {
  return new Date(receivedAt.getTime() + hours * 3_600_000);
}

/** What the rule does with a review when its window has passed. */
export function publicationByRule(review: {
  verified: boolean;
  publishConsent: boolean;
  published: boolean;
  hiddenReason: string | null;
}): "publish" | "already published" | "hidden for a reason" | "not for the website" {
  if (!review.verified || !review.publishConsent) return "not for the website";
  if (review.published) return "already published";
  if (review.hiddenReason) return "hidden for a reason";
  return "publish";
}
