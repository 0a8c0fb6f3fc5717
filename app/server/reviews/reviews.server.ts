import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { formatDateTime } from "~/lib/format";
import { publicationDue } from "~/lib/reviews/moderation";
import { RULE } from "~/lib/ui-text";
import type { Page } from "~/lib/admin/pagination";
import type { Actor } from "~/lib/activity";
import type { ReviewForm, ReviewStatus } from "~/lib/schemas/reviews";
import type { PublicReview } from "~/lib/reviews/review-selection";
import type { Db } from "../db/database.server";
import { reviews } from "../db/app-tables.server";
import { contains, countWhere, readPage } from "../db/list-query.server";
import { logger } from "../logger.server";
import { notFound, RuleError } from "../rule-error.server";
import { hideReasonsFor, type PolicyHideReason } from "~/lib/reviews/review-categories";
import { recordActivity } from "../activity/activity.server";
import { readModerationHours } from "./review-moderation.server";

/** Published reviews for the public pages, newest first (bounded: pages show a handful). */
export async function listPublishedReviews(db: Db, limit = 500): Promise<PublicReview[]> {
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
export async function listPublishedReviewsOrNone(db: Db): Promise<PublicReview[]> {
  try {
    return await listPublishedReviews(db);
  } catch (error) {
    logger.error({ err: error }, "Could not load published reviews");
    return [];
  }
}

/**
 * The published reviews' count and the sum of their stars: the rating summary is over
 * these (app/lib/reviews/review-selection.ts). None when the database is down.
 */
export async function readPublishedRatingsOrNone(
  db: Db,
): Promise<{ count: number; ratingTotal: number }> {
  try {
    const [row] = await db
      .select({
        count: sql<number>`count(*)::int`.mapWith(Number),
        ratingTotal: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`.mapWith(Number),
      })
      .from(reviews)
      .where(eq(reviews.published, true));
    return row ?? { count: 0, ratingTotal: 0 };
  } catch (error) {
    logger.error({ err: error }, "Could not load review ratings");
    return { count: 0, ratingTotal: 0 };
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
  db: Db,
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

/**
 * Each listed review with when it goes live by itself, while that is still to come (a
 * review from a job, agreed to be shown, not yet published): until then nobody publishes it.
 */
export async function withPublicationDue(
  db: Db,
  page: Page<AdminReview>,
  now = new Date(),
): Promise<Page<AdminReview & { publishesAt: Date | null }>> {
  const hours = await readModerationHours(db);
  return {
    ...page,
    rows: page.rows.map((row) => {
      const due = publicationDue(row.createdAt, hours);
      const waiting = row.verified && row.publishConsent && !row.published && due > now;
      return { ...row, publishesAt: waiting ? due : null };
    }),
  };
}

export async function createReview(db: Db, input: ReviewForm, actor: Actor): Promise<AdminReview> {
  return db.transaction(async (tx) => {
    // Typed in by hand: never "Verified" (only a job's review link makes that).
    const [row] = await tx
      .insert(reviews)
      .values({ ...input, verified: false })
      .returning();
    await recordReview(tx, row!.id, actor, "created", { after: input });
    return row!;
  });
}

export async function updateReview(
  db: Db,
  id: string,
  input: ReviewForm,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
    if (!before) throw notFound(RULE.reviewGone);
    // A customer's own words and stars are theirs: the office files and shows them only.
    if (before.verified && before.rating !== input.rating) {
      throw new RuleError(RULE.reviewCustomersOwn, { field: "rating" });
    }
    if (before.verified && before.body !== input.body) {
      throw new RuleError(RULE.reviewCustomersOwn, { field: "body" });
    }
    if (input.published && !before.published) {
      await refuseEarlyPublication(tx, before, "published");
    }
    if (before.verified && before.published && !input.published) {
      throw new RuleError(RULE.reviewHideNeedsReason, { field: "published" });
    }
    await tx
      .update(reviews)
      .set({ ...input, hiddenReason: input.published ? null : before.hiddenReason })
      .where(eq(reviews.id, id));
    const { id: _id, createdAt: _c, updatedAt: _u, ...was } = before;
    await recordReview(tx, id, actor, "edited", {
      before: was,
      after: input,
    });
  });
}

/**
 * Publish (refused when the customer did not agree to it being shown), or take off the
 * website with the policy reason, kept on record with the review. A review from a job needs
 * one; one typed in by hand may be taken off without.
 */
export async function setReviewPublished(
  db: Db,
  id: string,
  published: boolean,
  actor: Actor,
  reason?: PolicyHideReason,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        publishConsent: reviews.publishConsent,
        verified: reviews.verified,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(eq(reviews.id, id))
      .for("update");
    if (!before) throw notFound(RULE.reviewGone);
    if (published) await refuseEarlyPublication(tx, before);
    // Reviews from jobs publish by rule (app/lib/reviews/moderation.ts): off the website only
    // for a listed reason, never for their rating.
    if (!published && before.verified && before.publishConsent && !reason) {
      throw new RuleError(RULE.reviewHideNeedsReason, { field: "reason" });
    }
    if (reason && !hideReasonsFor(before).includes(reason)) {
      throw new RuleError(RULE.reviewFromOurJob, { field: "reason" });
    }
    await tx
      .update(reviews)
      .set({ published, hiddenReason: published ? null : (reason ?? null) })
      .where(eq(reviews.id, id));
    await recordReview(
      tx,
      id,
      actor,
      published ? "published" : "unpublished",
      reason ? { after: { hiddenReason: reason } } : {},
    );
  });
}

/**
 * Publishing by hand: never without the customer's consent, and never a review from a job
 * before its moderation window has passed (it goes live then by itself, whatever its
 * rating: publishing the ones the office likes early would favour them). After the window,
 * Publish puts back one hidden by mistake.
 */
async function refuseEarlyPublication(
  tx: Db,
  review: { publishConsent: boolean; verified: boolean; createdAt: Date },
  field?: string,
): Promise<void> {
  if (!review.publishConsent) throw new RuleError(RULE.reviewNoConsent, { field });
  if (!review.verified) return;
  const due = publicationDue(review.createdAt, await readModerationHours(tx));
  if (due.getTime() > Date.now()) {
    throw new RuleError(RULE.reviewNotEarly(formatDateTime(due)), { field });
  }
}

/**
 * Deleting a review that is already gone is not an error: the result is the same. A
 * verified review (from a job) stays on record: deleting it would raise the rating summary.
 */
export async function deleteReview(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ verified: reviews.verified })
      .from(reviews)
      .where(eq(reviews.id, id))
      .for("update");
    if (target?.verified) throw new RuleError(RULE.reviewStaysOnRecord);
    const [gone] = await tx.delete(reviews).where(eq(reviews.id, id)).returning();
    if (!gone) return;
    const { id: _id, createdAt: _c, updatedAt: _u, ...was } = gone;
    await recordReview(tx, id, actor, "deleted", { before: was });
  });
}

async function recordReview(
  tx: Db,
  id: string,
  actor: Actor,
  action: string,
  change: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
) {
  await recordActivity(tx, { actor, entity: "review", entityId: id, action, ...change });
}
