import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { LIVE_STATES } from "~/lib/dispatch/assignment-machine";
import { lastProgressAt, needsClosing } from "~/lib/dispatch/needs-closing";
import { displayStatus } from "~/lib/dispatch/dispatch-code";
import { leadDisplayName } from "~/lib/leads/lead-labels";
import {
  assignments,
  callLogs,
  dispatchCodes,
  jobs,
  leads,
  locksmiths,
} from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import { listLeadActivity } from "../activity/activity.server";
import { holdersOf } from "../dispatch/assignments.server";
import { customerHistory } from "../customers/customers.server";
import { leadMessages } from "../texting/outbox.server";
import { readHeldQuotes } from "../money/quotes.server";
import { readNeedsClosingHours } from "../dispatch/needs-closing.server";
import { doorCheckFactsSql } from "../door-check/door-check-facts.server";

/** How many of a customer's calls the lead page lists. */
const CALLS_SHOWN = 10;

/**
 * Everything the lead page shows, read at once: the lead and its locksmith, the customer
 * and their earlier business, the lead's jobs and dispatch codes, the customer's calls, and
 * the timeline. Undefined when there is no such lead.
 */
export async function readLeadPage(db: Db, id: string, now = new Date()) {
  if (!isUuid(id)) return undefined;
  const [lead] = await db
    .select({ lead: leads, locksmithName: locksmiths.name })
    .from(leads)
    .leftJoin(locksmiths, eq(locksmiths.id, leads.assignedLocksmithId))
    .where(eq(leads.id, id));
  if (!lead) return undefined;
  const customerId = lead.lead.customerId;
  const [history, leadJobs, codes, calls, timeline, texts, holders, heldQuotes, closing] =
    await Promise.all([
      customerId ? customerHistory(db, customerId, id) : undefined,
      db
        .select({
          id: jobs.id,
          status: jobs.status,
          clientName: jobs.clientName,
          finalPriceCents: jobs.finalPriceCents,
          priceFlag: jobs.priceFlag,
          locksmithName: locksmiths.name,
          createdAt: jobs.createdAt,
          completedAt: jobs.completedAt,
          jobType: jobs.jobType,
          doorCheck: doorCheckFactsSql(jobs.id),
        })
        .from(jobs)
        .leftJoin(locksmiths, eq(locksmiths.id, jobs.locksmithId))
        .where(eq(jobs.leadId, id))
        .orderBy(desc(jobs.createdAt)),
      db
        .select({
          id: dispatchCodes.id,
          code: dispatchCodes.code,
          status: dispatchCodes.status,
          expirationTime: dispatchCodes.expirationTime,
          locksmithName: locksmiths.name,
          createdAt: dispatchCodes.createdAt,
          offerState: assignments.state,
          offerExpiresAt: assignments.expiresAt,
        })
        .from(dispatchCodes)
        .leftJoin(locksmiths, eq(locksmiths.id, dispatchCodes.locksmithId))
        .leftJoin(assignments, eq(assignments.dispatchCodeId, dispatchCodes.id))
        .where(eq(dispatchCodes.leadId, id))
        .orderBy(desc(dispatchCodes.createdAt)),
      customerId
        ? db
            .select({
              id: callLogs.id,
              status: callLogs.status,
              startTime: callLogs.startTime,
              durationSeconds: callLogs.durationSeconds,
              voicemail: callLogs.voicemail,
              voicemailSeconds: callLogs.voicemailSeconds,
              transcript: callLogs.transcript,
              // Whether there is one to play; its address stays on the server (the proxy).
              hasRecording: sql<boolean>`${callLogs.recordingUrl} is not null`,
            })
            .from(callLogs)
            .where(eq(callLogs.customerId, customerId))
            .orderBy(desc(callLogs.startTime))
            .limit(CALLS_SHOWN)
        : [],
      listLeadActivity(db, id),
      leadMessages(db, id),
      holdersOf(db, [id], now),
      readHeldQuotes(db, lead.lead),
      readNeedsClosingSince(db, id, now),
    ]);
  return {
    lead: {
      ...lead.lead,
      displayName: leadDisplayName(lead.lead.name),
      assignedLocksmithName: lead.locksmithName,
      holder: holders.get(id) ?? null,
      /** Its live assignment's last progress, when that is older than "needs closing" allows. */
      needsClosingSince: closing,
    },
    customer: history,
    jobs: leadJobs,
    codes: codes.map(({ offerState, offerExpiresAt, ...code }) => ({
      ...code,
      // The code follows its offer: Expired, Withdrawn (decision 0057).
      displayStatus: displayStatus(
        code,
        now,
        offerState && offerExpiresAt ? { state: offerState, expiresAt: offerExpiresAt } : null,
      ),
    })),
    calls,
    timeline,
    texts,
    heldQuotes,
  };
}

/** The lead's live assignment's last progress, if it needs closing (the Jobs list's rule). */
async function readNeedsClosingSince(db: Db, leadId: string, now: Date): Promise<Date | null> {
  const [live, hours] = await Promise.all([
    db
      .select()
      .from(assignments)
      .where(and(eq(assignments.leadId, leadId), inArray(assignments.state, LIVE_STATES)))
      .limit(1),
    readNeedsClosingHours(db),
  ]);
  const [row] = live;
  if (!row || (row.state === "offered" && row.expiresAt <= now)) return null;
  return needsClosing(row, now, hours) ? lastProgressAt(row) : null;
}
