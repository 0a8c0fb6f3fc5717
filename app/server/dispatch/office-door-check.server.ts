import { eq } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { opensSomething } from "~/lib/door-check/opens";
import type { PhoneCheckInput } from "~/lib/schemas/door-check";
import { jobs, locksmiths, type Job, type Lead } from "../db/business-tables.server";
import { doorCheckFactsSql } from "../door-check/door-check-facts.server";
import { doorCheckJobColumns } from "../door-check/door-check-record.server";
import type { Db } from "../db/database.server";
import { DOOR_CHECK_RULE, recordDoorCheck, recordRefusal } from "../door-check/door-checks.server";
import { setJobStatus } from "../money/jobs.server";
import { lockLead } from "../leads/leads.server";
import { notifyOperators } from "../night-watch/notify-operators.server";
import { readNightWatchSettings } from "../night-watch/settings.server";
import { notFound, RuleError } from "../rule-error.server";
import type { TextContext } from "../texting/outbox.server";
import { isUuid } from "../db/list-query.server";
import { RULE } from "~/lib/ui-text";
import { applyEvent, liveAssignmentOf } from "./assignments.server";

/*
 * The door check a locksmith without a smartphone reads out to the office by phone (decision
 * 0075): the office records it on the job's door-check page with the same fields and rules as
 * the locksmith's form, the statement given out loud (not signed), the office user as the
 * actor; or the refusal they report, which ends the job as the locksmith's own refusal does.
 */

interface OfficeStep {
  jobId: string;
  actor: Actor;
  texts: TextContext;
  now: Date;
}

/** The job (locked) and its lead, while a check can still be recorded for it. */
async function openingJob(tx: Db, jobId: string): Promise<{ job: Job; lead: Lead | null }> {
  if (!isUuid(jobId)) throw notFound(RULE.jobGone);
  const [found] = await tx.select({ leadId: jobs.leadId }).from(jobs).where(eq(jobs.id, jobId));
  if (!found) throw notFound(RULE.jobGone);
  // The lead before the job, as every step of a job takes them.
  const lead = found.leadId ? await lockLead(tx, found.leadId) : null;
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
  if (!job) throw notFound(RULE.jobGone);
  if (!opensSomething(job.jobType)) throw new RuleError(DOOR_CHECK_RULE.opensNothing);
  if (job.status !== "in_progress") throw new RuleError(DOOR_CHECK_RULE.jobEnded);
  return { job, lead };
}

/** What the office's door-check page shows of a job (never a record's contents). */
export async function readPhoneCheckJob(db: Db, jobId: string) {
  if (!isUuid(jobId)) throw notFound(RULE.jobGone);
  const [job] = await db
    .select({
      ...doorCheckJobColumns,
      locksmithName: locksmiths.name,
      doorCheck: doorCheckFactsSql(jobs.id),
    })
    .from(jobs)
    .leftJoin(locksmiths, eq(locksmiths.id, jobs.locksmithId))
    .where(eq(jobs.id, jobId));
  if (!job) throw notFound(RULE.jobGone);
  return job;
}

/** The check as the locksmith read it out: recorded, checked, given out loud. */
export async function recordPhoneCheck(
  db: Db,
  step: OfficeStep,
  check: PhoneCheckInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { job, lead } = await openingJob(tx, step.jobId);
    await recordDoorCheck(
      tx,
      { ...step, lead, serviceType: job.jobType, locksmithId: job.locksmithId },
      { ...check, statementWay: "by_phone", signature: undefined },
    );
  });
}

/**
 * The refusal the locksmith reports by phone: the locksmith's assignment ends refused, the job
 * ends unpaid ("Refused: no proof") and its lead closes, the office is alerted.
 */
export async function recordPhoneRefusal(db: Db, step: OfficeStep, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { job, lead } = await openingJob(tx, step.jobId);
    await recordRefusal(
      tx,
      { ...step, lead, serviceType: job.jobType, locksmithId: job.locksmithId, byPhone: true },
      reason,
    );
    const live = lead ? await liveAssignmentOf(tx, lead.id) : undefined;
    if (live?.jobId === job.id) {
      // Ends as refused where it may (held on the job); any other live state is withdrawn below.
      await applyEvent(tx, live.id, "refuse", { endedAt: step.now, endReason: "refused" });
    }
    await setJobStatus(tx, job.id, "refused", step.actor, step.texts, step.now);
    if (!lead) return;
    await notifyOperators(
      tx,
      {
        leadId: lead.id,
        rule: "door_refused",
        since: step.now,
        detail: `${live?.locksmithName ?? "The locksmith"}, by phone to ${step.actor.name ?? "the office"}: ${reason}`,
      },
      { texts: step.texts, settings: await readNightWatchSettings(tx), now: step.now },
    );
  });
}
