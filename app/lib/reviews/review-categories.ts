/**
 * The four kinds of job a review can be about (the review categories of
 * docs/spec/public-site.md §3).
 */
export const REVIEW_CATEGORIES = ["car_lockout", "house_lockout", "rekey", "commercial"] as const;

export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];

export const REVIEW_CATEGORY_LABELS: Record<ReviewCategory, string> = {
  car_lockout: "Car lockout",
  house_lockout: "House lockout",
  rekey: "Rekeying",
  commercial: "Commercial",
};

/**
 * Why an operator hid a review: kept with it, so a hidden review is never silently gone.
 * "other" is only on reviews hidden before the policy's list was enforced (issue 45).
 */
export const REVIEW_HIDDEN_REASONS = [
  "personal_data",
  "abuse",
  "spam",
  "not_a_customer",
  "other",
] as const;
export type ReviewHiddenReason = (typeof REVIEW_HIDDEN_REASONS)[number];

/**
 * The reasons the published review policy lists (the About page), and the only ones a
 * review can be hidden for now. "Not about a job of ours" cannot apply to a review that
 * came from one of our jobs' links.
 */
export const HIDE_REASONS_BY_POLICY = [
  "personal_data",
  "abuse",
  "spam",
  "not_a_customer",
] as const satisfies readonly ReviewHiddenReason[];
export type PolicyHideReason = (typeof HIDE_REASONS_BY_POLICY)[number];

/** The policy reasons that fit a review: from a job (verified) or typed in by hand. */
export function hideReasonsFor(review: { verified: boolean }): readonly PolicyHideReason[] {
  return review.verified
    ? HIDE_REASONS_BY_POLICY.filter((reason) => reason !== "not_a_customer")
    : HIDE_REASONS_BY_POLICY;
}

export const REVIEW_HIDDEN_REASON_LABELS: Record<ReviewHiddenReason, string> = {
  personal_data: "It shows personal data",
  abuse: "Abusive or hateful",
  spam: "Spam or advertising",
  not_a_customer: "Not about a job of ours",
  other: "Other (hidden before the policy list)",
};
