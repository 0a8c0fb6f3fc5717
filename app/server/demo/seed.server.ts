import { sql } from "drizzle-orm";
import { readSetting, writeSetting } from "../db/app-settings.server";
import type { Db } from "../db/database.server";
import { reviews } from "../db/app-tables.server";
import type { ReviewCategory } from "~/lib/reviews/review-categories";
import { reviewCategoryFor } from "~/lib/reviews/review-request";
import { insertDemoBusiness } from "./business.server";
import { insertDemoSources } from "./sources.server";
import type { DemoBusiness } from "./rows.server";
import { demoReviews } from "./reviews.server";
import { insertDemoTaxDetails } from "./tax.server";
import type { TinCipher } from "../tax/tin-cipher.server";

const DEMO_LOADED = "demo_data_loaded_at";
const DAY_MS = 86_400_000;

/**
 * Fills an empty database with demo content, once: after that the operator's deletions
 * stay deleted across restarts. `seed` picks another, equally plausible business (the
 * browser tests vary it to prove they do not lean on one draw).
 */
export async function loadDemoDataOnce(
  db: Db,
  now = new Date(),
  seed?: number,
  tinCipher: TinCipher | null = null,
): Promise<boolean> {
  if (await readSetting(db, DEMO_LOADED)) return false;
  return db.transaction(async (tx) => {
    // Advisory lock: two processes starting together against one PostgreSQL load once.
    await tx.execute(sql`select pg_advisory_xact_lock(8420391)`);
    if (await readSetting(tx, DEMO_LOADED)) return false;
    // A year of locksmiths, leads, jobs, dispatch codes and calls (multi-row inserts).
    const business = await insertDemoBusiness(tx, now, seed);
    // Each demo review came through a completed job's review link, so it is Verified.
    const jobFor = demoReviewJobs(business.jobs);
    await tx.insert(reviews).values(
      demoReviews.map(({ daysAgo, ...review }) => ({
        ...review,
        verified: true,
        published: true,
        jobId: jobFor(review.category),
        createdAt: new Date(now.getTime() - daysAgo * DAY_MS),
      })),
    );
    await insertDemoSources(tx, now);
    // W-9s for the year-end 1099s (issue 49): numbers only with TIN_ENCRYPTION_KEY.
    await insertDemoTaxDetails(tx, business.locksmiths, tinCipher, now);
    await writeSetting(tx, DEMO_LOADED, now.toISOString());
    return true;
  });
}

/** Hands out the demo's completed jobs, newest first, one per review, matching its kind. */
function demoReviewJobs(jobs: DemoBusiness["jobs"]) {
  const completed = jobs
    .filter((job) => job.status === "completed" && job.id)
    .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0));
  const taken = new Set<string>();
  return (category: ReviewCategory): string | null => {
    const job =
      completed.find(
        (candidate) =>
          !taken.has(candidate.id!) && reviewCategoryFor(candidate.jobType) === category,
      ) ?? completed.find((candidate) => !taken.has(candidate.id!));
    if (!job) return null;
    taken.add(job.id!);
    return job.id!;
  };
}
