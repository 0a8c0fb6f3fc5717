import type { ServiceType } from "../business-enums";
import type { ReviewCategory } from "./review-categories";

/*
 * Reviews from completed jobs: the link the customer gets by text, and what a review of a
 * job is filed under.
 */

/** How long a review link stays open. */
export const REVIEW_LINK_DAYS = 30;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_NAME_MAX = 100;

/** Where a review link lives, for a token. */
export function reviewPath(token: string): string {
  return `/review/${token}`;
}

/** The city-page category a job's review belongs to, from the job's service. */
export function reviewCategoryFor(service: ServiceType): ReviewCategory {
  switch (service) {
    case "automotive":
      return "car_lockout";
    case "commercial":
      return "commercial";
    case "rekeying":
    case "key_duplication":
      return "rekey";
    default:
      return "house_lockout";
  }
}
