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

/** Why an operator hides a review: kept with it, so a hidden review is never silently gone. */
export const REVIEW_HIDDEN_REASONS = [
  "personal_data",
  "abuse",
  "spam",
  "not_a_customer",
  "other",
] as const;
export type ReviewHiddenReason = (typeof REVIEW_HIDDEN_REASONS)[number];

export const REVIEW_HIDDEN_REASON_LABELS: Record<ReviewHiddenReason, string> = {
  personal_data: "It shows personal data",
  abuse: "Abusive or hateful",
  spam: "Spam or advertising",
  not_a_customer: "Not about a job of ours",
  other: "Other policy reason",
};
