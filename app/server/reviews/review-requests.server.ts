import { and, eq, gt, isNull } from "drizzle-orm";
import { serviceAreas } from "~/content/service-areas";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { RULE } from "~/lib/ui-text";
import { REVIEW_LINK_DAYS, reviewCategoryFor } from "~/lib/reviews/review-request";
import { reviewRequests, reviews } from "../db/app-tables.server";
import { jobs, leads, locksmiths } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { hashLinkToken, isLinkToken, newLinkToken } from "../links/link-tokens.server";
import { notFound } from "../rule-error.server";
import { recordActivity } from "../activity/activity.server";
import { schedulePublication } from "./review-moderation.server";

/*
 * A completed job's review link: made in the transaction that completes the job, texted to
 * a customer who agreed to texts with the job-done text (job-done-text.server.ts), used once
 * within 30 days. The review it brings is tied to the job, so it is the only kind that
 * carries "Verified" (decision 0015).
 */

const DAY_MS = 86_400_000;

/** A new link for the job, or null when the job has had one (one request per job). */
export async function createReviewRequest(
  tx: Db,
  { jobId }: { jobId: string },
  now = new Date(),
): Promise<{ token: string } | null> {
  const { token, hash } = newLinkToken();
  const [row] = await tx
    .insert(reviewRequests)
    .values({
      tokenHash: hash,
      jobId,
      expiresAt: new Date(now.getTime() + REVIEW_LINK_DAYS * DAY_MS),
    })
    .onConflictDoNothing({ target: reviewRequests.jobId })
    .returning({ id: reviewRequests.id });
  return row ? { token } : null;
}

export interface ReviewRequestView {
  service: string;
  locksmithName: string | null;
  /** What the form suggests as the name to show: "Rosa L." */
  suggestedName: string;
}

/** Whether a token is an open review link (one indexed read), checked before anything is written. */
export async function isOpenReviewLink(db: Db, token: string, now = new Date()): Promise<boolean> {
  if (!isLinkToken(token)) return false;
  const [row] = await db
    .select({ id: reviewRequests.tokenHash })
    .from(reviewRequests)
    .where(openRequest(token, now));
  return row !== undefined;
}

/** The open request behind a token: unknown, used or expired ones are undefined. */
export async function readReviewRequest(
  db: Db,
  token: string,
  now = new Date(),
): Promise<ReviewRequestView | undefined> {
  if (!isLinkToken(token)) return undefined;
  const [row] = await db
    .select({ job: jobs, locksmithName: locksmiths.name })
    .from(reviewRequests)
    .innerJoin(jobs, eq(jobs.id, reviewRequests.jobId))
    .leftJoin(locksmiths, eq(locksmiths.id, jobs.locksmithId))
    .where(openRequest(token, now));
  if (!row) return undefined;
  return {
    service: SERVICE_TYPE_LABELS[row.job.jobType],
    locksmithName: row.locksmithName,
    suggestedName: shortName(row.job.clientName),
  };
}

function openRequest(token: string, now: Date) {
  return and(
    eq(reviewRequests.tokenHash, hashLinkToken(token)),
    isNull(reviewRequests.usedAt),
    gt(reviewRequests.expiresAt, now),
  );
}

/** "Rosa Lewis" → "Rosa L."; "Unknown" → "" (the customer types one). */
function shortName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0 || name === "Unknown") return "";
  return parts.length === 1 ? parts[0]! : `${parts[0]} ${parts.at(-1)![0]}.`;
}

export interface SubmittedReview {
  rating: number;
  body: string;
  name: string;
  publishConsent: boolean;
}

/**
 * The customer's review: stored unpublished, verified and tied to the job, and the link
 * used, in one transaction (the request's row is locked, so two submits make one review).
 */
export async function submitReview(
  db: Db,
  token: string,
  input: SubmittedReview,
  now = new Date(),
): Promise<{ reviewId: string }> {
  if (!isLinkToken(token)) throw notFound(RULE.reviewLinkGone);
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({ request: reviewRequests, job: jobs, zip: leads.zip })
      .from(reviewRequests)
      .innerJoin(jobs, eq(jobs.id, reviewRequests.jobId))
      .leftJoin(leads, eq(leads.id, jobs.leadId))
      .where(openRequest(token, now))
      .for("update", { of: reviewRequests });
    if (!request) throw notFound(RULE.reviewLinkGone);
    const area =
      serviceAreas.find((candidate) => request.zip && candidate.zipCodes.includes(request.zip)) ??
      serviceAreas[0]!;
    const [review] = await tx
      .insert(reviews)
      .values({
        customerName: input.name,
        areaSlug: area.slug,
        rating: input.rating,
        body: input.body,
        category: reviewCategoryFor(request.job.jobType),
        verified: true,
        published: false,
        jobId: request.job.id,
        publishConsent: input.publishConsent,
      })
      .returning({ id: reviews.id });
    await tx
      .update(reviewRequests)
      .set({ usedAt: now, reviewId: review!.id })
      .where(eq(reviewRequests.id, request.request.id));
    if (input.publishConsent) await schedulePublication(tx, review!.id, now);
    await recordActivity(tx, {
      actor: { kind: "customer", name: input.name },
      entity: "review",
      entityId: review!.id,
      action: "received",
      after: { rating: input.rating, jobId: request.job.id },
      leadId: request.job.leadId,
    });
    return { reviewId: review!.id };
  });
}

/**
 * A review link for the customer's own page (/t/:token): the job's request with a fresh
 * token (only hashes are kept, so the texted one cannot be shown again; it stops working),
 * or a new request if the job has none. Null when the review was given or the link expired.
 */
export async function freshReviewLink(tx: Db, jobId: string, now = new Date()) {
  const [request] = await tx
    .select()
    .from(reviewRequests)
    .where(eq(reviewRequests.jobId, jobId))
    .for("update");
  if (!request) return createReviewRequest(tx, { jobId }, now);
  if (request.usedAt || request.expiresAt <= now) return null;
  const { token, hash } = newLinkToken();
  await tx.update(reviewRequests).set({ tokenHash: hash }).where(eq(reviewRequests.id, request.id));
  return { token };
}

/** Whether the job's customer can still leave a review (none given, not expired). */
export async function reviewOpen(db: Db, jobId: string, now = new Date()): Promise<boolean> {
  const [request] = await db
    .select({ usedAt: reviewRequests.usedAt, expiresAt: reviewRequests.expiresAt })
    .from(reviewRequests)
    .where(eq(reviewRequests.jobId, jobId));
  return !request || (!request.usedAt && request.expiresAt > now);
}
