import { shortId } from "~/lib/format";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { SUCCESS } from "~/lib/ui-text";
import type { IntentOutcome } from "~/server/route-helpers/intents.server";
import type { Job } from "~/server/db/business-tables.server";

/**
 * What Create job answers, wherever it was clicked: the Jobs list on the new job, or on
 * the lead's open job when it already had one (a lead has one open job at a time).
 */
export function openedJob(job: Job, existed: boolean): IntentOutcome {
  return {
    // The Jobs search matches ids by substring: the short id finds exactly this job.
    redirectTo: `/admin/jobs?q=${shortId(job.id)}`,
    toast: existed
      ? {
          type: "info",
          title: "This lead already has an open job",
          description: `Job ${shortId(job.id)} for ${job.clientName}.`,
        }
      : {
          title: SUCCESS.jobCreated,
          description: `${job.clientName} · ${SERVICE_TYPE_LABELS[job.jobType]}`,
        },
  };
}
