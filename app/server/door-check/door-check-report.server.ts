import { and, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import { OPENING_SERVICES } from "~/lib/door-check/opens";
import { doorCheckReport, type DoorCheckReportRow } from "~/lib/door-check/report";
import { jobs, locksmiths } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { doorChecks } from "../db/door-check-tables.server";

/**
 * The openings of a period per locksmith by the check's outcome (decision 0069): jobs that
 * open something, completed in the period (checked when their check is, skipped otherwise) or
 * refused in the period (the refusal's time). A purged record still counts: its outcome stays.
 */
export async function readDoorCheckReport(db: Db, range: { start: Date; end: Date }) {
  const completedInPeriod = and(
    eq(jobs.status, "completed"),
    gte(jobs.completedAt, range.start),
    lt(jobs.completedAt, range.end),
  );
  const refusedInPeriod = and(
    eq(doorChecks.outcome, "refused"),
    gte(doorChecks.recordedAt, range.start),
    lt(doorChecks.recordedAt, range.end),
  );
  const locksmithId = sql<string | null>`coalesce(${doorChecks.locksmithId}, ${jobs.locksmithId})`;
  const count = (where: ReturnType<typeof sql>) =>
    sql<number>`count(*) filter (where ${where})`.mapWith(Number);
  const rows: DoorCheckReportRow[] = await db
    .select({
      locksmithId,
      locksmithName: locksmiths.name,
      checked: count(sql`${jobs.status} = 'completed' and ${doorChecks.outcome} = 'checked'`),
      skipped: count(
        sql`${jobs.status} = 'completed' and ${doorChecks.outcome} is distinct from 'checked'`,
      ),
      refused: count(sql`${doorChecks.outcome} = 'refused'`),
    })
    .from(jobs)
    .leftJoin(doorChecks, eq(doorChecks.jobId, jobs.id))
    .leftJoin(locksmiths, eq(locksmiths.id, locksmithId))
    .where(
      and(inArray(jobs.jobType, [...OPENING_SERVICES]), or(completedInPeriod, refusedInPeriod)),
    )
    .groupBy(locksmithId, locksmiths.name);
  return doorCheckReport(rows);
}
