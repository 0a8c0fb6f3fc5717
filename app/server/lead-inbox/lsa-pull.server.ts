import { and, desc, eq, gte, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import type { RetryPolicy } from "~/lib/background/retry-policy";
import {
  CALL_MATCH_WINDOW_MS,
  conversationsSinceQuery,
  formatAdsDateTime,
  leadsByNameQuery,
  leadsSinceQuery,
  LSA_SOURCE_NAME,
  lsaLeadDetails,
  readLsaConversation,
  readLsaLead,
  serviceTypeFor,
  TIME_ZONE_QUERY,
  type LsaConversation,
  type LsaLead,
} from "~/lib/lead-inbox/lsa";
import { storablePhone } from "~/lib/phone-parse";
import { BUSINESS_TIME_ZONE } from "~/lib/time/chicago-period";
import { recordActivity } from "../activity/activity.server";
import { callLogs, leads } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { lsaConnection, lsaLeads, type LsaConnectionRow } from "../db/lead-inbox-tables.server";
import { marketingSources } from "../db/source-tables.server";
import { createLead } from "../leads/leads.server";
import type { GoogleAdsApi } from "./google-ads.server";

/*
 * The Local Services pull (issue 51, decision 0072): the `lsa_pull` timer runs it every
 * 5 minutes while a connection stands. It reads the leads (and their conversations) made
 * since the last pull, less a 10-minute overlap, and the disputed leads whose credit is not
 * settled yet, and stores each lead once: the insert on its resource name is the claim, so
 * two processes pulling at once make one Lockline lead (the loser of the insert updates).
 * A phone lead whose caller and time match a call Lockline logged goes to that call's lead.
 */

export const LSA_SYSTEM: Actor = { kind: "system", name: "Google Local Services" };
/** How often the pull runs while connected. */
export const LSA_PULL_EVERY_MS = 5 * 60_000;
/** A pull that fails: 30 s, 1 min, 2 min … up to 5 min; dead after 12 tries (about 45 minutes). */
export const LSA_PULL_RETRY: RetryPolicy = {
  maxAttempts: 12,
  baseMs: 30_000,
  maxMs: LSA_PULL_EVERY_MS,
  jitter: 0.25,
};
/** Leads read again from this long before the newest one already pulled. */
const OVERLAP_MS = 10 * 60_000;
/** The first pull reads this far back: a day of leads, not a month of "new" requests waking the office. */
const FIRST_PULL_MS = 86_400_000;

export interface PullOutcome {
  created: number;
  matched: number;
  updated: number;
}

export async function readLsaConnection(db: Db): Promise<LsaConnectionRow | undefined> {
  const [row] = await db.select().from(lsaConnection).where(eq(lsaConnection.id, "google"));
  return row;
}

/**
 * One pull. Returns undefined when nothing is connected. A failure is kept on the connection
 * (in words) and in the activity log, then thrown: the timer tries again later.
 */
export async function pullLsaLeads(
  db: Db,
  api: GoogleAdsApi | undefined,
  now = new Date(),
): Promise<PullOutcome | undefined> {
  const connection = await readLsaConnection(db);
  if (!connection) return undefined;
  try {
    if (!api) throw new Error("The Google Ads API is not configured on this server");
    const account = { customerId: connection.customerId, refreshToken: connection.refreshToken };
    const [customer] = await api.search(account, TIME_ZONE_QUERY);
    const zone =
      (customer as { customer?: { timeZone?: string } } | undefined)?.customer?.timeZone ??
      BUSINESS_TIME_ZONE;
    const since = connection.pulledThrough
      ? new Date(connection.pulledThrough.getTime() - OVERLAP_MS)
      : new Date(now.getTime() - FIRST_PULL_MS);
    const sinceText = formatAdsDateTime(since, zone);
    const fresh = (await api.search(account, leadsSinceQuery(sinceText))).flatMap(
      (row) => readLsaLead(row, zone) ?? [],
    );
    const unsettled = await db
      .select({ resourceName: lsaLeads.resourceName })
      .from(lsaLeads)
      .where(
        and(
          isNotNull(lsaLeads.disputedAt),
          or(isNull(lsaLeads.creditState), eq(lsaLeads.creditState, "PENDING")),
        ),
      )
      .orderBy(desc(lsaLeads.disputedAt))
      .limit(100);
    const known = new Set(fresh.map((lead) => lead.resourceName));
    const again = unsettled.map((row) => row.resourceName).filter((name) => !known.has(name));
    const settled = again.length
      ? (await api.search(account, leadsByNameQuery(again))).flatMap(
          (row) => readLsaLead(row, zone) ?? [],
        )
      : [];
    const conversations = (await api.search(account, conversationsSinceQuery(sinceText))).flatMap(
      (row) => readLsaConversation(row, zone) ?? [],
    );
    const outcome: PullOutcome = { created: 0, matched: 0, updated: 0 };
    for (const lead of [...fresh, ...settled]) {
      const talk = conversations.filter((c) => c.lead === lead.resourceName);
      outcome[await storeLsaLead(db, lead, talk)] += 1;
    }
    const newest = fresh.reduce<Date | null>(
      (latest, lead) => (!latest || lead.createdAt > latest ? lead.createdAt : latest),
      connection.pulledThrough,
    );
    await db.transaction(async (tx) => {
      await tx
        .update(lsaConnection)
        .set({ lastPullAt: now, pulledThrough: newest, lastError: null, lastErrorAt: null })
        .where(eq(lsaConnection.id, "google"));
      await recordActivity(tx, {
        actor: LSA_SYSTEM,
        entity: "lsa_connection",
        entityId: "google",
        action: "lsa_pulled",
        after: { ...outcome, read: fresh.length + settled.length },
      });
    });
    return outcome;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.transaction(async (tx) => {
      await tx
        .update(lsaConnection)
        .set({ lastError: message, lastErrorAt: now })
        .where(eq(lsaConnection.id, "google"));
      await recordActivity(tx, {
        actor: LSA_SYSTEM,
        entity: "lsa_connection",
        entityId: "google",
        action: "lsa_pull_failed",
        after: { error: message },
      });
    });
    throw error;
  }
}

interface StoredConversation {
  resourceName: string;
  channel: string | null;
  participant: string | null;
  at: string;
  callDurationSeconds: number | null;
  recordingUrl: string | null;
  text: string | null;
}

const stored = (c: LsaConversation): StoredConversation => ({
  resourceName: c.resourceName,
  channel: c.channel,
  participant: c.participant,
  at: c.at.toISOString(),
  callDurationSeconds: c.callDurationSeconds,
  recordingUrl: c.recordingUrl,
  text: c.text,
});

/** Conversations already kept, with the new ones added (each once), oldest first. */
function mergeConversations(kept: unknown, fresh: LsaConversation[]): StoredConversation[] {
  const all = new Map<string, StoredConversation>();
  for (const c of Array.isArray(kept) ? (kept as StoredConversation[]) : []) {
    all.set(c.resourceName, c);
  }
  for (const c of fresh) all.set(c.resourceName, stored(c));
  return [...all.values()].sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * Stores one pulled lead, in one transaction: new (a Lockline lead made, or matched to a
 * logged call) or already kept (its status, charged flag and credit state brought up to date).
 */
export async function storeLsaLead(
  db: Db,
  lead: LsaLead,
  conversations: LsaConversation[],
): Promise<"created" | "matched" | "updated"> {
  return db.transaction(async (tx) => {
    const phone = lead.phone ? (storablePhone(lead.phone) ?? null) : null;
    const [inserted] = await tx
      .insert(lsaLeads)
      .values({
        resourceName: lead.resourceName,
        leadType: lead.leadType,
        leadStatus: lead.leadStatus,
        categoryId: lead.categoryId,
        serviceId: lead.serviceId,
        consumerName: lead.consumerName,
        phone,
        email: lead.email,
        googleCreatedAt: lead.createdAt,
        charged: lead.charged,
        creditState: lead.creditState,
        conversations: mergeConversations([], conversations),
      })
      .onConflictDoNothing({ target: lsaLeads.resourceName })
      .returning();
    if (!inserted) {
      await updateKeptLead(tx, lead, conversations);
      return "updated";
    }
    const call =
      lead.leadType === "PHONE_CALL" && phone ? await loggedCall(tx, phone, lead) : undefined;
    const callLead = call ? await leadOfCall(tx, call) : undefined;
    if (call && callLead) {
      await tx
        .update(lsaLeads)
        .set({ leadId: callLead.id, callLogId: call.id })
        .where(eq(lsaLeads.id, inserted.id));
      await recordActivity(tx, {
        actor: LSA_SYSTEM,
        entity: "lead",
        entityId: callLead.id,
        action: "lsa_call_matched",
        after: { resourceName: lead.resourceName, callLogId: call.id, charged: lead.charged },
        leadId: callLead.id,
      });
      return "matched";
    }
    if (!phone) {
      // A lead Lockline cannot call back or text is kept for the reports, with no lead.
      return "created";
    }
    await tx.insert(marketingSources).values({ name: LSA_SOURCE_NAME }).onConflictDoNothing();
    const firstMessage = conversations.find((c) => c.text)?.text ?? null;
    const made = await createLead(
      tx,
      {
        name: lead.consumerName,
        phone,
        email: lead.email,
        serviceType: serviceTypeFor(lead.serviceId),
        zip: null,
        // A call came by phone; a message or booking came through Google's site.
        source: lead.leadType === "PHONE_CALL" ? "phone" : "web",
        details: lsaLeadDetails(lead, firstMessage),
        attribution: { sourceName: LSA_SOURCE_NAME },
      },
      LSA_SYSTEM,
    );
    await tx
      .update(lsaLeads)
      .set({ leadId: made.id, callLogId: call?.id ?? null })
      .where(eq(lsaLeads.id, inserted.id));
    return "created";
  });
}

async function updateKeptLead(tx: Db, lead: LsaLead, conversations: LsaConversation[]) {
  const [kept] = await tx
    .select()
    .from(lsaLeads)
    .where(eq(lsaLeads.resourceName, lead.resourceName))
    .for("update");
  if (!kept) return;
  await tx
    .update(lsaLeads)
    .set({
      leadStatus: lead.leadStatus,
      charged: lead.charged,
      creditState: lead.creditState,
      conversations: mergeConversations(kept.conversations, conversations),
      updatedAt: new Date(),
    })
    .where(eq(lsaLeads.id, kept.id));
  if (kept.leadId && (kept.creditState !== lead.creditState || kept.charged !== lead.charged)) {
    await recordActivity(tx, {
      actor: LSA_SYSTEM,
      entity: "lead",
      entityId: kept.leadId,
      action: "lsa_credit_changed",
      before: { charged: kept.charged, creditState: kept.creditState },
      after: { charged: lead.charged, creditState: lead.creditState },
      leadId: kept.leadId,
    });
  }
}

/** The call Lockline logged from this number nearest the lead's time, within the window. */
async function loggedCall(tx: Db, phone: string, lead: LsaLead) {
  const at = lead.createdAt.getTime();
  const [call] = await tx
    .select()
    .from(callLogs)
    .where(
      and(
        eq(callLogs.clientPhone, phone),
        gte(callLogs.startTime, new Date(at - CALL_MATCH_WINDOW_MS)),
        lte(callLogs.startTime, new Date(at + CALL_MATCH_WINDOW_MS)),
      ),
    )
    .orderBy(sql`abs(extract(epoch from ${callLogs.startTime}) - ${at / 1000})`)
    .limit(1);
  return call;
}

/**
 * The lead the logged call made or went to: the caller's newest lead made by the time the
 * call was logged (a caller with an open lead has their call on that lead).
 */
async function leadOfCall(tx: Db, call: typeof callLogs.$inferSelect) {
  if (!call.customerId) return undefined;
  const [lead] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        eq(leads.customerId, call.customerId),
        lte(leads.createdAt, new Date(call.createdAt.getTime() + 60_000)),
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return lead;
}

/** A period's Local Services leads: how many, charged, credited and waiting on a credit. */
export interface LsaPeriodCounts {
  leads: number;
  charged: number;
  credited: number;
  pending: number;
}

/** The Reports page's Local Services line: leads Google made in [start, end). */
export async function lsaPeriodCounts(
  db: Db,
  range: { start: Date; end: Date },
): Promise<LsaPeriodCounts> {
  const [row] = await db
    .select({
      leads: sql<number>`count(*)::int`,
      charged: sql<number>`count(*) filter (where ${lsaLeads.charged})::int`,
      credited: sql<number>`count(*) filter (where ${lsaLeads.creditState} = 'CREDITED')::int`,
      pending: sql<number>`count(*) filter (where ${lsaLeads.creditState} = 'PENDING' or (${lsaLeads.disputedAt} is not null and ${lsaLeads.creditState} is null))::int`,
    })
    .from(lsaLeads)
    .where(
      and(gte(lsaLeads.googleCreatedAt, range.start), lt(lsaLeads.googleCreatedAt, range.end)),
    );
  return row ?? { leads: 0, charged: 0, credited: 0, pending: 0 };
}
