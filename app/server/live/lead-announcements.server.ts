import { serviceAreas } from "~/content/service-areas";
import { LATEST_WORD_FIELDS } from "~/lib/leads/latest-word";
import { leadDisplayName, SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { and, eq, inArray } from "drizzle-orm";
import type { ServiceType } from "~/lib/business-enums";
import {
  LOCKSMITH_ACTIONS,
  type CustomerUpdateAnnouncement,
  type LeadAnnouncement,
  type LiveAnnouncement,
  type LocksmithAction,
  type LocksmithAnnouncement,
} from "~/lib/admin/live-events";
import { activityLog } from "../db/activity-tables.server";
import type { Change, ChangeFeed } from "./change-feed.server";
import type { Db } from "../db/database.server";
import type { Announcements } from "./event-stream.server";
import { logger } from "../logger.server";
import { getLead } from "../models/leads.server";

/** The extra event a change brings (who a new lead is), or null. */
export type ChangeAnnouncer = (change: Change) => Promise<LiveAnnouncement | null>;

/**
 * The process's announcements, fanned out to every open stream: each change is looked up
 * (at most a query or two) once, however many back-office tabs are open, and not at all
 * while none is.
 */
export class AnnouncementFeed implements Announcements {
  private listeners = new Set<(announcement: LiveAnnouncement) => void>();

  constructor(changes: ChangeFeed, announce: ChangeAnnouncer) {
    changes.subscribe((change) => {
      if (this.listeners.size === 0) return;
      announce(change)
        .then((announcement) => {
          if (announcement) for (const listener of [...this.listeners]) listener(announcement);
        })
        .catch((error: Error) => logger.error({ err: error }, "New-lead announcement failed"));
    });
  }

  subscribe(listener: (announcement: LiveAnnouncement) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
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
    const data: LeadAnnouncement = {
      id: lead.id,
      source: lead.source,
      service: SERVICE_TYPE_LABELS[lead.serviceType],
      area: areaLabelForZip(lead.zip),
    };
    return { event: "lead", data };
  };
}

async function announceActivity(db: Db, activityId: string): Promise<LiveAnnouncement | null> {
  const [entry] = await db
    .select()
    .from(activityLog)
    .where(
      and(
        eq(activityLog.id, activityId),
        inArray(activityLog.action, [
          "web_request_again",
          "customer_updated",
          ...LOCKSMITH_ACTIONS,
        ]),
      ),
    );
  if (!entry?.leadId) return null;
  const after = entry.after ?? {};
  if (entry.action === "customer_updated") return announceCustomerUpdate(db, entry.leadId, after);
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
  const data: LeadAnnouncement = {
    id: entry.leadId,
    source: "web",
    service: SERVICE_TYPE_LABELS[after.serviceType as ServiceType] ?? "Service",
    area: areaLabelForZip(typeof after.zip === "string" ? after.zip : null),
    repeat: true,
  };
  return { event: "lead", data };
}

/** "Address changed for Dana Ruiz": what a repeat request changed, and who was told. */
async function announceCustomerUpdate(
  db: Db,
  leadId: string,
  after: Record<string, unknown>,
): Promise<LiveAnnouncement | null> {
  const lead = await getLead(db, leadId);
  if (!lead) return null;
  const fields = LATEST_WORD_FIELDS.filter((field) => field in after);
  if (fields.length === 0) return null;
  const holder = typeof after.locksmithName === "string" ? after.locksmithName : undefined;
  const data: CustomerUpdateAnnouncement = {
    leadId,
    customer: leadDisplayName(lead.name),
    fields,
    address: [lead.address, lead.zip].filter(Boolean).join(", ") || undefined,
    ...(holder && after.locksmithTexted === true ? { locksmithTexted: holder } : {}),
    ...(holder && after.locksmithTexted !== true ? { locksmithNotTexted: holder } : {}),
  };
  return { event: "customer_updated", data };
}
