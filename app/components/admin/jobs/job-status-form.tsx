import { useFetcher } from "react-router";
import { useHydrated } from "~/components/site/use-hydrated";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { JOB_STATUSES, type JobStatus } from "~/lib/business-enums";
import { formatDateTime } from "~/lib/format";
import { JOB_STATUS_LABELS } from "~/lib/status-labels";

interface JobStatusFormProps {
  job: { id: string; clientName: string; status: JobStatus; completedAt: Date | string | null };
  /** Tells the table's and the card's copy of the form apart (ids must be unique). */
  idPrefix: string;
}

/**
 * A row's status as a small form of its own: the select submits as soon as it changes;
 * until JavaScript runs (or without it) a Save button does. While the change is on its way
 * the select shows the new value; if the server refuses, the reloaded row puts it back.
 */
export function JobStatusForm({ job, idPrefix }: JobStatusFormProps) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("status");
  const status = typeof pending === "string" ? (pending as JobStatus) : job.status;
  const selectId = `${idPrefix}-status-${job.id}`;
  return (
    <div className="grid gap-1">
      <fetcher.Form method="post" className="flex items-center gap-2">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="jobId" value={job.id} />
        <label htmlFor={selectId} className="sr-only">
          Status of job {job.id.slice(0, 8)} for {job.clientName}
        </label>
        <NativeSelect
          id={selectId}
          name="status"
          value={status}
          onChange={(event) => fetcher.submit(event.currentTarget.form)}
          aria-busy={fetcher.state !== "idle"}
          className="w-40 md:w-32"
        >
          {JOB_STATUSES.map((value) => (
            <option key={value} value={value}>
              {JOB_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
        {!hydrated && (
          <Button type="submit" size="sm" variant="outline">
            Save
          </Button>
        )}
      </fetcher.Form>
      {/* The stamp is the server's: it only shows once the change is saved. */}
      {job.status === "completed" && job.completedAt && (
        <p className="text-xs text-muted-foreground">Completed {formatDateTime(job.completedAt)}</p>
      )}
    </div>
  );
}
