import { sql, type AnyColumn } from "drizzle-orm";
import type { DoorCheckFacts } from "~/lib/door-check/standing";

/*
 * What the office's lists read of a job's door check (decision 0069): the outcome, what was
 * opened, how the statement was signed, whether a VIN was taken, when and by whom; never the
 * record's contents. One subquery per row (door_checks_job_idx), null for a job with none.
 */
export function doorCheckFactsSql(jobId: AnyColumn) {
  return sql<DoorCheckFacts | null>`(
    select json_build_object(
      'outcome', d.outcome,
      'opened', d.opened,
      'statementWay', d.statement_way,
      'hadVin', d.vin is not null,
      'recordedAt', d.recorded_at,
      'statementAt', d.statement_at,
      'locksmithName', l.name,
      'purged', d.purged_at is not null)
    from door_checks d
    left join locksmiths l on l.id = d.locksmith_id
    where d.job_id = ${jobId})`;
}
