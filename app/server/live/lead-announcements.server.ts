import { LATEST_WORD_FIELDS } from "~/lib/leads/latest-word";
import { areaLabelForZip } from "~/lib/leads/area-label";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { ServiceType } from "~/lib/business-enums";
import {
  LOCKSMITH_ACTIONS,
  type CustomerUpdateAnnouncement,
  type LeadAnnouncement,
  type LiveAnnouncement,
  type LocksmithAction,
  type LocksmithAnnouncement,
} from "~/lib/admin/live-events";
import { formatLiveCursor } from "~/lib/admin/live-cursor";
import { activityLog, type ActivityRow } from "../db/activity-tables.server";
import type { Change, ChangeFeed } from "./change-feed.server";
import type { Db } from "../db/database.server";
import type { Announcements } from "./event-stream.server";
import { coverageNote } from "~/lib/dispatch/ranking";
import { rankForZip } from "../dispatch/locksmith-ranking.server";
import { logger } from "../logger.server";

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

/** What activity-log entries bring an announcement; the same rule live and on replay. */
export const ANNOUNCED_ENTRIES = or(
  inArray(activityLog.action, [
    "web_request_again",
    "customer_updated",
    "alert_raised",
    ...LOCKSMITH_ACTIONS,
  ]),
  and(
    eq(activityLog.entity, "lead"),
    eq(activityLog.action, "created"),
    sql`${activityLog.after}->>'source' in ('web', 'phone')`,
  ),
)!;

/**
 * Tells signed-in operators about a lead that arrived by itself (website or phone), naming
 * the service and area, about a web request that joined an open lead, and about a
 * locksmith's taps, about a customer's correction (decision 0027), and about the night
 * watch's alerts (decision 0051); leads typed in by an
 * operator need no announcement. Each comes from the activity-log entry written with the
 * change, so it has a place in the log (its cursor) from which a reconnecting browser is
 * replayed what it missed (live-replay.server.ts).
 */
export function announceNewLeads(db: Db): ChangeAnnouncer {
  return async (change: Change) => {
    if (change.table !== "activity_log" || change.op !== "insert") return null;
    const [entry] = await db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.id, change.id), ANNOUNCED_ENTRIES));
    if (!entry) return null;
    const [announcement] = await withCoverage(db, [entry]);
    return announcement ?? null;
  };
}

/**
 * The announcements of these entries, a new lead's with who covers its ZIP when nobody
 * does ("Nobody covers 60473 — nearest: …"): one ranking read per ZIP.
 */
export async function withCoverage(
  db: Db,
  entries: readonly ActivityRow[],
): Promise<LiveAnnouncement[]> {
  const notes = new Map<string, Promise<string | null>>();
  const noteFor = (zip: string) => {
    if (!notes.has(zip)) notes.set(zip, rankForZip(db, zip).then(coverageNote));
    return notes.get(zip)!;
  };
  const announced = await Promise.all(
    entries.map(async (entry): Promise<LiveAnnouncement | null> => {
      const announcement = announcementOf(entry);
      const zip = entry.after?.zip;
      if (announcement?.event !== "lead" || announcement.data.repeat || typeof zip !== "string") {
        return announcement;
      }
      const coverage = await noteFor(zip);
      return coverage
        ? { ...announcement, data: { ...announcement.data, coverage } }
        : announcement;
    }),
  );
  return announced.filter((announcement) => announcement !== null);
}

/** The announcement an activity-log entry brings (one that `ANNOUNCED_ENTRIES` matches). */
function announcementOf(entry: ActivityRow): LiveAnnouncement | null {
  if (!entry.leadId) return null;
  const id = formatLiveCursor({ at: entry.at.getTime(), id: entry.id });
  const after = entry.after ?? {};
  const zip = typeof after.zip === "string" ? after.zip : null;
  const service = SERVICE_TYPE_LABELS[after.serviceType as ServiceType] ?? "Service";
  if (entry.action === "created") {
    const source = after.source === "phone" ? "phone" : "web";
    const data: LeadAnnouncement = {
      id: entry.leadId,
      source,
      service,
      area: areaLabelForZip(zip),
    };
    return { event: "lead", data, id };
  }
  if (entry.action === "customer_updated") {
    const data = customerUpdateOf(entry.leadId, after);
    return data && { event: "customer_updated", data, id };
  }
  if (entry.action === "alert_raised") {
    const text = typeof after.text === "string" ? after.text : "A request needs attention";
    return { event: "escalation", data: { leadId: entry.leadId, text }, id };
  }
  if (entry.action === "web_request_again") {
    const data: LeadAnnouncement = {
      id: entry.leadId,
      source: "web",
      service,
      area: areaLabelForZip(zip),
      repeat: true,
    };
    return { event: "lead", data, id };
  }
  const data: LocksmithAnnouncement = {
    leadId: entry.leadId,
    locksmith: entry.actorName ?? "The locksmith",
    action: entry.action as LocksmithAction,
    minutes: typeof after.minutes === "number" ? after.minutes : undefined,
    finalPriceCents: typeof after.finalPriceCents === "number" ? after.finalPriceCents : undefined,
  };
  return { event: "locksmith", data, id };
}

/**
 * "Address changed for Dana Ruiz": what a repeat request changed (the entry's `after`, written
 * by takeLatestWord with the customer's name and the address now), and who was told.
 */
function customerUpdateOf(
  leadId: string,
  after: Record<string, unknown>,
): CustomerUpdateAnnouncement | null {
  const fields = LATEST_WORD_FIELDS.filter((field) => field in after);
  if (fields.length === 0) return null;
  const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);
  const holder = text(after.locksmithName);
  return {
    leadId,
    customer: text(after.customer) ?? "Unknown",
    fields,
    address: text(after.where),
    ...(holder && after.locksmithTexted === true ? { locksmithTexted: holder } : {}),
    ...(holder && after.locksmithTexted !== true ? { locksmithNotTexted: holder } : {}),
  };
}
