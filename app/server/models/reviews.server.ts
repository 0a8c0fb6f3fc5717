import { and, desc, eq, or, type SQL } from "drizzle-orm";
import { RULE } from "~/lib/messages";
import type { Page } from "~/lib/pagination";
import type { ReviewForm, ReviewStatus } from "~/lib/schemas/reviews";
import type { PublicReview } from "~/lib/review-selection";
import type { Database } from "../db/database.server";
import { reviews } from "../db/app-tables.server";
import { contains, countWhere, readPage } from "../db/list-query.server";
import { logger } from "../logger.server";
import { notFound } from "../rule-error.server";

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
    logger.error({ err: error }, "Could not load published reviews");
    return [];
  }
}

export type AdminReview = typeof reviews.$inferSelect;

function reviewFilter(query: { q?: string; status?: ReviewStatus }): SQL | undefined {
  return and(
    query.status ? eq(reviews.published, query.status === "published") : undefined,
    query.q
      ? or(
          contains(reviews.customerName, query.q),
          contains(reviews.body, query.q),
          contains(reviews.areaSlug, query.q),
        )
      : undefined,
  );
}

/** Every review for the back office: search, published/draft filter, newest first, paged. */
export async function listReviews(
  db: Database,
  query: { q?: string; status?: ReviewStatus; page?: number; pageSize?: number },
): Promise<Page<AdminReview>> {
  const where = reviewFilter(query);
  return readPage({
    page: query.page,
    pageSize: query.pageSize,
    count: () => countWhere(db, reviews, where),
    rows: (limit, offset) =>
      db
        .select()
        .from(reviews)
        .where(where)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit)
        .offset(offset),
  });
}

export async function createReview(db: Database, input: ReviewForm): Promise<AdminReview> {
  const [row] = await db.insert(reviews).values(input).returning();
  return row!;
}

export async function updateReview(db: Database, id: string, input: ReviewForm): Promise<void> {
  const updated = await db
    .update(reviews)
    .set(input)
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  if (updated.length === 0) throw notFound(RULE.reviewGone);
}

export async function setReviewPublished(
  db: Database,
  id: string,
  published: boolean,
): Promise<void> {
  const updated = await db
    .update(reviews)
    .set({ published })
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  if (updated.length === 0) throw notFound(RULE.reviewGone);
}

/** Deleting a review that is already gone is not an error: the result is the same. */
export async function deleteReview(db: Database, id: string): Promise<void> {
  await db.delete(reviews).where(eq(reviews.id, id));
}
