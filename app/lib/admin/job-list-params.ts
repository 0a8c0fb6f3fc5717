import { JOB_STATUSES, type JobStatus } from "../business-enums";
import {
  PERIOD_PRESETS,
  searchRange,
  type InstantRange,
  type PeriodPreset,
} from "../time/chicago-period";
import { parseChoice, parseListParams, type ListParams } from "./pagination";
import { isUuidText } from "../ids";

export const JOB_SORTS = ["date", "price", "client"] as const;
export type JobSort = (typeof JOB_SORTS)[number];
export const JOB_DATE_FIELDS = ["created", "completed"] as const;
export type JobDateField = (typeof JOB_DATE_FIELDS)[number];

export interface JobListParams extends ListParams<JobStatus> {
  locksmithId: string | undefined;
  /** Which date the range reads (created or completed), and the range in instants. */
  dateField: JobDateField;
  range: InstantRange | undefined;
  period: PeriodPreset | undefined;
  sort: JobSort;
  dir: "asc" | "desc";
}

/**
 * The Jobs list's URL: search, status, locksmith, a date range (a preset `period` or `from`
 * and `to` days, Chicago time, on the created or completed date) and the sort (`sort`,
 * `dir`); shared by the page and its export. Anything unreadable is left out.
 */
export function parseJobListParams(search: URLSearchParams, now = new Date()): JobListParams {
  const period = parseChoice(search, "period", PERIOD_PRESETS);
  const range = searchRange(search, now);
  const locksmith = search.get("locksmith");
  return {
    ...parseListParams(search, JOB_STATUSES),
    locksmithId: locksmith && isUuidText(locksmith) ? locksmith : undefined,
    dateField: parseChoice(search, "date", JOB_DATE_FIELDS) ?? "created",
    range,
    period,
    sort: parseChoice(search, "sort", JOB_SORTS) ?? "date",
    dir: parseChoice(search, "dir", ["asc", "desc"] as const) ?? "desc",
  };
}
