import { Link } from "react-router";
import type { JobStatus, ServiceType } from "~/lib/business-enums";
import {
  doorCheckWords,
  type DoorCheckFacts,
  type DoorCheckStanding,
} from "~/lib/door-check/standing";
import { shortId } from "~/lib/format";
import { cn } from "~/lib/utils";

const TONE: Record<DoorCheckStanding, string> = {
  checked: "text-green-800",
  skipped: "text-red-800",
  refused: "text-red-800",
  not_checked: "text-amber-900",
  none: "text-muted-foreground",
};

/** Whether an owner can open the job's record: one is there, and not purged. */
export function recordOpenable(check: DoorCheckFacts | null): boolean {
  return Boolean(check && !check.purged);
}

/**
 * A job's door check in words (decision 0069), under the job on the lead page and in Jobs: the
 * outcome, what was checked, by whom and when; for an owner, a link to the record itself
 * (each opening is logged); while it waits, the office's form for a check read out by phone
 * (decision 0075). Nothing for a job that opens nothing.
 */
export function DoorCheckLine({
  job,
  canOpenRecord,
  className,
}: {
  job: { id: string; jobType: ServiceType; status: JobStatus; doorCheck: DoorCheckFacts | null };
  canOpenRecord: boolean;
  className?: string;
}) {
  const words = doorCheckWords(job, job.doorCheck);
  if (!words) return null;
  return (
    <p className={cn("text-xs", className)}>
      <span className={cn("font-semibold", TONE[words.standing])}>Door check: {words.label}</span>{" "}
      <span className="text-muted-foreground">— {words.detail}</span>
      {words.standing === "not_checked" && job.status === "in_progress" && (
        <>
          {" "}
          <Link
            to={`/admin/jobs/${job.id}/phone-check`}
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Record it by phone
            <span className="sr-only"> for job {shortId(job.id)}</span>
          </Link>
        </>
      )}
      {canOpenRecord && recordOpenable(job.doorCheck) && (
        <>
          {" "}
          <Link
            to={`/admin/jobs/${job.id}/door-check`}
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Open the record
            <span className="sr-only"> of job {shortId(job.id)}</span>
          </Link>
        </>
      )}
    </p>
  );
}
