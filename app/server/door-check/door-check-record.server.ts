import { eq } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { purgeAt } from "~/lib/door-check/retention";
import { jobs, locksmiths } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import { notFound } from "../rule-error.server";
import { DOOR_CHECK_RULE, openDoorCheck, readRetention } from "./door-checks.server";

/** What a door-check page (the record, the office's phone check) shows of its job. */
export const doorCheckJobColumns = {
  id: jobs.id,
  clientName: jobs.clientName,
  jobType: jobs.jobType,
  status: jobs.status,
  address: jobs.address,
};

/**
 * The owner's screen of one job's door-check record (decision 0069): the record's contents,
 * the job and locksmith it belongs to, and the day it will be purged under today's setting.
 * Opening it is logged (openDoorCheck), each time. The caller checks the owner.
 */
export async function openDoorCheckRecord(db: Db, jobId: string, actor: Actor) {
  if (!isUuid(jobId)) throw notFound(DOOR_CHECK_RULE.notFound);
  const check = await openDoorCheck(db, jobId, actor);
  const [[job], retention] = await Promise.all([
    db
      .select({
        ...doorCheckJobColumns,
        leadId: jobs.leadId,
        locksmithName: locksmiths.name,
        locksmithLicense: locksmiths.licenseNumber,
      })
      .from(jobs)
      .leftJoin(
        locksmiths,
        // The locksmith who recorded the check; the job's when that one was removed.
        check.locksmithId
          ? eq(locksmiths.id, check.locksmithId)
          : eq(locksmiths.id, jobs.locksmithId),
      )
      .where(eq(jobs.id, jobId)),
    readRetention(db),
  ]);
  if (!job) throw notFound(DOOR_CHECK_RULE.notFound);
  return { check, job, purgeAt: purgeAt(check.recordedAt, retention) };
}
