import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { InstantRange } from "~/lib/time/chicago-period";
import type { Actor } from "~/lib/activity";
import type { FirstTouch } from "~/lib/leads/first-touch-keys";
import {
  isClosedLead,
  OPEN_LEAD_STATUSES,
  type LeadSource,
  type LeadStatus,
  type ServiceType,
} from "~/lib/business-enums";
import type { EditableLeadField, LeadFieldValues } from "~/lib/leads/lead-edit-fields";
import { changedLeadFields } from "~/lib/leads/lead-edits";
import { areaLabelForZip } from "~/lib/leads/area-label";
import { leadAnnouncementText } from "~/lib/leads/lead-announcement";
import {
  leadDisplayName,
  SERVICE_TYPE_LABELS,
  serviceTypesMatching,
} from "~/lib/leads/lead-labels";
import { RULE } from "~/lib/ui-text";
import type { ListQuery, Page } from "~/lib/admin/pagination";
import { leads, locksmiths, type Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import {
  contains,
  countWhere,
  isUuid,
  phoneContains,
  readPage,
  searchesDigitRuns,
  zipContains,
} from "../db/list-query.server";
import { notFound } from "../rule-error.server";
import { recordActivity } from "../activity/activity.server";
import { startAutoDispatch } from "../night-watch/auto-dispatch.server";
import { queueOperatorPush } from "../push/push-subscriptions.server";
import { lockChosenRecords } from "./chosen-records.server";
import { customerFor } from "../customers/customers.server";

export interface LeadListQuery extends ListQuery<LeadStatus> {
  /** Received in this range. */
  range?: InstantRange;
  /** Where the lead came from: a call, the website or the office. */
  source?: LeadSource;
  /** Its marketing source's name, any case (decision 0039). */
  sourceName?: string;
}

export interface LeadListItem extends Lead {
  /** The name, or 'Unknown' when the lead has none (docs/spec/back-office.md §3). */
  displayName: string;
  assignedLocksmithName: string | null;
}

/** A new lead: from the admin's form (name required there), a call or the website. */
export interface NewLead {
  name?: string | null;
  phone: string;
  serviceType: ServiceType;
  zip?: string | null;
  address?: string | null;
  details?: string | null;
  source?: LeadSource;
  /** The customer asked for text updates (the website's checkbox). */
  textConsent?: boolean;
  /** Where the receipt's copy goes (the website's optional field). */
  email?: string | null;
  /** The form's one-time token: the same token twice makes one lead. */
  requestId?: string | null;
  /** Where it came from, for the reports (decision 0039); kept as the lead was made. */
  attribution?: LeadAttribution;
}

/** A lead's source and, for a web request, its first touch (decision 0039). */
export type LeadAttribution = FirstTouch & {
  sourceName?: string | null;
  requestPage?: string;
  calledNumber?: string;
};

/**
 * Search (name, phone, service type or zip: docs/spec/back-office.md §2 Leads page), the status and
 * source filters. Phone digits are looked up through their digit runs unless `byDigitRuns` is false
 * (they are then compared row by row, which finds the same leads).
 */
function leadFilter(
  { q, status, source, sourceName, range }: LeadListQuery,
  { byDigitRuns = true } = {},
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (range) conditions.push(gte(leads.createdAt, range.start), lt(leads.createdAt, range.end));
  if (status) conditions.push(eq(leads.status, status));
  if (source) conditions.push(eq(leads.source, source));
  if (sourceName) conditions.push(sql`lower(${leads.sourceName}) = ${sourceName.toLowerCase()}`);
  if (q) {
    const types = serviceTypesMatching(q);
    conditions.push(
      or(
        // Digits first: every row a search reads is tested in this order.
        phoneContains(leads.phoneDigits, q, byDigitRuns ? leads.phoneGrams : undefined),
        zipContains(leads.zip, q),
        contains(leads.name, q),
        // Matched against the labels the admin sees ("lockout" finds Emergency Lockout).
        types.length > 0 ? inArray(leads.serviceType, types) : undefined,
      ),
    );
  }
  return and(...conditions);
}

/** Leads, newest first, with the assigned locksmith's name. */
export async function listLeads(db: Db, query: LeadListQuery = {}): Promise<Page<LeadListItem>> {
  const where = leadFilter(query);
  return readPage({
    page: query.page,
    pageSize: query.pageSize,
    count: () => countWhere(db, leads, where),
    rows: (limit, offset) => readLeads(db, where, limit, offset),
    // The digit runs find a number's few leads at once, but when thousands match, the page
    // would collect and sort them all: walking the newest leads until the page is full is
    // then cheaper (decision 0022).
    rowsWhenMany:
      query.q && searchesDigitRuns(query.q)
        ? (limit, offset) =>
            readNewestLeads(db, leadFilter(query, { byDigitRuns: false }), limit, offset)
        : undefined,
  });
}

async function readLeads(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<LeadListItem[]> {
  const rows = await db
    .select({ ...getTableColumns(leads), assignedLocksmithName: locksmiths.name })
    .from(leads)
    .leftJoin(locksmiths, eq(locksmiths.id, leads.assignedLocksmithId))
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ ...row, displayName: leadDisplayName(row.name) }));
}

/**
 * The same page, its ids found first in list order: within a status, from the status index
 * alone (it holds every searched column), and then only the page's rows are read.
 */
function readNewestLeads(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<LeadListItem[]> {
  const ids = db
    .select({ id: leads.id })
    .from(leads)
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit)
    .offset(offset);
  return readLeads(db, inArray(leads.id, ids), limit, 0);
}

export async function getLead(db: Db, id: string): Promise<Lead | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row;
}

/** The fields of a lead the office edits (its Edit form). */
export function editedFieldsOf(lead: Lead) {
  return {
    name: lead.name,
    phone: lead.phone,
    serviceType: lead.serviceType,
    zip: lead.zip,
    address: lead.address,
    details: lead.details,
  };
}

/** What the activity log keeps of a lead, before and after a change. */
function leadSnapshot(lead: Lead): Record<string, unknown> {
  return {
    ...editedFieldsOf(lead),
    status: lead.status,
    assignedLocksmithId: lead.assignedLocksmithId,
  };
}

/**
 * New leads start as `new` (docs/spec/back-office.md §4), linked to the customer with their phone
 * (made if new). A repeated form token returns the lead it already made.
 */
export async function createLead(db: Db, input: NewLead, actor: Actor): Promise<Lead> {
  return db.transaction(async (tx) => {
    const byToken = input.requestId ? eq(leads.idempotencyKey, input.requestId) : undefined;
    const name = input.name?.trim() || null;
    const address = input.address?.trim() || null;
    const customer = await customerFor(tx, input.phone, { name, address });
    const [row] = await tx
      .insert(leads)
      .values({
        name,
        phone: customer?.phone ?? input.phone,
        serviceType: input.serviceType,
        zip: input.zip?.trim() || null,
        address,
        details: input.details?.trim() || null,
        source: input.source ?? "manual",
        status: "new",
        customerId: customer?.id ?? null,
        textConsent: input.textConsent ?? false,
        email: input.email ?? null,
        idempotencyKey: input.requestId ?? null,
        ...input.attribution,
      })
      .onConflictDoNothing({ target: leads.idempotencyKey })
      .returning();
    if (!row) {
      const [first] = await tx.select().from(leads).where(byToken);
      return first!;
    }
    await recordActivity(tx, {
      actor,
      entity: "lead",
      entityId: row.id,
      action: "created",
      after: { ...leadSnapshot(row), source: row.source, sourceName: row.sourceName },
      leadId: row.id,
    });
    // A request that came by itself (website, phone) wakes the operators' devices, and may
    // be offered out automatically.
    if (row.source === "web" || row.source === "phone") {
      await pushRequestToOperators(tx, row);
      await startAutoDispatch(tx, row.id);
    }
    return row;
  });
}

/** The lead, locked until the caller's transaction ends; not found otherwise. */
export async function lockLead(tx: Db, id: string): Promise<Lead> {
  if (!isUuid(id)) throw notFound(RULE.leadGone);
  const [lead] = await tx.select().from(leads).where(eq(leads.id, id)).for("update");
  if (!lead) throw notFound(RULE.leadGone);
  return lead;
}

/** An active locksmith, share-locked; a field error otherwise (the form's list was stale). */
export async function activeLocksmith(
  tx: Db,
  locksmithId: string,
): Promise<{ id: string; name: string; phone: string }> {
  await lockChosenRecords(tx, { locksmithId });
  const [locksmith] = await tx
    .select({ id: locksmiths.id, name: locksmiths.name, phone: locksmiths.phone })
    .from(locksmiths)
    .where(eq(locksmiths.id, locksmithId));
  return locksmith!;
}

/** Records whether the customer agreed to texts about this lead, and says so on its timeline. */
export async function setTextConsent(
  db: Db,
  leadId: string,
  consent: boolean,
  actor: Actor,
): Promise<Lead> {
  return db.transaction(async (tx) => {
    const before = await lockLead(tx, leadId);
    const [row] = await tx
      .update(leads)
      .set({ textConsent: consent })
      .where(eq(leads.id, leadId))
      .returning();
    if (before.textConsent !== consent) {
      await recordActivity(tx, {
        actor,
        entity: "lead",
        entityId: leadId,
        action: "text_consent_changed",
        before: { textConsent: before.textConsent },
        after: { textConsent: consent },
        leadId,
      });
    }
    return row!;
  });
}

/**
 * Saves the lead page's edit, field by field: only what this person changed is written
 * (see app/lib/leads/lead-edits.ts), so another operator's change to another field meanwhile is
 * kept, and the timeline shows both. A new phone number moves the lead to that customer.
 */
export async function editLead(
  db: Db,
  id: string,
  edit: { typed: LeadFieldValues; was: Partial<Record<EditableLeadField, string | undefined>> },
  actor: Actor,
): Promise<{ lead: Lead; changed: Partial<LeadFieldValues> }> {
  return db.transaction(async (tx) => {
    const current = await lockLead(tx, id);
    const changed = changedLeadFields(edit.was, edit.typed, current);
    if (Object.keys(changed).length === 0) return { lead: current, changed };
    // Phone and service type are required: the form never sends them empty.
    const { phone, serviceType, ...texts } = changed;
    const set: Partial<typeof leads.$inferInsert> = {
      ...texts,
      ...(phone ? { phone } : {}),
      ...(serviceType ? { serviceType: serviceType as ServiceType } : {}),
    };
    if (changed.phone) {
      const customer = await customerFor(tx, changed.phone, {
        name: changed.name ?? current.name,
        address: changed.address ?? current.address,
      });
      set.customerId = customer?.id ?? null;
    }
    const [lead] = await tx.update(leads).set(set).where(eq(leads.id, id)).returning();
    const before = Object.fromEntries(
      Object.keys(changed).map((field) => [field, current[field as EditableLeadField]]),
    );
    await recordActivity(tx, {
      actor,
      entity: "lead",
      entityId: id,
      action: "edited",
      before,
      after: changed,
      leadId: id,
    });
    return { lead: lead!, changed };
  });
}

/** A note on the lead's timeline (the activity log): who wrote it, when, what. */
export async function addLeadNote(db: Db, id: string, note: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLead(tx, id);
    await recordActivity(tx, {
      actor,
      entity: "lead",
      entityId: id,
      action: "note_added",
      after: { note: note.trim() },
      leadId: id,
    });
  });
}

/** For the dispatch form: open leads (new, assigned, in progress), newest first (bounded). */
export async function listOpenLeads(
  db: Db,
  limit = 100,
): Promise<{ id: string; name: string | null; displayName: string; phone: string }[]> {
  const rows = await db
    .select({ id: leads.id, name: leads.name, phone: leads.phone })
    .from(leads)
    .where(inArray(leads.status, OPEN_LEAD_STATUSES))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, displayName: leadDisplayName(row.name) }));
}

/** The New Job dialog's choices: the most recent leads, with what a job copies from them. */
export async function listRecentLeadChoices(db: Db, limit = 50) {
  const { rows } = await listLeads(db, { page: 1, pageSize: limit });
  // A closed lead makes no job until it is reopened (decision 0026): not offered.
  return rows
    .filter((lead) => !isClosedLead(lead.status))
    .map((lead) => ({
      id: lead.id,
      displayName: lead.displayName,
      phone: lead.phone,
      serviceType: lead.serviceType,
      status: lead.status,
      assignedLocksmithName: lead.assignedLocksmithName,
      createdAt: lead.createdAt,
    }));
}

/** The first 5-digit ZIP in what the caller said ("60601", "60601-1234", "zip 60601"). */
export function leadZip(zip: string | null): string | null {
  return zip?.match(/\b\d{5}\b/)?.[0] ?? null;
}

/** The dashboard's Total Leads card: all of them, and how many are new. */
export async function countLeads(db: Db): Promise<{ total: number; new: number }> {
  const [row] = await db
    .select({
      total: count(),
      new: sql<number>`count(*) filter (where ${leads.status} = 'new')`.mapWith(Number),
    })
    .from(leads);
  return { total: Number(row?.total ?? 0), new: Number(row?.new ?? 0) };
}

/** How long a New request counts as waiting in the tab title and the Leads badge. */
export const WAITING_WINDOW_MS = 24 * 3_600_000;

/**
 * Requests nobody has taken yet: New, and made in the last 24 hours (an older New lead is
 * the Leads list's business, not an alarm). Read by the status index alone.
 */
export async function countWaitingRequests(db: Db, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ waiting: count() })
    .from(leads)
    .where(
      and(
        eq(leads.status, "new"),
        gte(leads.createdAt, new Date(now.getTime() - WAITING_WINDOW_MS)),
      ),
    );
  return Number(row?.waiting ?? 0);
}

/**
 * Wakes the operators' devices for a request that came by itself, in the words of the
 * office's toast: once for a new request, and once each time an open lead's customer writes
 * again (`again`: when), which the office would otherwise learn only from an open tab.
 */
export async function pushRequestToOperators(tx: Db, lead: Lead, again?: Date): Promise<void> {
  const { title, description } = leadAnnouncementText({
    id: lead.id,
    source: lead.source === "phone" ? "phone" : "web",
    service: SERVICE_TYPE_LABELS[lead.serviceType],
    area: areaLabelForZip(lead.zip),
    repeat: again ? true : undefined,
  });
  await queueOperatorPush(
    tx,
    again ? `lead:${lead.id}:again:${again.getTime()}` : `lead:${lead.id}`,
    { title, body: description, url: `/admin/leads/${lead.id}`, tag: `lead-${lead.id}` },
    lead.id,
  );
}
