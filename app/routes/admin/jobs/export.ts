import { JOB_STATUSES } from "~/lib/business-enums";
import { BUSINESS_ERRORS } from "~/lib/business-messages";
import { csvResponse, toCsv } from "~/lib/csv";
import { centsToInput } from "~/lib/money";
import { parseListParams } from "~/lib/pagination";
import { servicesContext } from "~/server/context.server";
import { listJobs } from "~/server/jobs.server";
import type { Route } from "./+types/export";

/** A spreadsheet's worth: enough for years of jobs, and a bound on memory per request. */
const EXPORT_LIMIT = 50_000;

const HEADER = [
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
] as const;

/**
 * The jobs of the current search and filter (the list's q and status; page is ignored),
 * newest first, as CSV. Money is in dollars with 2 decimals and no symbol, so a
 * spreadsheet reads it as a number; times are ISO 8601 in UTC.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const { q, status } = parseListParams(new URL(request.url).searchParams, JOB_STATUSES);
  let jobs;
  try {
    jobs = await listJobs(database.db, { q, status, page: 1, pageSize: EXPORT_LIMIT });
  } catch (cause) {
    console.error("[jobs] export failed:", (cause as Error).message);
    return new Response(BUSINESS_ERRORS.loadJobs, {
      status: 500,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const rows = jobs.rows.map((job) => [
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
  ]);
  const day = new Date().toISOString().slice(0, 10);
  const response = csvResponse(`jobs-${day}.csv`, toCsv(HEADER, rows));
  // Tells a script (or a curious operator) that the file stops at the cap.
  if (rows.length === EXPORT_LIMIT) response.headers.set("X-Export-Truncated", "true");
  return response;
}
