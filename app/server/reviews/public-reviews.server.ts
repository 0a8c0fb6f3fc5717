import { serviceAreas } from "~/content/service-areas";
import type { ReviewView } from "~/lib/reviews/review-selection";
import {
  ratingSummary,
  reviewReach,
  selectHomeReviews,
  selectReviewsForArea,
  type PublicReview,
} from "~/lib/reviews/review-selection";
import type { Db } from "../db/database.server";
import { listPublishedReviewsOrNone, readPublishedRatingsOrNone } from "./reviews.server";

const areaBySlug = new Map(serviceAreas.map((area) => [area.slug, area]));

function toView(review: PublicReview): ReviewView {
  const area = areaBySlug.get(review.areaSlug);
  return {
    id: review.id,
    customerName: review.customerName,
    // "Hyde Park, Chicago", "Oak Lawn, IL".
    cityLabel: area ? area.displayName : "Illinois",
    rating: review.rating,
    body: review.body,
    verified: review.verified,
  };
}

/** Reviews and rating for the home page; empty when there are none or the database is down. */
export async function homeReviews(db: Db) {
  const [all, ratings] = await Promise.all([
    listPublishedReviewsOrNone(db),
    readPublishedRatingsOrNone(db),
  ]);
  return { reviews: selectHomeReviews(all, 6).map(toView), rating: ratingSummary(ratings) };
}

/**
 * Up to 4 reviews for a city page, nearest first (DESIGN.md), and how near they are, so
 * the page's heading does not say "in and around" of reviews from across the region.
 */
export async function cityReviews(db: Db, area: { slug: string; region: string }) {
  const [all, ratings] = await Promise.all([
    listPublishedReviewsOrNone(db),
    readPublishedRatingsOrNone(db),
  ]);
  const regionOf = (slug: string) => areaBySlug.get(slug)?.region;
  const picked = selectReviewsForArea(all, area, regionOf, 4);
  return {
    reviews: picked.map(toView),
    reach: reviewReach(picked, area, regionOf),
    rating: ratingSummary(ratings),
  };
}
