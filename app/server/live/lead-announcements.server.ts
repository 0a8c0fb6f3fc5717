import { serviceAreas } from "~/content/service-areas";
import { SERVICE_TYPE_LABELS } from "~/lib/lead-labels";
import type { Change } from "./change-feed.server";
import type { Database } from "../db/database.server";
import type { ChangeAnnouncer } from "./event-stream.server";
import { getLead } from "../models/leads.server";

export interface NewLeadAnnouncement {
  id: string;
  source: "web" | "phone";
  service: string;
  area: string;
}

/** The area a ZIP belongs to, for telling operators where a request came from. */
export function areaLabelForZip(zip: string | null): string {
  if (!zip) return "an unknown area";
  const area = serviceAreas.find((candidate) => candidate.zipCodes.includes(zip));
  return area ? `${area.name} (${zip})` : zip;
}

/**
 * Tells signed-in operators about a lead that arrived by itself (website or phone), naming
 * the service and area; leads typed in by an operator need no announcement.
 */
export function announceNewLeads(db: Database): ChangeAnnouncer {
  return async (change: Change) => {
    if (change.table !== "leads" || change.op !== "insert") return null;
    const lead = await getLead(db, change.id);
    if (!lead || lead.source === "manual") return null;
    const data: NewLeadAnnouncement = {
      id: lead.id,
      source: lead.source,
      service: SERVICE_TYPE_LABELS[lead.serviceType],
      area: areaLabelForZip(lead.zip),
    };
    return { event: "lead", data };
  };
}
