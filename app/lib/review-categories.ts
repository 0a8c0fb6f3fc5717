/** The four kinds of job a review can be about (the spec's city-page review categories). */
export const REVIEW_CATEGORIES = ["car_lockout", "house_lockout", "rekey", "commercial"] as const;

export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];

export const REVIEW_CATEGORY_LABELS: Record<ReviewCategory, string> = {
  car_lockout: "Car lockout",
  house_lockout: "House lockout",
  rekey: "Rekeying",
  commercial: "Commercial",
};
