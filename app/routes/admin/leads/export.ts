import { FAILURE } from "~/lib/ui-text";
import { parseLeadListParams } from "~/lib/admin/lead-list-params";
import { formatPhone } from "~/lib/phone";
import { servicesContext } from "~/server/route-helpers/context.server";
import { csvExportResponse } from "~/server/route-helpers/csv-export.server";
import { listLeads } from "~/server/leads/leads.server";
import type { Route } from "./+types/export";

/**
 * The leads of the list's current search and filters (q, status, source), newest first.
 * Phones are written as shown, like the call log's export (see there why).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const params = parseLeadListParams(new URL(request.url).searchParams);
  return csvExportResponse({
    list: "leads",
    filename: "leads",
    read: (page, pageSize) => listLeads(database.db, { ...params, page, pageSize }),
    header: [
      "id",
      "created_at",
      "name",
      "phone",
      "service_type",
      "zip",
      "status",
      "source",
      "assigned_locksmith",
      "marketing_source",
      "landing_page",
    ],
    cells: (lead) => [
      lead.id,
      lead.createdAt,
      lead.name,
      formatPhone(lead.phone),
      lead.serviceType,
      lead.zip,
      lead.status,
      lead.source,
      lead.assignedLocksmithName,
      lead.sourceName,
      lead.landingPage,
    ],
    failure: FAILURE.loadLeads,
  });
}
