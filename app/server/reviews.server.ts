import { and, desc, eq } from "drizzle-orm";
import type { PublicReview } from "~/lib/review-selection";
import type { Database } from "./db.server";
import { reviews } from "./schema.server";

/** Published reviews for the public pages, newest first (bounded: pages show a handful). */
export async function listPublishedReviews(db: Database, limit = 500): Promise<PublicReview[]> {
  return db
    .select({
      id: reviews.id,
      customerName: reviews.customerName,
      areaSlug: reviews.areaSlug,
      rating: reviews.rating,
      body: reviews.body,
      category: reviews.category,
      verified: reviews.verified,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(and(eq(reviews.published, true)))
    .orderBy(desc(reviews.createdAt), reviews.id)
    .limit(limit);
}

/**
 * The public pages must render when the database is down: they show no reviews then.
 */
export async function listPublishedReviewsOrNone(db: Database): Promise<PublicReview[]> {
  try {
    return await listPublishedReviews(db);
  } catch (error) {
    console.error("[reviews] could not load published reviews:", (error as Error).message);
    return [];
  }
}
