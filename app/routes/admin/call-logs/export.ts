import { CALL_STATUSES } from "~/lib/business-enums";
import { BUSINESS_ERRORS } from "~/lib/business-messages";
import { csvResponse, toCsv } from "~/lib/csv";
import { parseListParams } from "~/lib/pagination";
import { formatUsPhone } from "~/lib/phone";
import { listCallLogs } from "~/server/call-logs.server";
import { servicesContext } from "~/server/context.server";
import type { Route } from "./+types/export";

/** One read of everything the filter matches: a consistent snapshot, newest first. */
const EXPORT_LIMIT = 1_000_000;

const HEADER = [
  "id",
  "start_time",
  "end_time",
  "client_phone",
  "status",
  "duration_seconds",
  "has_recording",
] as const;

/**
 * The calls of the current search and filter (q, status; not the page) as CSV. The
 * recording's address is never exported: it is the phone system's, with its account in it.
 * Phones are written as shown, "(312) 555-0147": a spreadsheet would otherwise need the
 * leading "+" of "+13125550147" defused into "'+13125550147" (app/lib/csv.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const { q, status } = parseListParams(new URL(request.url).searchParams, CALL_STATUSES);
  try {
    const { rows } = await listCallLogs(database.db, { q, status, pageSize: EXPORT_LIMIT });
    const csv = toCsv(
      HEADER,
      rows.map((call) => [
        call.id,
        call.startTime,
        call.endTime,
        formatUsPhone(call.clientPhone),
        call.status,
        call.durationSeconds,
        call.recordingUrl ? "true" : "false",
      ]),
    );
    const day = new Date().toISOString().slice(0, 10);
    return csvResponse(`call-logs${status ? `-${status}` : ""}-${day}.csv`, csv);
  } catch (error) {
    console.error(`[call-logs] export failed:`, (error as Error).message);
    return new Response(BUSINESS_ERRORS.loadCallLogs, {
      status: 500,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
