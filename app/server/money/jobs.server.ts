import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { JobListParams } from "~/lib/admin/job-list-params";
import type { Actor } from "~/lib/activity";
import {
  isClosedLead,
  type JobStatus,
  type LeadStatus,
  type ServiceType,
} from "~/lib/business-enums";
import { DEFAULT_CUT_PERCENT, computeSplit, type SplitTotals } from "~/lib/money/job-split";
import { UNKNOWN_NAME, serviceTypesMatching } from "~/lib/leads/lead-labels";
import { FIELD, RULE } from "~/lib/ui-text";
import { MAX_AMOUNT_CENTS } from "~/lib/money/money";
import type { ListQuery, Page } from "~/lib/admin/pagination";
import type { PaymentVerdict } from "~/lib/money/card-payments";
import {
  assignments,
  cardMoney,
  jobs,
  leads,
  locksmiths,
  quotes,
  type Job,
  type Lead,
} from "../db/business-tables.server";
import { isUniqueViolation } from "../db/errors.server";
import { isHolding } from "~/lib/dispatch/assignment-machine";
import { describeHolder } from "~/lib/dispatch/holder";
import {
  applyEvent,
  liveAssignmentOf,
  withdrawLiveAssignment,
} from "../dispatch/assignments.server";
import { lockLead } from "../leads/leads.server";
import type { TextContext } from "../texting/outbox.server";
import { recordActivity } from "../activity/activity.server";
import { lockChosenRecords } from "../leads/chosen-records.server";
import type { Db } from "../db/database.server";
import { contains, countWhere, idContains, isUuid, readPage } from "../db/list-query.server";
import { notFound, RuleError } from "../rule-error.server";
import { textJobDone } from "./job-done-text.server";
import { scheduleReceiptMail } from "./receipt-mail-timer.server";
import { lastProgressSql } from "../dispatch/needs-closing.server";
import { doorCheckFactsSql } from "../door-check/door-check-facts.server";
import { requireOfficeDoorCheck } from "../door-check/door-checks.server";
import type { DoorCheckFacts } from "~/lib/door-check/standing";

/*
 * Jobs and their money (docs/decisions/0007-money-and-job-split.md).
 *
 * Status: in_progress, completed and cancelled are settable freely (docs/spec/back-office.md §4).
 * Moving to completed stamps completed_at with the database's now(); setting completed again on a
 * completed job keeps the first stamp; moving away from completed clears it, because a reopened job
 * is not completed. A check constraint holds the two together.
 */

export type JobListQuery = ListQuery<JobStatus> &
  Partial<Pick<JobListParams, "locksmithId" | "dateField" | "range" | "sort" | "dir">>;

export interface JobListItem extends Job {
  locksmithName: string | null;
  /** Where Edit Pricing starts when the job has no split yet. */
  locksmithDefaultCutPercent: number | null;
  approvedQuoteCents: number | null;
  /** Card money (card_money): paid in, and refunded or on its way back. */
  cardPaidCents: number;
  cardRefundedCents: number;
  /** The oldest card payment the office must still decide on, if any. */
  alertPaymentId: string | null;
  alertVerdict: PaymentVerdict | null;
  alertAmountCents: number | null;
  /** The live assignment's last progress (decision 0066: needs closing past the setting). */
  liveProgressAt: string | null;
  /** The newest guarantee call-back lead opened under this job, if any (issue 45). */
  callbackLeadId: string | null;
  /** This job's lead is a guarantee call-back: the job whose guarantee it is under. */
  guaranteeJobId: string | null;
  /** The live payment plan's instalments, first first ([] for none; decision 0065). */
  plan: PlanRow[];
  /** Its door check, without the contents (issue 49; null when none is recorded). */
  doorCheck: DoorCheckFacts | null;
}

export interface PlanRow {
  id: string;
  number: number;
  dueOn: string;
  amountCents: number;
  paidAt: string | null;
  paidBy: "pay_link" | "cash" | "check" | null;
}

/** The oldest open alert of the row's job (card_money_open_alerts_idx keeps these few). */
const openAlert = (column: string) =>
  sql.raw(
    `(select ${column} from card_money where card_money.job_id = jobs.id and kind = 'payment' and verdict <> 'for_price' and settled_at is null order by created_at limit 1)`,
  );

/** A job with what the list shows of its locksmith (left-joined: a job may have none). */
const jobListColumns = {
  ...getTableColumns(jobs),
  locksmithName: locksmiths.name,
  locksmithDefaultCutPercent: locksmiths.defaultCutPercent,
  /** The quote the customer last approved, which Edit Pricing may not exceed (issue 44). */
  approvedQuoteCents: sql<number | null>`(
    select ${quotes.amountCents} from ${quotes}
    where ${quotes.jobId} = ${jobs.id} and ${quotes.approvedWay} is not null
    order by ${quotes.createdAt} desc limit 1)`.mapWith(Number),
  cardPaidCents:
    sql<number>`(select coalesce(sum(${cardMoney.amountCents}), 0)::int from ${cardMoney} where ${cardMoney.jobId} = ${jobs.id} and ${cardMoney.kind} = 'payment')`.mapWith(
      Number,
    ),
  cardRefundedCents:
    sql<number>`(select coalesce(sum(${cardMoney.amountCents}), 0)::int from ${cardMoney} where ${cardMoney.jobId} = ${jobs.id} and ${cardMoney.kind} = 'refund' and ${cardMoney.refundState} <> 'failed')`.mapWith(
      Number,
    ),
  alertPaymentId: sql<string | null>`${openAlert("id")}`,
  alertVerdict: sql<PaymentVerdict | null>`${openAlert("verdict")}`,
  alertAmountCents: sql<number | null>`${openAlert("amount_cents")}`,
  liveProgressAt: sql<string | null>`(
    select ${lastProgressSql(sql.raw("a"))} from ${assignments} a
    where a.job_id = ${jobs.id} and a.state in ('offered', 'accepted', 'on_the_way', 'arrived')
    limit 1)`.mapWith((value: unknown) =>
    value === null ? null : new Date(value as string).toISOString(),
  ),
  callbackLeadId: sql<
    string | null
  >`(select l.id from leads l where l.guarantee_job_id = ${jobs.id} order by l.created_at desc limit 1)`,
  guaranteeJobId: sql<
    string | null
  >`(select l.guarantee_job_id from leads l where l.id = ${jobs.leadId})`,
  plan: sql<PlanRow[]>`(select coalesce(json_agg(json_build_object(
      'id', p.id, 'number', p.number, 'dueOn', p.due_on, 'amountCents', p.amount_cents,
      'paidAt', p.paid_at, 'paidBy', p.paid_by) order by p.number), '[]'::json)
    from plan_instalments p
    where p.job_id = ${jobs.id} and p.cancelled_at is null and p.price_version = ${jobs.priceVersion})`,
  doorCheck: doorCheckFactsSql(jobs.id),
};

export interface NewJob {
  clientName: string;
  jobType: ServiceType;
  locksmithId?: string | null;
  leadId?: string | null;
  /** The form's one-time token: the same token twice makes one job. */
  requestId?: string | null;
}

export interface JobPricing {
  finalPriceCents: number;
  /** The locksmith's share in whole percent; absent: the locksmith's default cut. */
  theirCutPercent?: number;
}

/**
 * Search (client name, job type or id: docs/spec/back-office.md §2 Jobs page) and the status
 * filter.
 */
function jobFilter({
  q,
  status,
  locksmithId,
  dateField,
  range,
}: Omit<JobListQuery, "page" | "pageSize">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (status) conditions.push(eq(jobs.status, status));
  if (locksmithId) conditions.push(eq(jobs.locksmithId, locksmithId));
  if (range) {
    const column = dateField === "completed" ? jobs.completedAt : jobs.createdAt;
    conditions.push(gte(column, range.start), lt(column, range.end));
    // Only completed jobs have a completed_at (a check constraint); saying so lets the
    // planner use the partial index jobs_completed_period_idx.
    if (dateField === "completed") conditions.push(eq(jobs.status, "completed"));
  }
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
export async function listJobs(db: Db, query: JobListQuery = {}): Promise<Page<JobListItem>> {
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
        .orderBy(...jobOrder(query))
        .limit(limit)
        .offset(offset),
  });
}

/** One job as its Jobs row shows it (its money: price, split, approved quote, card money, alert). */
export async function readJobListItem(db: Db, id: string): Promise<JobListItem | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(jobListColumns)
    .from(jobs)
    .leftJoin(locksmiths, eq(locksmiths.id, jobs.locksmithId))
    .where(eq(jobs.id, id));
  return row;
}

/** The list's order: by date (of the range's field), price or client, id breaking ties. */
function jobOrder({ sort = "date", dir = "desc", dateField }: JobListQuery): SQL[] {
  const by = dir === "asc" ? asc : desc;
  const column =
    sort === "price"
      ? jobs.finalPriceCents
      : sort === "client"
        ? jobs.clientName
        : dateField === "completed"
          ? jobs.completedAt
          : jobs.createdAt;
  // Unpriced (or not completed) jobs last either way.
  return [sql`${by(column)} nulls last`, by(jobs.id)];
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
  db: Db,
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

/** What the activity log keeps of a job. */
function jobSnapshot(job: Job): Record<string, unknown> {
  return {
    clientName: job.clientName,
    jobType: job.jobType,
    status: job.status,
    locksmithId: job.locksmithId,
    finalPriceCents: job.finalPriceCents,
    theirCutPercent: job.theirCutPercent,
  };
}

async function recordJob(
  tx: Db,
  job: Job,
  actor: Actor,
  action: string,
  change: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
) {
  await recordActivity(tx, {
    actor,
    entity: "job",
    entityId: job.id,
    action,
    before: change.before,
    after: change.after ?? jobSnapshot(job),
    leadId: job.leadId,
  });
}

/**
 * A job typed in from scratch; it starts in_progress with no price. Its lead must exist
 * and its locksmith be active (a RuleError naming the field otherwise), checked in the
 * insert's transaction. A repeated form token returns the job it already made.
 */
export async function createJob(db: Db, input: NewJob, actor: Actor): Promise<Job> {
  return db.transaction(async (tx) => {
    // A lead gone from the form's list is the field's error, like a stale locksmith.
    const lead = input.leadId
      ? await lockLead(tx, input.leadId).catch(() => {
          throw new RuleError(FIELD.chooseLead, { field: "leadId" });
        })
      : undefined;
    await lockChosenRecords(tx, { locksmithId: input.locksmithId });
    if (lead && input.locksmithId) await refuseSomeoneElsesLead(tx, lead, input.locksmithId);
    const [row] = await tx
      .insert(jobs)
      .values({
        clientName: input.clientName.trim() || UNKNOWN_NAME,
        jobType: input.jobType,
        locksmithId: input.locksmithId || null,
        leadId: input.leadId || null,
        customerId: lead?.customerId ?? null,
        address: lead?.address ?? null,
        idempotencyKey: input.requestId ?? null,
      })
      .onConflictDoNothing({ target: jobs.idempotencyKey })
      .returning();
    if (!row) {
      const [first] = await tx.select().from(jobs).where(eq(jobs.idempotencyKey, input.requestId!));
      return first!;
    }
    await recordJob(tx, row, actor, "created");
    return row;
  });
}

/**
 * A job typed in for a lead that a locksmith has (or was offered) goes to them: naming
 * someone else here would make the job's locksmith differ from the live assignment's.
 */
async function refuseSomeoneElsesLead(tx: Db, lead: Lead, locksmithId: string): Promise<void> {
  const live = await liveAssignmentOf(tx, lead.id);
  if (live && live.locksmithId !== locksmithId) {
    throw new RuleError(RULE.leadHeld(describeHolder(live, new Date())), {
      field: "locksmithId",
    });
  }
}

/**
 * A job made from a lead by the office: the client is the lead's name (or 'Unknown'), the
 * job type its service type, the address and customer the lead's, and the locksmith the
 * one who holds the lead (accepted it), if anyone does. A lead has at most one open job (a
 * unique index): when it has one, that job is returned (`existed`) and nothing is made,
 * however many times this is asked at once.
 */
export async function createJobFromLead(
  db: Db,
  leadId: string,
  actor: Actor,
): Promise<{ job: Job; existed: boolean }> {
  return db.transaction(async (tx) => {
    // The lead row is locked: concurrent Create job clicks on it queue up here.
    const lead = await lockLead(tx, leadId);
    const open = await openJobOf(tx, leadId);
    if (open) return { job: open, existed: true };
    if (isClosedLead(lead.status)) throw new RuleError(RULE.reopenFirst);
    const live = await liveAssignmentOf(tx, lead.id);
    const job = await insertLeadJob(
      tx,
      lead,
      live && isHolding(live.state) ? live.locksmithId : null,
      actor,
    );
    if (live && isHolding(live.state)) {
      await tx.update(assignments).set({ jobId: job.id }).where(eq(assignments.id, live.id));
    }
    return { job, existed: false };
  });
}

/**
 * The job a locksmith takes by accepting a lead (the caller holds the lead's lock): its open
 * job, now theirs, or a new one made from the lead.
 */
export async function takeLeadJob(
  tx: Db,
  lead: Lead,
  locksmithId: string,
  actor: Actor,
): Promise<Job> {
  const open = await openJobOf(tx, lead.id);
  if (!open) return insertLeadJob(tx, lead, locksmithId, actor);
  if (open.locksmithId === locksmithId) return open;
  const [taken] = await tx
    .update(jobs)
    .set({ locksmithId })
    .where(eq(jobs.id, open.id))
    .returning();
  await recordJob(tx, taken!, actor, "taken", {
    before: { locksmithId: open.locksmithId },
    after: { locksmithId },
  });
  return taken!;
}

async function insertLeadJob(
  tx: Db,
  lead: Lead,
  locksmithId: string | null,
  actor: Actor,
): Promise<Job> {
  const [row] = await tx
    .insert(jobs)
    .values({
      leadId: lead.id,
      customerId: lead.customerId,
      clientName: lead.name?.trim() || UNKNOWN_NAME,
      address: lead.address,
      jobType: lead.serviceType,
      locksmithId,
      // A guarantee call-back is free unless the customer approves a price (decision 0065).
      ...(lead.guaranteeJobId
        ? {
            finalPriceCents: 0,
            theirCutPercent: DEFAULT_CUT_PERCENT,
            theirCutCents: 0,
            yourCutCents: 0,
          }
        : {}),
    })
    .returning();
  await recordJob(tx, row!, actor, "created");
  return row!;
}

/** The lead's job in progress, if it has one. */
async function openJobOf(db: Db, leadId: string): Promise<Job | undefined> {
  const [open] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.leadId, leadId), eq(jobs.status, "in_progress")));
  return open;
}

/**
 * Edit Pricing: sets the final price and computes the split once, here, with the given
 * percent or else the locksmith's default cut (60% when the job has no locksmith), and
 * stores price, percent and both parts together. The job row is locked while it is read
 * and written, so two edits at once apply one after the other.
 */
export async function setJobPricing(
  db: Db,
  jobId: string,
  pricing: JobPricing,
  actor: Actor,
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
      .select({ job: jobs, defaultCutPercent: locksmiths.defaultCutPercent })
      .from(jobs)
      .leftJoin(locksmiths, eq(locksmiths.id, jobs.locksmithId))
      .where(eq(jobs.id, jobId))
      .for("update", { of: jobs });
    if (!job) throw notFound(RULE.jobGone);
    // Paid out on this price: changing it would change what was paid.
    if (job.job.payoutId) throw new RuleError(RULE.jobSettled, { field: "finalPrice" });
    const percent = theirCutPercent ?? job.defaultCutPercent ?? DEFAULT_CUT_PERCENT;
    let split;
    try {
      split = computeSplit(finalPriceCents, percent);
    } catch {
      throw new RuleError("Enter a whole number from 0 to 100", { field: "theirCutPercent" });
    }
    // A price the locksmith set and flagged is checked once someone sets it again.
    const [row] = await tx
      .update(jobs)
      .set({
        finalPriceCents,
        theirCutPercent: percent,
        theirCutCents: split.theirCutCents,
        yourCutCents: split.yourCutCents,
        priceFlag: null,
      })
      .where(eq(jobs.id, jobId))
      .returning();
    await recordJob(tx, row!, actor, "priced", {
      before: {
        finalPriceCents: job.job.finalPriceCents,
        theirCutPercent: job.job.theirCutPercent,
      },
      after: {
        finalPriceCents,
        theirCutPercent: percent,
        theirCutCents: split.theirCutCents,
        yourCutCents: split.yourCutCents,
      },
    });
    return row!;
  });
}

/**
 * Free moves between statuses (docs/spec/back-office.md §4); completed_at follows (see the
 * top of this file), and so do the lead's dispatch and the lead itself:
 * - completed by the office: the locksmith who holds the job completes it with them (their
 *   assignment is completed, the job stays theirs); an offer nobody accepted is withdrawn;
 *   the lead is completed.
 * - cancelled: whoever has the lead is taken off it (and told); the lead is nobody's and New.
 * - reopened: in progress again, and so is the lead. Reopening a job when its lead already
 *   has another open one is refused (one open job per lead).
 * The lead is locked before the job, as everywhere (app/server/dispatch/assignments.server.ts).
 */
export async function setJobStatus(
  db: Db,
  id: string,
  status: JobStatus,
  actor: Actor,
  /** With texting context, the locksmith taken off is told, and a completed job's customer is asked for a review. */
  texts?: TextContext,
  now = new Date(),
): Promise<Job> {
  if (!isUuid(id)) throw notFound(RULE.jobGone);
  try {
    return await db.transaction(async (tx) => {
      const [found] = await tx.select({ leadId: jobs.leadId }).from(jobs).where(eq(jobs.id, id));
      if (!found) throw notFound(RULE.jobGone);
      const lead = found.leadId ? await lockLead(tx, found.leadId) : undefined;
      const [before] = await tx.select().from(jobs).where(eq(jobs.id, id)).for("update");
      if (!before) throw notFound(RULE.jobGone);
      if (before.payoutId && before.status !== status) throw new RuleError(RULE.jobSettled);
      // A refusal at the door stands with its record (issue 49): the lead is reopened instead.
      if (before.status === "refused" && status !== "refused") {
        throw new RuleError(REFUSED_JOB_STANDS);
      }
      // Completed by the office: as on the locksmith's page, not before the door check (0075).
      if (status === "completed" && before.status !== "completed") {
        await requireOfficeDoorCheck(tx, before);
      }
      const [row] = await tx
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
      if (before.status === status) return row!;
      await recordJob(tx, row!, actor, "status_changed", {
        before: { status: before.status },
        after: { status },
      });
      if (lead) await dispatchFollowsJob(tx, lead, row!, actor, texts, now);
      if (lead) await leadFollowsJob(tx, row!, actor);
      if (status === "completed" && texts) await textJobDone(tx, row!, texts, actor);
      // The receipt's e-mailed copy, when the customer gave an address (issue 44).
      if (status === "completed" && lead?.email) {
        await scheduleReceiptMail(tx, row!.id, lead.id, now);
      }
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, "jobs_one_open_per_lead")) {
      throw new RuleError(RULE.leadHasOpenJob);
    }
    throw error;
  }
}

/**
 * The office completed or cancelled a lead's job: the lead's live assignment ends with it.
 * Completed: the locksmith who holds this job completes it (the office tells us they did
 * the work); anyone else is withdrawn. Cancelled: withdrawn.
 */
async function dispatchFollowsJob(
  tx: Db,
  lead: Lead,
  job: Job,
  actor: Actor,
  texts: TextContext | undefined,
  now: Date,
): Promise<void> {
  if (job.status === "in_progress") return;
  const live = await liveAssignmentOf(tx, lead.id);
  if (!live) return;
  if (job.status === "completed" && isHolding(live.state) && live.jobId === job.id) {
    await applyEvent(tx, live.id, "office_complete", { completedAt: now });
    return;
  }
  await withdrawLiveAssignment(
    tx,
    lead,
    job.status === "completed" ? "closed" : "cancelled",
    actor,
    {
      texts,
      now,
    },
  );
}

export const REFUSED_JOB_STANDS =
  "This opening was refused at the door for lack of proof: reopen the lead to send someone again.";

/** The lead status a job's status brings its lead to. */
const LEAD_STATUS_FOR_JOB: Record<JobStatus, LeadStatus> = {
  completed: "completed",
  // Nobody holds it any more: the office sends someone else, or closes it.
  cancelled: "new",
  in_progress: "in_progress",
  // The locksmith found no proof of identity or authority (issue 49): nobody is sent again
  // unless the office reopens it.
  refused: "cancelled",
};

/** Moves the job's lead along with it, and says why on the lead's timeline. */
async function leadFollowsJob(tx: Db, job: Job, actor: Actor): Promise<void> {
  if (!job.leadId) return;
  const target = LEAD_STATUS_FOR_JOB[job.status];
  const [lead] = await tx
    .select({ status: leads.status, assignedLocksmithId: leads.assignedLocksmithId })
    .from(leads)
    .where(eq(leads.id, job.leadId));
  if (!lead) return;
  const unassign =
    (job.status === "cancelled" || job.status === "refused") && lead.assignedLocksmithId !== null;
  if (lead.status === target && !unassign) return;
  await tx
    .update(leads)
    .set({ status: target, ...(unassign ? { assignedLocksmithId: null } : {}) })
    .where(eq(leads.id, job.leadId));
  await recordActivity(tx, {
    actor,
    entity: "lead",
    entityId: job.leadId,
    action: "followed_job",
    before: { status: lead.status },
    after: { status: target, jobId: job.id, jobStatus: job.status },
    leadId: job.leadId,
  });
}

/** The dashboard's Active Jobs card: jobs in progress, and all jobs. */
export async function countJobs(db: Db): Promise<{ total: number; active: number }> {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${jobs.status} = 'in_progress')`.mapWith(Number),
    })
    .from(jobs);
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
}
