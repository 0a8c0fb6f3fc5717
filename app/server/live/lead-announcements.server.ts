import { serviceAreas } from "~/content/service-areas";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { and, eq, inArray } from "drizzle-orm";
import type { ServiceType } from "~/lib/business-enums";
import {
  LOCKSMITH_ACTIONS,
  type LocksmithAction,
  type LocksmithAnnouncement,
} from "~/lib/dispatch/locksmith-announcement";
import { activityLog } from "../db/activity-tables.server";
import type { Change } from "./change-feed.server";
import type { Db } from "../db/database.server";
import type { ChangeAnnouncer } from "./event-stream.server";
import { getLead } from "../models/leads.server";

export interface NewLeadAnnouncement {
  id: string;
  source: "web" | "phone";
  service: string;
  area: string;
  /** A second web request from a phone with an open lead: it joined that lead. */
  repeat?: boolean;
}

/** The area a ZIP belongs to, for telling operators where a request came from. */
export function areaLabelForZip(zip: string | null): string {
  if (!zip) return "an unknown area";
  const area = serviceAreas.find((candidate) => candidate.zipCodes.includes(zip));
  return area ? `${area.name} (${zip})` : zip;
}

/**
 * Tells signed-in operators about a lead that arrived by itself (website or phone), naming
 * the service and area, and about a web request that joined an open lead; leads typed in
 * by an operator need no announcement.
 */
export function announceNewLeads(db: Db): ChangeAnnouncer {
  return async (change: Change) => {
    if (change.table === "activity_log" && change.op === "insert")
      return announceActivity(db, change.id);
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

async function announceActivity(db: Db, activityId: string) {
  const [entry] = await db
    .select()
    .from(activityLog)
    .where(
      and(
        eq(activityLog.id, activityId),
        inArray(activityLog.action, ["web_request_again", ...LOCKSMITH_ACTIONS]),
      ),
    );
  if (!entry?.leadId) return null;
  const after = entry.after ?? {};
  if (entry.action !== "web_request_again") {
    const data: LocksmithAnnouncement = {
      leadId: entry.leadId,
      locksmith: entry.actorName ?? "The locksmith",
      action: entry.action as LocksmithAction,
      minutes: typeof after.minutes === "number" ? after.minutes : undefined,
      finalPriceCents:
        typeof after.finalPriceCents === "number" ? after.finalPriceCents : undefined,
    };
    return { event: "locksmith", data };
  }
  const data: NewLeadAnnouncement = {
    id: entry.leadId,
    source: "web",
    service: SERVICE_TYPE_LABELS[after.serviceType as ServiceType] ?? "Service",
    area: areaLabelForZip(typeof after.zip === "string" ? after.zip : null),
    repeat: true,
  };
  return { event: "lead", data };
}
