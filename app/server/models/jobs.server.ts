import { and, count, desc, eq, getTableColumns, inArray, or, sql, type SQL } from "drizzle-orm";
import type { JobStatus, ServiceType } from "~/lib/business-enums";
import { DEFAULT_CUT_PERCENT, computeSplit, type SplitTotals } from "~/lib/job-split";
import { UNKNOWN_NAME, serviceTypesMatching } from "~/lib/lead-labels";
import { RULE } from "~/lib/messages";
import { MAX_AMOUNT_CENTS } from "~/lib/money";
import type { ListQuery, Page } from "~/lib/pagination";
import { jobs, leads, locksmiths, type Job } from "../db/business-tables.server";
import { lockChosenRecords } from "./chosen-records.server";
import type { Database } from "../db/database.server";
import { contains, countWhere, idContains, isUuid, readPage } from "../db/list-query.server";
import { notFound, RuleError } from "../rule-error.server";

/*
 * Jobs and their money (docs/decisions/0007-money-and-job-split.md).
 *
 * Status: in_progress, completed and cancelled are settable freely (the spec). Moving to
 * completed stamps completed_at with the database's now(); setting completed again on a
 * completed job keeps the first stamp; moving away from completed clears it, because a
 * reopened job is not completed. A check constraint holds the two together.
 */

export type JobListQuery = ListQuery<JobStatus>;

export interface JobListItem extends Job {
  locksmithName: string | null;
  /** Where Edit Pricing starts when the job has no split yet. */
  locksmithDefaultCutPercent: number | null;
}

/** A job with what the list shows of its locksmith (left-joined: a job may have none). */
const jobListColumns = {
  ...getTableColumns(jobs),
  locksmithName: locksmiths.name,
  locksmithDefaultCutPercent: locksmiths.defaultCutPercent,
};

export interface NewJob {
  clientName: string;
  jobType: ServiceType;
  locksmithId?: string | null;
  leadId?: string | null;
}

export interface JobPricing {
  finalPriceCents: number;
  /** The locksmith's share in whole percent; absent: the locksmith's default cut. */
  theirCutPercent?: number;
}

/** Search (the spec: client name, job type or id) and the status filter. */
function jobFilter({ q, status }: Omit<JobListQuery, "page" | "pageSize">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (status) conditions.push(eq(jobs.status, status));
  if (q) {
    const types = serviceTypesMatching(q);
    conditions.push(
      or(
        contains(jobs.clientName, q),
        types.length > 0 ? inArray(jobs.jobType, types) : undefined,
        idContains(jobs.id, q),
      ),
    );
  }
  return and(...conditions);
}

/** Jobs, newest first, with the locksmith's name. */
export async function listJobs(db: Database, query: JobListQuery = {}): Promise<Page<JobListItem>> {
  const where = jobFilter(query);
  return readPage({
    page: query.page,
    pageSize: query.pageSize,
    count: () => countWhere(db, jobs, where),
    rows: (limit, offset) =>
      db
        .select(jobListColumns)
        .from(jobs)
        .leftJoin(locksmiths, eq(locksmiths.id, jobs.locksmithId))
        .where(where)
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(limit)
        .offset(offset),
  });
}

export interface JobsSummary extends SplitTotals {
  /** Jobs matching the filter, priced or not, cancelled or not. */
  jobs: number;
}

export const EMPTY_SUMMARY: JobsSummary = {
  jobs: 0,
  pricedJobs: 0,
  totalRevenueCents: 0,
  yourEarningsCents: 0,
  locksmithPaymentsCents: 0,
};

/**
 * The Jobs page's summary cards over the current search and filter, summed in SQL in
 * cents: Total Revenue (final prices), Your Earnings (the business's parts) and Locksmith
 * Payments (the locksmiths' parts). Unpriced jobs add nothing; cancelled jobs add nothing
 * either, because no money changes hands on them.
 */
export async function summarizeJobs(
  db: Database,
  query: Omit<JobListQuery, "page" | "pageSize"> = {},
): Promise<JobsSummary> {
  const counted = sql`${jobs.status} <> 'cancelled' and ${jobs.finalPriceCents} is not null`;
  const [row] = await db
    .select({
      jobs: count(),
      pricedJobs: sql<number>`count(*) filter (where ${counted})`.mapWith(Number),
      // bigint sums: node-postgres gives strings, PGlite numbers; Number() reads both.
      totalRevenueCents: sql<string>`coalesce(sum(${jobs.finalPriceCents}) filter (where ${counted}), 0)::bigint`,
      yourEarningsCents: sql<string>`coalesce(sum(${jobs.yourCutCents}) filter (where ${counted}), 0)::bigint`,
      locksmithPaymentsCents: sql<string>`coalesce(sum(${jobs.theirCutCents}) filter (where ${counted}), 0)::bigint`,
    })
    .from(jobs)
    .where(jobFilter(query));
  return {
    jobs: Number(row?.jobs ?? 0),
    pricedJobs: Number(row?.pricedJobs ?? 0),
    totalRevenueCents: Number(row?.totalRevenueCents ?? 0),
    yourEarningsCents: Number(row?.yourEarningsCents ?? 0),
    locksmithPaymentsCents: Number(row?.locksmithPaymentsCents ?? 0),
  };
}

/**
 * A job typed in from scratch; it starts in_progress with no price. Its lead must exist
 * and its locksmith be active (RuleError naming the field otherwise), checked in
 * the insert's transaction.
 */
export async function createJob(db: Database, input: NewJob): Promise<Job> {
  return db.transaction(async (tx) => {
    await lockChosenRecords(tx, input);
    const [row] = await tx
      .insert(jobs)
      .values({
        clientName: input.clientName.trim() || UNKNOWN_NAME,
        jobType: input.jobType,
        locksmithId: input.locksmithId || null,
        leadId: input.leadId || null,
      })
      .returning();
    return row!;
  });
}

/**
 * A job made from a lead: the client is the lead's name (or 'Unknown'), the job type its
 * service type, the locksmith the one it is assigned to. The lead itself is not changed.
 */
export async function createJobFromLead(db: Database, leadId: string): Promise<Job> {
  if (!isUuid(leadId)) throw notFound(RULE.leadGone);
  return db.transaction(async (tx) => {
    // Share lock: the lead cannot change under us between reading it and copying it.
    const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("share");
    if (!lead) throw notFound(RULE.leadGone);
    const [row] = await tx
      .insert(jobs)
      .values({
        leadId: lead.id,
        clientName: lead.name?.trim() || UNKNOWN_NAME,
        jobType: lead.serviceType,
        locksmithId: lead.assignedLocksmithId,
      })
      .returning();
    return row!;
  });
}

/**
 * Edit Pricing: sets the final price and computes the split once, here, with the given
 * percent or else the locksmith's default cut (60% when the job has no locksmith), and
 * stores price, percent and both parts together. The job row is locked while it is read
 * and written, so two edits at once apply one after the other.
 */
export async function setJobPricing(
  db: Database,
  jobId: string,
  pricing: JobPricing,
): Promise<Job> {
  if (!isUuid(jobId)) throw notFound(RULE.jobGone);
  const { finalPriceCents, theirCutPercent } = pricing;
  if (!Number.isSafeInteger(finalPriceCents) || finalPriceCents < 0) {
    throw new RuleError("The price must be $0.00 or more", { field: "finalPrice" });
  }
  if (finalPriceCents > MAX_AMOUNT_CENTS) {
    throw new RuleError("Enter an amount up to $1,000,000.00", { field: "finalPrice" });
  }
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: jobs.id, defaultCutPercent: locksmiths.defaultCutPercent })
      .from(jobs)
      .leftJoin(locksmiths, eq(locksmiths.id, jobs.locksmithId))
      .where(eq(jobs.id, jobId))
      .for("update", { of: jobs });
    if (!job) throw notFound(RULE.jobGone);
    const percent = theirCutPercent ?? job.defaultCutPercent ?? DEFAULT_CUT_PERCENT;
    let split;
    try {
      split = computeSplit(finalPriceCents, percent);
    } catch {
      throw new RuleError("Enter a whole number from 0 to 100", { field: "theirCutPercent" });
    }
    const [row] = await tx
      .update(jobs)
      .set({
        finalPriceCents,
        theirCutPercent: percent,
        theirCutCents: split.theirCutCents,
        yourCutCents: split.yourCutCents,
      })
      .where(eq(jobs.id, jobId))
      .returning();
    return row!;
  });
}

/** Free moves between statuses; completed_at follows (see the top of this file). */
export async function setJobStatus(db: Database, id: string, status: JobStatus): Promise<Job> {
  if (!isUuid(id)) throw notFound(RULE.jobGone);
  const [row] = await db
    .update(jobs)
    .set({
      status,
      // The right-hand side reads the row as it was before this update.
      completedAt:
        status === "completed"
          ? sql`case when ${jobs.status} = 'completed' then ${jobs.completedAt} else now() end`
          : null,
    })
    .where(eq(jobs.id, id))
    .returning();
  if (!row) throw notFound(RULE.jobGone);
  return row;
}

/** The dashboard's Active Jobs card: jobs in progress, and all jobs. */
export async function countJobs(db: Database): Promise<{ total: number; active: number }> {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${jobs.status} = 'in_progress')`.mapWith(Number),
    })
    .from(jobs);
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
}
