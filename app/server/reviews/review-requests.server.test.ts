import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { createTestLocksmith } from "../../../tests/helpers/available-locksmith";
import { heardByPhone } from "../../../tests/helpers/dispatch-world";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts } from "../../../tests/helpers/texting";
import { activityLog } from "../db/activity-tables.server";
import { appSettings, reviewRequests, reviews } from "../db/app-tables.server";
import { RULE } from "~/lib/ui-text";
import { watchDeps, watchSettings } from "../../../tests/helpers/night-watch";
import { fireDueTimers } from "../night-watch/timer-worker.server";
import { readModerationHours, saveModerationHours } from "./review-moderation.server";
import { leads } from "../db/business-tables.server";
import { messages } from "../db/messaging-tables.server";
import { homeReviews } from "./public-reviews.server";
import { createReviewRequest, readReviewRequest, submitReview } from "./review-requests.server";
import { deleteReview, setReviewPublished, updateReview } from "./reviews.server";
import { dispatchLead } from "../dispatch/dispatch.server";
import { createJobFromLead, setJobStatus } from "../money/jobs.server";
import { createLead } from "../leads/leads.server";

const REVIEW = {
  rating: 5,
  body: "Opened my car in ten minutes.",
  name: "Rosa L.",
  publishConsent: true,
};

describeEachDatabase("review requests", (t) => {
  const db = () => t.handle.db;

  async function completedJob({ consent = true } = {}) {
    const smith = await createTestLocksmith(db(), { name: "Marcus Reed", assignedZips: ["60629"] });
    const lead = await createLead(
      db(),
      { name: "Rosa Lewis", phone: uniquePhone(), serviceType: "automotive", zip: "60629" },
      TEST_ACTOR,
    );
    await db().update(leads).set({ textConsent: consent }).where(eq(leads.id, lead.id));
    // Marcus said yes on the phone: the lead's job is his.
    await dispatchLead(
      db(),
      { leadId: lead.id, locksmithId: smith.id, by: "phone" },
      TEST_ACTOR,
      configuredTexts(),
    );
    const { job } = await createJobFromLead(db(), lead.id, TEST_ACTOR);
    // A car opening: he read the door check out to the office before it was done (0075).
    await heardByPhone(db(), job.id);
    await setJobStatus(db(), job.id, "completed", TEST_ACTOR, configuredTexts());
    return { job, lead };
  }

  const requestText = async (jobId: string) =>
    (await db().select().from(messages).where(eq(messages.jobId, jobId))).filter(
      (row) => row.purpose === "customer_review_request",
    );
  const tokenOf = (body: string) => /\/review\/([A-Za-z0-9_-]{43})/.exec(body)![1]!;

  it("texts a consenting customer the review link when the job completes, once", async () => {
    const { job, lead } = await completedJob();
    const [text] = await requestText(job.id);
    expect(text).toMatchObject({ status: "queued", toPhone: lead.phone });
    expect(text!.body).toContain("How did Marcus Reed do?");
    expect(text!.body).toMatch(/https:\/\/lockline\.test\/review\/[A-Za-z0-9_-]{43}/);
    // Reopened and completed again: no second request.
    await setJobStatus(db(), job.id, "in_progress", TEST_ACTOR, configuredTexts());
    await setJobStatus(db(), job.id, "completed", TEST_ACTOR, configuredTexts());
    expect(await requestText(job.id)).toHaveLength(1);
    expect(await createReviewRequest(db(), { jobId: job.id })).toBeNull();
  });

  it("asks nobody who did not agree to texts", async () => {
    const { job } = await completedJob({ consent: false });
    expect(await requestText(job.id)).toHaveLength(0);
    expect(
      await db().select().from(reviewRequests).where(eq(reviewRequests.jobId, job.id)),
    ).toHaveLength(0);
  });

  it("stores the review unpublished, verified, tied to the job; the link then closes", async () => {
    const { job } = await completedJob();
    const token = tokenOf((await requestText(job.id))[0]!.body);
    expect(await readReviewRequest(db(), token)).toMatchObject({
      service: "Automotive",
      locksmithName: "Marcus Reed",
      suggestedName: "Rosa L.",
    });
    const { reviewId } = await submitReview(db(), token, REVIEW);
    const [review] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
    expect(review).toMatchObject({
      jobId: job.id,
      verified: true,
      published: false,
      rating: 5,
      customerName: "Rosa L.",
      category: "car_lockout",
      areaSlug: expect.any(String),
    });
    expect(await readReviewRequest(db(), token)).toBeUndefined();
    await expect(submitReview(db(), token, REVIEW)).rejects.toMatchObject({ status: 404 });
  });

  it("closes after 30 days, and for unknown tokens", async () => {
    const { job } = await completedJob();
    const token = tokenOf((await requestText(job.id))[0]!.body);
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await readReviewRequest(db(), token, later)).toBeUndefined();
    await expect(submitReview(db(), token, REVIEW, later)).rejects.toMatchObject({ status: 404 });
    expect(await readReviewRequest(db(), "Z".repeat(43))).toBeUndefined();
  });

  it("makes one review from 20 submissions at once", async () => {
    const { job } = await completedJob();
    const token = tokenOf((await requestText(job.id))[0]!.body);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => submitReview(db(), token, REVIEW)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await db().select().from(reviews).where(eq(reviews.jobId, job.id))).toHaveLength(1);
  });

  it("keeps a customer's review as written, on record, and off the site without consent", async () => {
    const { job } = await completedJob();
    const token = tokenOf((await requestText(job.id))[0]!.body);
    const { reviewId } = await submitReview(db(), token, {
      ...REVIEW,
      rating: 1,
      publishConsent: false,
    });
    const edit = {
      customerName: "Rosa L.",
      areaSlug: "oak-lawn",
      category: "car_lockout" as const,
      body: REVIEW.body,
      published: false,
    };
    await expect(
      updateReview(db(), reviewId, { ...edit, rating: 5 }, TEST_ACTOR),
    ).rejects.toMatchObject({ field: "rating" });
    await expect(setReviewPublished(db(), reviewId, true, TEST_ACTOR)).rejects.toMatchObject({
      status: 409,
    });
    await expect(deleteReview(db(), reviewId, TEST_ACTOR)).rejects.toMatchObject({ status: 409 });
    // Filing it is fine.
    await updateReview(db(), reviewId, { ...edit, rating: 1 }, TEST_ACTOR);
  });

  it("rates over published reviews only; none from a job goes early; hidden only for the policy's reasons", async () => {
    await db().delete(reviews);
    await saveModerationHours(db(), 48, TEST_ACTOR);
    const { job } = await completedJob();
    const token = tokenOf((await requestText(job.id))[0]!.body);
    const { reviewId } = await submitReview(db(), token, { ...REVIEW, rating: 5 });
    // Within its window nobody publishes it, however good: every rating waits alike.
    await expect(setReviewPublished(db(), reviewId, true, TEST_ACTOR)).rejects.toMatchObject({
      message: expect.stringMatching(
        /^A review from a job goes live by itself on .+: none goes early\.$/,
      ),
    });
    expect((await homeReviews(db())).rating).toBeUndefined();
    // A review from our job's link is about a job of ours: that reason is not for it.
    await expect(
      setReviewPublished(db(), reviewId, false, TEST_ACTOR, "not_a_customer"),
    ).rejects.toMatchObject({ field: "reason", message: RULE.reviewFromOurJob });
    await setReviewPublished(db(), reviewId, false, TEST_ACTOR, "personal_data");
    const [hidden] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
    expect(hidden).toMatchObject({ published: false, hiddenReason: "personal_data" });
    const { rating, reviews: shown } = await homeReviews(db());
    expect(shown.map((review) => review.id)).not.toContain(reviewId);
    // Not shown, not counted: the stars on the site are the reviews a visitor can read.
    expect(rating).toBeUndefined();
    // Its window over, Publish puts it back: the reason goes, and it counts.
    await saveModerationHours(db(), 0, TEST_ACTOR);
    await setReviewPublished(db(), reviewId, true, TEST_ACTOR);
    const [back] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
    expect(back!.hiddenReason).toBeNull();
    expect((await homeReviews(db())).rating).toEqual({ ratingValue: 5, reviewCount: 1 });
  });

  describe("publication by rule", () => {
    const deps = () => watchDeps(db(), () => watchSettings());
    const hours = (n: number, from = new Date()) => new Date(from.getTime() + n * 3_600_000);
    const stateOf = async (id: string) =>
      (await db().select().from(reviews).where(eq(reviews.id, id)))[0]!;
    const sendReview = async (review: Partial<typeof REVIEW> = {}) => {
      const { job } = await completedJob();
      const token = tokenOf((await requestText(job.id))[0]!.body);
      return (await submitReview(db(), token, { ...REVIEW, ...review })).reviewId;
    };

    it("a 1-star verified review goes live by itself when the window has passed, not before", async () => {
      await saveModerationHours(db(), 48, TEST_ACTOR);
      const reviewId = await sendReview({ rating: 1 });
      await fireDueTimers(deps(), { now: hours(47) });
      expect(await stateOf(reviewId)).toMatchObject({ published: false });
      await fireDueTimers(deps(), { now: hours(49) });
      expect(await stateOf(reviewId)).toMatchObject({ published: true, rating: 1 });
      const { reviews: shown } = await homeReviews(db());
      expect(shown.map((review) => review.id)).toContain(reviewId);
      // On record: the rule published it, not a person.
      const log = await db().select().from(activityLog).where(eq(activityLog.entityId, reviewId));
      expect(log.map((entry) => [entry.action, entry.actorName])).toContainEqual([
        "published",
        "Moderation window",
      ]);
    });

    it("a review hidden for a listed reason within the window stays hidden", async () => {
      await saveModerationHours(db(), 48, TEST_ACTOR);
      const reviewId = await sendReview({ rating: 2 });
      await setReviewPublished(db(), reviewId, false, TEST_ACTOR, "personal_data");
      await fireDueTimers(deps(), { now: hours(49) });
      expect(await stateOf(reviewId)).toMatchObject({
        published: false,
        hiddenReason: "personal_data",
      });
    });

    it("the office cannot take a review from a job off the site without a listed reason", async () => {
      await saveModerationHours(db(), 0, TEST_ACTOR);
      const reviewId = await sendReview({ rating: 1 });
      await fireDueTimers(deps(), { now: hours(0.01) });
      expect(await stateOf(reviewId)).toMatchObject({ published: true });
      await expect(setReviewPublished(db(), reviewId, false, TEST_ACTOR)).rejects.toMatchObject({
        field: "reason",
        message: RULE.reviewHideNeedsReason,
      });
      const edit = {
        customerName: "Rosa L.",
        areaSlug: "oak-lawn",
        category: "car_lockout" as const,
        body: REVIEW.body,
        rating: 1,
        published: false,
      };
      await expect(updateReview(db(), reviewId, edit, TEST_ACTOR)).rejects.toMatchObject({
        field: "published",
      });
      expect(await stateOf(reviewId)).toMatchObject({ published: true, hiddenReason: null });
    });

    it("a review without the customer's consent is never published by the rule", async () => {
      await saveModerationHours(db(), 0, TEST_ACTOR);
      const reviewId = await sendReview({ publishConsent: false });
      await fireDueTimers(deps(), { now: hours(1) });
      expect(await stateOf(reviewId)).toMatchObject({ published: false });
    });

    it("the window is a setting: 48 hours until an owner changes it", async () => {
      await db().delete(appSettings).where(eq(appSettings.key, "review_moderation"));
      expect(await readModerationHours(db())).toBe(48);
      await saveModerationHours(db(), 6, TEST_ACTOR);
      expect(await readModerationHours(db())).toBe(6);
    });
  });
});
