import { OFFICE_JOB_STATUSES, type JobStatus, type ServiceType } from "~/lib/business-enums";
import { officeGate, type DoorCheckFacts } from "~/lib/door-check/standing";
import { formatDateTime, shortId } from "~/lib/format";
import { JOB_STATUS_LABELS } from "~/lib/status-labels";
import { RowSelectForm, StatusOptions } from "../row-select-form";

interface JobStatusFormProps {
  job: {
    id: string;
    clientName: string;
    status: JobStatus;
    completedAt: Date | string | null;
    jobType: ServiceType;
    doorCheck: DoorCheckFacts | null;
  };
  /** Tells the table's and the card's copy of the form apart (ids must be unique). */
  idPrefix: string;
}

/** A job's status, with the completion stamp once the server has saved it. */
export function JobStatusForm({ job, idPrefix }: JobStatusFormProps) {
  // A refusal at the door is the locksmith's, with its record (issue 49): shown, not set here.
  if (job.status === "refused") {
    return <p className="text-sm font-medium">{JOB_STATUS_LABELS.refused}</p>;
  }
  return (
    <div className="grid gap-1">
      <RowSelectForm
        intent="status"
        hidden={{ jobId: job.id }}
        fetcherKey={`job-status:${job.id}`}
        name="status"
        value={job.status}
        selectId={`${idPrefix}-status-${job.id}`}
        label={`Status of job ${shortId(job.id)} for ${job.clientName}`}
        className="w-40 md:w-32"
      >
        <StatusOptions
          statuses={OFFICE_JOB_STATUSES}
          labels={JOB_STATUS_LABELS}
          // Not before the door check (decision 0075): the server would refuse it.
          locked={
            officeGate(job, job.doorCheck?.outcome) ? { completed: "after the door check" } : {}
          }
        />
      </RowSelectForm>
      {job.status === "completed" && job.completedAt && (
        <p className="text-xs text-muted-foreground">Completed {formatDateTime(job.completedAt)}</p>
      )}
    </div>
  );
}
