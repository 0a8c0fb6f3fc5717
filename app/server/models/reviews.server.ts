import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { PAGE_SIZE, clampPage, pageCount, type Page } from "~/lib/pagination";
import type { ReviewForm, ReviewStatus } from "~/lib/review-schemas";
import type { PublicReview } from "~/lib/review-selection";
import type { Database } from "../db/database.server";
import { reviews } from "../db/app-tables.server";
import { logger } from "../logger.server";

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
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(reviews.published, query.status === "published"));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(
        ilike(reviews.customerName, pattern),
        ilike(reviews.body, pattern),
        ilike(reviews.areaSlug, pattern),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Every review for the back office: search, published/draft filter, newest first, paged. */
export async function listReviews(
  db: Database,
  query: { q?: string; status?: ReviewStatus; page?: number; pageSize?: number },
): Promise<Page<AdminReview>> {
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const where = reviewFilter(query);
  const [totals] = await db.select({ n: count() }).from(reviews).where(where);
  const total = Number(totals?.n ?? 0);
  const page = clampPage(query.page ?? 1, total, pageSize);
  const rows = await db
    .select()
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.createdAt), reviews.id)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total, page, pageSize, pageCount: pageCount(total, pageSize) };
}

export async function createReview(db: Database, input: ReviewForm): Promise<AdminReview> {
  const [row] = await db.insert(reviews).values(input).returning();
  return row!;
}

/** Returns false when the review no longer exists. */
export async function updateReview(db: Database, id: string, input: ReviewForm): Promise<boolean> {
  const updated = await db
    .update(reviews)
    .set(input)
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  return updated.length > 0;
}

export async function setReviewPublished(
  db: Database,
  id: string,
  published: boolean,
): Promise<boolean> {
  const updated = await db
    .update(reviews)
    .set({ published })
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  return updated.length > 0;
}

export async function deleteReview(db: Database, id: string): Promise<boolean> {
  const deleted = await db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
  return deleted.length > 0;
}

/** ILIKE treats % and _ as wildcards: a search for "50%" means the text "50%". */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
