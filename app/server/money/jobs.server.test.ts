import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { uniquePhone } from "../../../tests/helpers/phones";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { RULE } from "~/lib/ui-text";
import { jobPricingSchema } from "~/lib/schemas/jobs";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { jobs, leads } from "../db/business-tables.server";
import { listLeadActivity } from "../activity/activity.server";
import { ChangeFeed, type Change } from "../live/change-feed.server";
import {
  countJobs,
  createJob,
  createJobFromLead,
  listJobs,
  setJobPricing,
  setJobStatus,
  summarizeJobs,
} from "./jobs.server";
import { createLead } from "../leads/leads.server";
import { dispatchLead } from "../dispatch/dispatch.server";
import { actOnJobPage } from "../dispatch/job-page.server";
import { unconfiguredTexts } from "../../../tests/helpers/texting";
import { createLocksmith, setLocksmithActive } from "../locksmiths/locksmiths.server";
import { RuleError } from "../rule-error.server";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

describeEachDatabase("jobs", (t) => {
  /** A job as the list shows it (with its locksmith's name). */
  const jobRow = async (id: string) => (await listJobs(t.handle.db, { q: id })).rows[0];

  async function locksmith(defaultCutPercent = 60, name = "Job Smith") {
    return createLocksmith(
      t.handle.db,
      {
        name,
        phone: "(312) 555-0102",
        email: null,
        assignedZips: [],
        paymentMethod: null,
        defaultCutPercent,
      },
      TEST_ACTOR,
    );
  }

  async function dbNow(): Promise<Date> {
    // The database's clock: completed_at is stamped with it.
    const [row] = await t.handle.db
      .select({ now: sql<string>`now()::text` })
      .from(jobs)
      .limit(1);
    return new Date(row!.now);
  }

  it("creates a job from a lead: its name and service type; the locksmith once they accept", async () => {
    const smith = await locksmith(65, "Lead Smith");
    const lead = await createLead(
      t.handle.db,
      {
        name: "Dana Whitfield",
        phone: "(312) 555-0170",
        serviceType: "automotive",
        zip: "60601",
      },
      TEST_ACTOR,
    );
    const offer = await dispatchLead(
      t.handle.db,
      { leadId: lead.id, locksmithId: smith.id },
      TEST_ACTOR,
      unconfiguredTexts(),
    );
    const { job, existed } = await createJobFromLead(t.handle.db, lead.id, TEST_ACTOR);
    expect(existed).toBe(false);
    expect(job).toMatchObject({
      leadId: lead.id,
      clientName: "Dana Whitfield",
      jobType: "automotive",
      // Offered is not accepted: nobody holds the job yet.
      locksmithId: null,
      status: "in_progress",
      finalPriceCents: null,
      theirCutCents: null,
      yourCutCents: null,
      completedAt: null,
    });
    const token = /\/j\/([A-Za-z0-9_-]{43})/.exec(offer.text)![1]!;
    await actOnJobPage(t.handle.db, token, { intent: "accept" }, unconfiguredTexts());
    expect((await jobRow(job.id))?.locksmithName).toBe("Lead Smith");
  });

  it("names the client 'Unknown' when the lead has no name", async () => {
    const lead = await createLead(
      t.handle.db,
      {
        name: null,
        phone: "(312) 555-0171",
        serviceType: "safes",
        source: "phone",
      },
      TEST_ACTOR,
    );
    const { job } = await createJobFromLead(t.handle.db, lead.id, TEST_ACTOR);
    expect(job).toMatchObject({ clientName: "Unknown", jobType: "safes", locksmithId: null });
    await expect(createJobFromLead(t.handle.db, MISSING_ID, TEST_ACTOR)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("creates a job from scratch", async () => {
    const job = await createJob(
      t.handle.db,
      {
        clientName: " Walk In ",
        jobType: "key_duplication",
      },
      TEST_ACTOR,
    );
    expect(job).toMatchObject({ clientName: "Walk In", leadId: null, locksmithId: null });
  });

  it("refuses a lead that is gone and a locksmith who is unknown or inactive, writing nothing", async () => {
    const inactive = await locksmith(60, "Resting Smith");
    await setLocksmithActive(t.handle.db, inactive.id, false, TEST_ACTOR);
    const before = await listJobs(t.handle.db);
    for (const [choice, field, message] of [
      [{ leadId: MISSING_ID }, "leadId", "Choose a lead from the list"],
      [{ locksmithId: MISSING_ID }, "locksmithId", "Choose a locksmith from the list"],
      [{ locksmithId: inactive.id }, "locksmithId", RULE.locksmithInactive],
    ] as const) {
      const error = await createJob(
        t.handle.db,
        {
          clientName: "Stale Choice",
          jobType: "rekeying",
          ...choice,
        },
        TEST_ACTOR,
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RuleError);
      expect(error).toMatchObject({ field, message });
    }
    expect((await listJobs(t.handle.db)).total).toBe(before.total);
  });

  it("lists each job with its locksmith's name and default cut", async () => {
    const smith = await locksmith(72, "Cut Smith");
    const job = await createJob(
      t.handle.db,
      {
        clientName: "Cut Client",
        jobType: "safes",
        locksmithId: smith.id,
      },
      TEST_ACTOR,
    );
    const alone = await createJob(
      t.handle.db,
      { clientName: "No Smith", jobType: "safes" },
      TEST_ACTOR,
    );
    const { rows } = await listJobs(t.handle.db, { q: "Cut Client" });
    expect(rows).toMatchObject([
      { id: job.id, locksmithName: "Cut Smith", locksmithDefaultCutPercent: 72 },
    ]);
    expect(await jobRow(alone.id)).toMatchObject({
      locksmithName: null,
      locksmithDefaultCutPercent: null,
    });
  });

  it("prices a job with the locksmith's default cut when no percent is given", async () => {
    const smith = await locksmith(65);
    const job = await createJob(
      t.handle.db,
      {
        clientName: "A",
        jobType: "emergency",
        locksmithId: smith.id,
      },
      TEST_ACTOR,
    );
    const priced = await setJobPricing(
      t.handle.db,
      job.id,
      { finalPriceCents: 18_999 },
      TEST_ACTOR,
    );
    // 18999 × 65% = 12349.35 → 12349
    expect(priced).toMatchObject({
      finalPriceCents: 18_999,
      theirCutPercent: 65,
      theirCutCents: 12_349,
      yourCutCents: 6_650,
    });
  });

  it("uses a given percent, rounds half up, and always adds up", async () => {
    const smith = await locksmith(60);
    const job = await createJob(
      t.handle.db,
      {
        clientName: "B",
        jobType: "commercial",
        locksmithId: smith.id,
      },
      TEST_ACTOR,
    );
    const input = jobPricingSchema.parse({
      intent: "pricing",
      jobId: job.id,
      finalPrice: "$123.45",
      theirCutPercent: "50",
    });
    const priced = await setJobPricing(
      t.handle.db,
      input.jobId,
      {
        finalPriceCents: input.finalPrice,
        theirCutPercent: input.theirCutPercent,
      },
      TEST_ACTOR,
    );
    expect(priced).toMatchObject({
      finalPriceCents: 12_345,
      theirCutPercent: 50,
      theirCutCents: 6_173,
      yourCutCents: 6_172,
    });
    // Pricing again replaces the split.
    const repriced = await setJobPricing(
      t.handle.db,
      job.id,
      {
        finalPriceCents: 10_000,
        theirCutPercent: 0,
      },
      TEST_ACTOR,
    );
    expect(repriced).toMatchObject({ theirCutCents: 0, yourCutCents: 10_000, theirCutPercent: 0 });
  });

  it("uses the 60% default when the job has no locksmith", async () => {
    const job = await createJob(
      t.handle.db,
      { clientName: "C", jobType: "residential" },
      TEST_ACTOR,
    );
    expect(
      await setJobPricing(t.handle.db, job.id, { finalPriceCents: 7_500 }, TEST_ACTOR),
    ).toMatchObject({
      theirCutPercent: 60,
      theirCutCents: 4_500,
      yourCutCents: 3_000,
    });
  });

  it("refuses a bad price or percent, and an unknown job", async () => {
    const job = await createJob(
      t.handle.db,
      { clientName: "D", jobType: "residential" },
      TEST_ACTOR,
    );
    await expect(
      setJobPricing(t.handle.db, job.id, { finalPriceCents: -1 }, TEST_ACTOR),
    ).rejects.toThrow(RuleError);
    await expect(
      setJobPricing(t.handle.db, job.id, { finalPriceCents: 10.5 }, TEST_ACTOR),
    ).rejects.toThrow(RuleError);
    await expect(
      setJobPricing(
        t.handle.db,
        job.id,
        { finalPriceCents: 100, theirCutPercent: 101 },
        TEST_ACTOR,
      ),
    ).rejects.toMatchObject({ field: "theirCutPercent" });
    await expect(
      setJobPricing(t.handle.db, MISSING_ID, { finalPriceCents: 100 }, TEST_ACTOR),
    ).rejects.toMatchObject({ status: 404 });
    expect(await jobRow(job.id)).toMatchObject({ finalPriceCents: null });
  });

  it("keeps a split that does not add up, or half a split, out of the database", async () => {
    const job = await createJob(
      t.handle.db,
      { clientName: "E", jobType: "residential" },
      TEST_ACTOR,
    );
    const write = (values: Partial<typeof jobs.$inferInsert>) =>
      t.handle.db.update(jobs).set(values).where(eq(jobs.id, job.id));
    await expect(
      write({ finalPriceCents: 100, theirCutPercent: 60, theirCutCents: 60, yourCutCents: 41 }),
    ).rejects.toThrow();
    await expect(write({ finalPriceCents: 100 })).rejects.toThrow();
    await expect(
      write({ finalPriceCents: -100, theirCutPercent: 60, theirCutCents: -60, yourCutCents: -40 }),
    ).rejects.toThrow();
  });

  it("stamps completed_at when completed, keeps it when completed again, clears it on leaving", async () => {
    const job = await createJob(
      t.handle.db,
      { clientName: "F", jobType: "key_duplication" },
      TEST_ACTOR,
    );
    const before = await dbNow();
    const completed = await setJobStatus(t.handle.db, job.id, "completed", TEST_ACTOR);
    expect(completed.status).toBe("completed");
    expect(completed.completedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(completed.completedAt!.getTime()).toBeLessThanOrEqual((await dbNow()).getTime());

    const again = await setJobStatus(t.handle.db, job.id, "completed", TEST_ACTOR);
    expect(again.completedAt).toEqual(completed.completedAt);

    expect(
      (await setJobStatus(t.handle.db, job.id, "in_progress", TEST_ACTOR)).completedAt,
    ).toBeNull();
    await setJobStatus(t.handle.db, job.id, "completed", TEST_ACTOR);
    expect(
      (await setJobStatus(t.handle.db, job.id, "cancelled", TEST_ACTOR)).completedAt,
    ).toBeNull();
    expect(
      (await setJobStatus(t.handle.db, job.id, "completed", TEST_ACTOR)).completedAt,
    ).not.toBeNull();
    await expect(
      setJobStatus(t.handle.db, MISSING_ID, "completed", TEST_ACTOR),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it("refuses completed without a time, or a time without completed", async () => {
    const job = await createJob(t.handle.db, { clientName: "G", jobType: "emergency" }, TEST_ACTOR);
    const write = (values: Partial<typeof jobs.$inferInsert>) =>
      t.handle.db.update(jobs).set(values).where(eq(jobs.id, job.id));
    await expect(write({ status: "completed" })).rejects.toThrow();
    await expect(write({ completedAt: new Date() })).rejects.toThrow();
  });

  it("searches client name, job type and id, case-insensitive", async () => {
    const db = t.handle.db;
    const one = await createJob(
      db,
      { clientName: "Harriet Quillfeather", jobType: "smart_locks" },
      TEST_ACTOR,
    );
    const two = await createJob(
      db,
      { clientName: "Ivo Quillfeather", jobType: "safes" },
      TEST_ACTOR,
    );
    const ids = async (q: string) =>
      (await listJobs(db, { q, pageSize: 1000 })).rows
        .map((row) => row.id)
        .filter((id) => id === one.id || id === two.id)
        .sort();
    // Matching, not order, is under test: rows made in the same millisecond tie on created_at.
    expect(await ids("QUILLFEATHER")).toEqual([one.id, two.id].sort());
    expect(await ids("riet quill")).toEqual([one.id]);
    expect(await ids("Smart Locks")).toEqual([one.id]);
    expect(await ids("smart_locks")).toEqual([one.id]);
    // The list shows the first 8 characters of the id: they find the job.
    expect(await ids(one.id.slice(0, 8))).toEqual([one.id]);
    expect(await ids(two.id.slice(9, 13).toUpperCase())).toContain(two.id);
  });

  it("filters by status and pages newest first", async () => {
    const db = t.handle.db;
    const base = Date.UTC(2025, 0, 1);
    await db.insert(jobs).values(
      Array.from({ length: 30 }, (_, i) => ({
        clientName: `Pagejob ${String(i + 1).padStart(2, "0")}`,
        jobType: "residential" as const,
        status: i < 10 ? ("cancelled" as const) : ("in_progress" as const),
        createdAt: new Date(base + i * 1000),
      })),
    );
    const second = await listJobs(db, { q: "pagejob", page: 2 });
    expect(second).toMatchObject({ total: 30, page: 2, pageCount: 2 });
    expect(second.rows.map((row) => row.clientName)).toEqual([
      "Pagejob 05",
      "Pagejob 04",
      "Pagejob 03",
      "Pagejob 02",
      "Pagejob 01",
    ]);
    const cancelled = await listJobs(db, { q: "pagejob", status: "cancelled" });
    expect(cancelled.total).toBe(10);
    expect(cancelled.rows[0]?.clientName).toBe("Pagejob 10");
  });

  it("sums the summary cards in cents over the current filter, leaving out cancelled jobs", async () => {
    const db = t.handle.db;
    const smith = await locksmith(60);
    const make = async (name: string, price: number | null, percent?: number) => {
      const job = await createJob(
        db,
        {
          clientName: `Sumjob ${name}`,
          jobType: "key_duplication",
          locksmithId: smith.id,
        },
        TEST_ACTOR,
      );
      if (price !== null)
        await setJobPricing(
          db,
          job.id,
          { finalPriceCents: price, theirCutPercent: percent },
          TEST_ACTOR,
        );
      return job;
    };
    const done = await make("done", 12_345, 50); // 6173 / 6172
    await make("open", 20_000); // 12000 / 8000
    await make("unpriced", null);
    const cancelled = await make("cancelled", 50_000);
    await setJobStatus(db, done.id, "completed", TEST_ACTOR);
    await setJobStatus(db, cancelled.id, "cancelled", TEST_ACTOR);

    expect(await summarizeJobs(db, { q: "sumjob" })).toEqual({
      jobs: 4,
      pricedJobs: 2,
      totalRevenueCents: 32_345,
      yourEarningsCents: 14_172,
      locksmithPaymentsCents: 18_173,
    });
    expect(await summarizeJobs(db, { q: "sumjob", status: "completed" })).toEqual({
      jobs: 1,
      pricedJobs: 1,
      totalRevenueCents: 12_345,
      yourEarningsCents: 6_172,
      locksmithPaymentsCents: 6_173,
    });
    expect(await summarizeJobs(db, { q: "sumjob", status: "cancelled" })).toMatchObject({
      jobs: 1,
      pricedJobs: 0,
      totalRevenueCents: 0,
    });
    expect(await summarizeJobs(db, { q: "nothing like this" })).toEqual({
      jobs: 0,
      pricedJobs: 0,
      totalRevenueCents: 0,
      yourEarningsCents: 0,
      locksmithPaymentsCents: 0,
    });
  });

  it("counts jobs in progress and all jobs", async () => {
    const before = await countJobs(t.handle.db);
    const job = await createJob(
      t.handle.db,
      { clientName: "H", jobType: "smart_locks" },
      TEST_ACTOR,
    );
    await createJob(t.handle.db, { clientName: "I", jobType: "safes" }, TEST_ACTOR);
    await setJobStatus(t.handle.db, job.id, "completed", TEST_ACTOR);
    expect(await countJobs(t.handle.db)).toEqual({
      total: before.total + 2,
      active: before.active + 1,
    });
  });

  it("announces changes on the change channel", async () => {
    const feed = await ChangeFeed.start(t.handle);
    const seen: Change[] = [];
    feed.subscribe((change) => seen.push(change));
    try {
      const job = await createJob(
        t.handle.db,
        { clientName: "Live", jobType: "safes" },
        TEST_ACTOR,
      );
      await setJobPricing(t.handle.db, job.id, { finalPriceCents: 100 }, TEST_ACTOR);
      await expect
        .poll(
          () => seen.filter((change) => change.id === job.id).map((c) => `${c.table}:${c.op}`),
          {
            timeout: 5000,
          },
        )
        .toEqual(["jobs:insert", "jobs:update"]);
    } finally {
      await feed.close();
    }
  });
});

describeEachDatabase("jobs and their leads", (t) => {
  // A service that opens something waits for its door check (decision 0075): key copying does not.
  const newLead = (serviceType: "emergency" | "key_duplication" = "emergency") =>
    createLead(
      t.handle.db,
      { name: "Guard Case", phone: uniquePhone(), serviceType, address: "9 W Elm St" },
      TEST_ACTOR,
    );

  it("makes one job when Create job is clicked 20 times at once on one lead", async () => {
    const lead = await newLead();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => createJobFromLead(t.handle.db, lead.id, TEST_ACTOR)),
    );
    const ids = new Set(results.map((result) => result.job.id));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => !result.existed)).toHaveLength(1);
    const made = await t.handle.db.select().from(jobs).where(eq(jobs.leadId, lead.id));
    expect(made).toHaveLength(1);
    // The job copies the lead's address and customer.
    expect(made[0]).toMatchObject({ address: "9 W Elm St", customerId: lead.customerId });
  });

  it("keeps one open job per lead in the database itself", async () => {
    const lead = await newLead();
    await createJobFromLead(t.handle.db, lead.id, TEST_ACTOR);
    await expect(
      t.handle.db.insert(jobs).values({ leadId: lead.id, clientName: "x", jobType: "safes" }),
    ).rejects.toThrow();
  });

  it("moves the lead with its job: completed, cancelled (back to New), reopened", async () => {
    const lead = await newLead("key_duplication");
    const { job } = await createJobFromLead(t.handle.db, lead.id, TEST_ACTOR);
    const leadStatus = async () =>
      (await t.handle.db.select().from(leads).where(eq(leads.id, lead.id)))[0]!.status;
    await setJobStatus(t.handle.db, job.id, "completed", TEST_ACTOR);
    expect(await leadStatus()).toBe("completed");
    await setJobStatus(t.handle.db, job.id, "cancelled", TEST_ACTOR);
    expect(await leadStatus()).toBe("new");
    await setJobStatus(t.handle.db, job.id, "in_progress", TEST_ACTOR);
    expect(await leadStatus()).toBe("in_progress");
    const followed = (await listLeadActivity(t.handle.db, lead.id)).filter(
      (entry) => entry.action === "followed_job",
    );
    expect(followed.map((entry) => entry.after?.status)).toEqual([
      "in_progress",
      "new",
      "completed",
    ]);
  });

  it("refuses to reopen a job while its lead has another open one", async () => {
    const lead = await newLead();
    const { job: first } = await createJobFromLead(t.handle.db, lead.id, TEST_ACTOR);
    await setJobStatus(t.handle.db, first.id, "cancelled", TEST_ACTOR);
    const { job: second, existed } = await createJobFromLead(t.handle.db, lead.id, TEST_ACTOR);
    expect(existed).toBe(false);
    await expect(
      setJobStatus(t.handle.db, first.id, "in_progress", TEST_ACTOR),
    ).rejects.toMatchObject({ status: 409, message: RULE.leadHasOpenJob });
    expect((await t.handle.db.select().from(jobs).where(eq(jobs.id, first.id)))[0]?.status).toBe(
      "cancelled",
    );
    expect(second.status).toBe("in_progress");
  });

  it("makes one job from a double-clicked New Job (the same form token)", async () => {
    const requestId = crypto.randomUUID();
    const made = await Promise.all(
      Array.from({ length: 5 }, () =>
        createJob(t.handle.db, { clientName: "Walk In", jobType: "safes", requestId }, TEST_ACTOR),
      ),
    );
    expect(new Set(made.map((job) => job.id)).size).toBe(1);
  });
});
