import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts } from "../../../tests/helpers/texting";
import { reviewRequests, reviews } from "../db/app-tables.server";
import { leads } from "../db/business-tables.server";
import { messages } from "../db/messaging-tables.server";
import { homeReviews } from "./public-reviews.server";
import { createReviewRequest, readReviewRequest, submitReview } from "./review-requests.server";
import { deleteReview, setReviewPublished, updateReview } from "./reviews.server";
import { dispatchLead } from "./dispatch.server";
import { createJobFromLead, setJobStatus } from "./jobs.server";
import { createLead } from "./leads.server";
import { createLocksmith } from "./locksmiths.server";

const REVIEW = {
  rating: 5,
  body: "Opened my car in ten minutes.",
  name: "Rosa L.",
  publishConsent: true,
};

describeEachDatabase("review requests", (t) => {
  const db = () => t.handle.db;

  async function completedJob({ consent = true } = {}) {
    const smith = await createLocksmith(
      db(),
      {
        name: "Marcus Reed",
        phone: uniquePhone(),
        email: null,
        assignedZips: ["60629"],
        paymentMethod: null,
        defaultCutPercent: 60,
      },
      TEST_ACTOR,
    );
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

  it("counts a hidden verified review in the rating, and keeps why it was hidden", async () => {
    await db().delete(reviews);
    const { job } = await completedJob();
    const token = tokenOf((await requestText(job.id))[0]!.body);
    const { reviewId } = await submitReview(db(), token, { ...REVIEW, rating: 1 });
    await setReviewPublished(db(), reviewId, true, TEST_ACTOR);
    await setReviewPublished(db(), reviewId, false, TEST_ACTOR, "personal_data");
    const [hidden] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
    expect(hidden).toMatchObject({ published: false, hiddenReason: "personal_data" });
    const { rating, reviews: shown } = await homeReviews(db());
    expect(shown.map((review) => review.id)).not.toContain(reviewId);
    expect(rating).toEqual({ ratingValue: 1, reviewCount: 1 });
    // Published again: the reason goes.
    await setReviewPublished(db(), reviewId, true, TEST_ACTOR);
    const [back] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
    expect(back!.hiddenReason).toBeNull();
  });
});
