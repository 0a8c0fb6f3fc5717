import { sql, type AnyColumn } from "drizzle-orm";
import type { DoorCheckFacts } from "~/lib/door-check/standing";

/*
 * What the office's lists read of a job's door check (decision 0069): the outcome, what was
 * opened, how the statement was given (and,
 * read out by phone, to whom: the activity log's actor), whether a VIN was taken, when and by whom; never the
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
      'reportedTo', case when d.statement_way = 'by_phone' then (
        select a.actor_name from activity_log a
        where a.entity = 'job' and a.entity_id = d.job_id::text
          and a.action = 'door_check_recorded'
        order by a.at desc limit 1) end,
      'purged', d.purged_at is not null)
    from door_checks d
    left join locksmiths l on l.id = d.locksmith_id
    where d.job_id = ${jobId})`;
}
