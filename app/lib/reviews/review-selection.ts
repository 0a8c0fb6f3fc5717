import { REVIEW_CATEGORIES, type ReviewCategory } from "./review-categories";

export interface PublicReview {
  id: string;
  customerName: string;
  areaSlug: string;
  rating: number;
  body: string;
  category: ReviewCategory;
  verified: boolean;
  createdAt: Date;
}

export interface AreaRef {
  slug: string;
  region: string;
}

/**
 * Up to `limit` reviews for a city page: one per category where possible, preferring the
 * same city, then the same region, then anywhere. Deterministic: the same reviews give
 * the same page (newest first within each tier).
 */
export function selectReviewsForArea(
  all: readonly PublicReview[],
  area: AreaRef,
  regionOf: (slug: string) => string | undefined,
  limit = 4,
): PublicReview[] {
  const tier = (review: PublicReview) =>
    review.areaSlug === area.slug ? 0 : regionOf(review.areaSlug) === area.region ? 1 : 2;
  const ranked = [...all].sort((a, b) => tier(a) - tier(b) || compareNewestFirst(a, b));
  return pickDiverse(ranked, limit);
}

/**
 * Where a city page's reviews come from, so that its heading claims no more than that:
 * all from the city itself; from the city and its region; from elsewhere in the region;
 * or from farther away too.
 */
export type ReviewReach = "city" | "around" | "region" | "wider";

export function reviewReach(
  picked: readonly Pick<PublicReview, "areaSlug">[],
  area: AreaRef,
  regionOf: (slug: string) => string | undefined,
): ReviewReach {
  const here = picked.filter((review) => review.areaSlug === area.slug).length;
  const inRegion = picked.filter((review) => regionOf(review.areaSlug) === area.region).length;
  if (here === picked.length) return "city";
  if (inRegion < picked.length) return "wider";
  return here > 0 ? "around" : "region";
}

/** The home page's testimonials: the newest published reviews, spread over categories. */
export function selectHomeReviews(all: readonly PublicReview[], limit = 6): PublicReview[] {
  return pickDiverse([...all].sort(compareNewestFirst), limit);
}

/**
 * The rating summary (stars and count on the site and in structured data) is over the
 * reviews the site shows, and only those (issue 45): a count or an average over reviews
 * nobody can read is a claim nobody can check. Hiding one is held to the policy's reasons
 * instead (HIDE_REASONS_BY_POLICY). Undefined when there is none.
 */
export function ratingSummary(published: {
  count: number;
  ratingTotal: number;
}): { ratingValue: number; reviewCount: number } | undefined {
  if (published.count === 0) return undefined;
  return {
    ratingValue: Math.round((published.ratingTotal / published.count) * 10) / 10,
    reviewCount: published.count,
  };
}

function compareNewestFirst(a: PublicReview, b: PublicReview): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id);
}

/** Walks a ranked list taking one per category first, then fills up in rank order. */
function pickDiverse(ranked: PublicReview[], limit: number): PublicReview[] {
  const picked: PublicReview[] = [];
  const seenCategories = new Set<ReviewCategory>();
  for (const review of ranked) {
    if (picked.length >= limit || seenCategories.size === REVIEW_CATEGORIES.length) break;
    if (!seenCategories.has(review.category)) {
      seenCategories.add(review.category);
      picked.push(review);
    }
  }
  for (const review of ranked) {
    if (picked.length >= limit) break;
    if (!picked.includes(review)) picked.push(review);
  }
  return picked.sort((a, b) => ranked.indexOf(a) - ranked.indexOf(b));
}

/** A review as a page shows it: the customer's name and city, stars, text. */
export interface ReviewView {
  id: string;
  customerName: string;
  cityLabel: string;
  rating: number;
  body: string;
  verified: boolean;
}
