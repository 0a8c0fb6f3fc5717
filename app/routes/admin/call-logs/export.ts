import { CALL_STATUSES } from "~/lib/business-enums";
import { FAILURE } from "~/lib/ui-text";
import { searchRange } from "~/lib/time/chicago-period";
import { parseListParams } from "~/lib/admin/pagination";
import { formatPhone } from "~/lib/phone";
import { listCallLogs } from "~/server/phones/call-logs.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { csvExportResponse } from "~/server/route-helpers/csv-export.server";
import type { Route } from "./+types/export";

/**
 * The calls of the list's current search and filter (q, status), newest first. The
 * recording's address is never exported: it is the phone system's, with its account in it.
 * Phones are written as shown, "(312) 555-0147": a spreadsheet would otherwise need the
 * leading "+" of "+13125550147" defused into "'+13125550147" (app/lib/admin/csv.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const search = new URL(request.url).searchParams;
  const { q, status } = parseListParams(search, CALL_STATUSES);
  const range = searchRange(search, new Date());
  return csvExportResponse({
    list: "call-logs",
    filename: status ? `call-logs-${status}` : "call-logs",
    read: (page, pageSize) => listCallLogs(database.db, { q, status, range, page, pageSize }),
    header: [
      "id",
      "start_time",
      "end_time",
      "client_phone",
      "status",
      "duration_seconds",
      "has_recording",
    ],
    cells: (call) => [
      call.id,
      call.startTime,
      call.endTime,
      formatPhone(call.clientPhone),
      call.status,
      call.durationSeconds,
      call.recordingUrl ? "true" : "false",
    ],
    failure: FAILURE.loadCallLogs,
  });
}
