import { FAILURE } from "~/lib/ui-text";
import { centsToInput } from "~/lib/money/money";
import { parseJobListParams } from "~/lib/admin/job-list-params";
import { servicesContext } from "~/server/route-helpers/context.server";
import { csvExportResponse } from "~/server/route-helpers/csv-export.server";
import { listJobs } from "~/server/money/jobs.server";
import type { Route } from "./+types/export";

/**
 * The jobs of the list's current search, filters and order (the page's URL). Money is in
 * dollars with 2 decimals and no symbol, so a spreadsheet reads it as a number; times are
 * ISO 8601 in UTC.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const params = parseJobListParams(new URL(request.url).searchParams);
  return csvExportResponse({
    list: "jobs",
    filename: "jobs",
    read: (page, pageSize) => listJobs(database.db, { ...params, page, pageSize }),
    header: [
      "id",
      "created_at",
      "completed_at",
      "client_name",
      "job_type",
      "status",
      "locksmith",
      "final_price",
      "their_cut",
      "your_cut",
    ],
    cells: (job) => [
      job.id,
      job.createdAt,
      job.completedAt,
      job.clientName,
      job.jobType,
      job.status,
      job.locksmithName,
      centsToInput(job.finalPriceCents),
      centsToInput(job.theirCutCents),
      centsToInput(job.yourCutCents),
    ],
    failure: FAILURE.loadJobs,
  });
}
