import { serviceAreas } from "~/content/service-areas";
import type { ReviewView } from "~/lib/review-selection";
import {
  ratingSummary,
  selectHomeReviews,
  selectReviewsForArea,
  type PublicReview,
} from "~/lib/review-selection";
import type { Database } from "../db/database.server";
import { listPublishedReviewsOrNone, listVerifiedRatingsOrNone } from "./reviews.server";

const areaBySlug = new Map(serviceAreas.map((area) => [area.slug, area]));

function toView(review: PublicReview): ReviewView {
  const area = areaBySlug.get(review.areaSlug);
  return {
    id: review.id,
    customerName: review.customerName,
    cityLabel: area ? `${area.name}, IL` : "Illinois",
    rating: review.rating,
    body: review.body,
    verified: review.verified,
  };
}

/** Reviews and rating for the home page; empty when there are none or the database is down. */
export async function homeReviews(db: Database) {
  const [all, ratings] = await Promise.all([
    listPublishedReviewsOrNone(db),
    listVerifiedRatingsOrNone(db),
  ]);
  return { reviews: selectHomeReviews(all, 6).map(toView), rating: ratingSummary(ratings) };
}

/** Up to 4 reviews for a city page, nearest first (DESIGN.md). */
export async function cityReviews(db: Database, area: { slug: string; region: string }) {
  const [all, ratings] = await Promise.all([
    listPublishedReviewsOrNone(db),
    listVerifiedRatingsOrNone(db),
  ]);
  return {
    reviews: selectReviewsForArea(all, area, (slug) => areaBySlug.get(slug)?.region, 4).map(toView),
    rating: ratingSummary(ratings),
  };
}
