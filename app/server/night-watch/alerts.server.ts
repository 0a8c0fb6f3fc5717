import { and, desc, eq, gte, inArray, isNull, max, or, sql } from "drizzle-orm";
import { LIVE_STATES, type LiveState } from "~/lib/dispatch/assignment-machine";
import { alertRuleText, type AlertRule, type LeadFacts } from "~/lib/night-watch/clock-rules";
import { OPEN_LEAD_STATUSES } from "~/lib/business-enums";
import { assignments, leads, quotes, type Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import {
  autoDispatches,
  nightWatchAlerts,
  type NightWatchAlert,
} from "../db/night-watch-tables.server";
import { readNightWatchSettings } from "./settings.server";
import { promiseAreaOfLead } from "~/lib/reports/site-promises";

/*
 * The night watch's alerts: one open per lead and rule (a partial unique index), raised once
 * by whichever process gets there first, cleared when the lead no longer breaks the rule.
 */

/** The alert, newly open; undefined when this lead already has it open. */
export async function openAlert(
  tx: Db,
  alert: { leadId: string; rule: AlertRule; since: Date },
): Promise<NightWatchAlert | undefined> {
  const [row] = await tx.insert(nightWatchAlerts).values(alert).onConflictDoNothing().returning();
  return row;
}

/** Closes an open alert; undefined when another process closed it first. */
export async function closeAlert(
  tx: Db,
  id: string,
  now: Date,
): Promise<NightWatchAlert | undefined> {
  const [row] = await tx
    .update(nightWatchAlerts)
    .set({ clearedAt: now })
    .where(and(eq(nightWatchAlerts.id, id), isNull(nightWatchAlerts.clearedAt)))
    .returning();
  return row;
}

/** Closes the lead's open alert of this rule, if it has one (the office answered it). */
export async function closeOpenAlert(
  tx: Db,
  leadId: string,
  rule: AlertRule,
  now: Date,
): Promise<void> {
  await tx
    .update(nightWatchAlerts)
    .set({ clearedAt: now })
    .where(
      and(
        eq(nightWatchAlerts.leadId, leadId),
        eq(nightWatchAlerts.rule, rule),
        isNull(nightWatchAlerts.clearedAt),
      ),
    );
}

export async function listOpenAlertRows(db: Db): Promise<NightWatchAlert[]> {
  return db.select().from(nightWatchAlerts).where(isNull(nightWatchAlerts.clearedAt));
}

/** How far back the watch looks: older open requests are the lists' business, not an alarm. */
export const WATCHED_HOURS = 24;
/** The most leads one sweep reads (a burst beyond it is read over the next sweeps). */
const WATCHED_LIMIT = 500;

export interface WatchedLead {
  lead: Pick<Lead, "id" | "name" | "status">;
  facts: LeadFacts;
}

/**
 * The open leads the clock rules look at (recent ones, and any with an open alert, so it
 * can clear), each with its live assignment, when it last became New and its chain.
 */
export async function readWatchedLeads(db: Db, now: Date): Promise<WatchedLead[]> {
  const recent = new Date(now.getTime() - WATCHED_HOURS * 3_600_000);
  const alerted = db
    .select({ leadId: nightWatchAlerts.leadId })
    .from(nightWatchAlerts)
    .where(isNull(nightWatchAlerts.clearedAt));
  // A quote held for the office (decision 0055), however old the request.
  const heldQuotes = db
    .select({ leadId: quotes.leadId })
    .from(quotes)
    .where(eq(quotes.state, "held"));
  const quoteHeldSince = sql<
    Date | string | null
  >`(select min(${quotes.createdAt}) from ${quotes} where ${quotes.leadId} = ${leads.id} and ${quotes.state} = 'held')`;
  const rows = await db
    .select({
      id: leads.id,
      name: leads.name,
      status: leads.status,
      serviceType: leads.serviceType,
      zip: leads.zip,
      requestPage: leads.requestPage,
      landingPage: leads.landingPage,
      createdAt: leads.createdAt,
      chain: autoDispatches.state,
      chainStartedAt: autoDispatches.startedAt,
      live: assignments,
      quoteHeldSince,
    })
    .from(leads)
    .leftJoin(
      assignments,
      and(eq(assignments.leadId, leads.id), inArray(assignments.state, LIVE_STATES)),
    )
    .leftJoin(autoDispatches, eq(autoDispatches.leadId, leads.id))
    .where(
      or(
        and(inArray(leads.status, OPEN_LEAD_STATUSES), gte(leads.createdAt, recent)),
        inArray(leads.id, alerted),
        inArray(leads.id, heldQuotes),
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(WATCHED_LIMIT);
  if (rows.length === 0) return [];
  // When each last became New again: its last ended assignment.
  const ended = await db
    .select({ leadId: assignments.leadId, at: max(assignments.endedAt) })
    .from(assignments)
    .where(
      inArray(
        assignments.leadId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(assignments.leadId);
  const endedAt = new Map(ended.map((row) => [row.leadId, row.at]));
  return rows.map((row) => {
    const last = endedAt.get(row.id);
    const newSince = last && last > row.createdAt ? last : row.createdAt;
    const live = row.live;
    return {
      lead: { id: row.id, name: row.name, status: row.status },
      facts: {
        status: row.status,
        serviceType: row.serviceType,
        promiseArea: promiseAreaOfLead(row),
        newSince,
        autoDispatch: row.chain,
        autoDispatchStartedAt: row.chainStartedAt,
        quoteHeldSince: row.quoteHeldSince ? new Date(row.quoteHeldSince) : null,
        live: live && {
          state: live.state as LiveState,
          createdAt: live.createdAt,
          expiresAt: live.expiresAt,
          acceptedAt: live.acceptedAt,
          onTheWayAt: live.onTheWayAt,
          etaMinutes: live.etaMinutes,
          etaGivenAt: live.etaTextedAt,
          arrivedAt: live.arrivedAt,
        },
      },
    };
  });
}

export interface NeedsAttentionItem {
  id: string;
  leadId: string;
  leadName: string | null;
  leadPhone: string;
  rule: AlertRule;
  /** The rule in words, with the limits as set now. */
  ruleText: string;
  since: Date;
}

/** The dashboard's "Needs attention" queue: open alerts, newest first. */
export async function listNeedsAttention(db: Db, limit = 50): Promise<NeedsAttentionItem[]> {
  const settings = await readNightWatchSettings(db);
  const rows = await db
    .select({
      id: nightWatchAlerts.id,
      leadId: nightWatchAlerts.leadId,
      leadName: leads.name,
      leadPhone: leads.phone,
      rule: nightWatchAlerts.rule,
      since: nightWatchAlerts.since,
    })
    .from(nightWatchAlerts)
    .innerJoin(leads, eq(leads.id, nightWatchAlerts.leadId))
    .where(isNull(nightWatchAlerts.clearedAt))
    .orderBy(desc(nightWatchAlerts.since), sql`${nightWatchAlerts.id}`)
    .limit(limit);
  return rows.map((row) => ({ ...row, ruleText: alertRuleText(row.rule, settings) }));
}
