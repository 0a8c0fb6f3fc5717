import { and, count, desc, eq, getTableColumns, inArray, or, sql, type SQL } from "drizzle-orm";
import type { LeadSource, LeadStatus, ServiceType } from "~/lib/business-enums";
import { leadDisplayName, serviceTypesMatching } from "~/lib/lead-labels";
import { RULE } from "~/lib/messages";
import type { ListQuery, Page } from "~/lib/pagination";
import { leads, locksmiths, type Lead } from "../db/business-tables.server";
import type { Database } from "../db/database.server";
import {
  contains,
  countWhere,
  isUuid,
  phoneContains,
  readPage,
  zipContains,
} from "../db/list-query.server";
import { notFound, RuleError } from "../rule-error.server";

export interface LeadListQuery extends ListQuery<LeadStatus> {
  /** Where the lead came from: a call, the website or the office. */
  source?: LeadSource;
}

export interface LeadListItem extends Lead {
  /** The name, or 'Unknown' when the lead has none (the spec). */
  displayName: string;
  assignedLocksmithName: string | null;
}

/** A new lead: from the admin's form (name required there), a call or the website. */
export interface NewLead {
  name?: string | null;
  phone: string;
  serviceType: ServiceType;
  zip?: string | null;
  details?: string | null;
  source?: LeadSource;
}

/** Search (the spec: name, phone, service type or zip), the status and source filters. */
function leadFilter({ q, status, source }: LeadListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (status) conditions.push(eq(leads.status, status));
  if (source) conditions.push(eq(leads.source, source));
  if (q) {
    const types = serviceTypesMatching(q);
    conditions.push(
      or(
        contains(leads.name, q),
        phoneContains(leads.phoneDigits, q),
        zipContains(leads.zip, q),
        // Matched against the labels the admin sees ("lockout" finds Emergency Lockout).
        types.length > 0 ? inArray(leads.serviceType, types) : undefined,
      ),
    );
  }
  return and(...conditions);
}

/** Leads, newest first, with the assigned locksmith's name. */
export async function listLeads(
  db: Database,
  query: LeadListQuery = {},
): Promise<Page<LeadListItem>> {
  const where = leadFilter(query);
  return readPage({
    page: query.page,
    pageSize: query.pageSize,
    count: () => countWhere(db, leads, where),
    rows: async (limit, offset) => {
      const rows = await db
        .select({ ...getTableColumns(leads), assignedLocksmithName: locksmiths.name })
        .from(leads)
        .leftJoin(locksmiths, eq(locksmiths.id, leads.assignedLocksmithId))
        .where(where)
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({ ...row, displayName: leadDisplayName(row.name) }));
    },
  });
}

export async function getLead(db: Database, id: string): Promise<Lead | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row;
}

/** New leads start as `new` (the spec). */
export async function createLead(db: Database, input: NewLead): Promise<Lead> {
  const [row] = await db
    .insert(leads)
    .values({
      name: input.name?.trim() || null,
      phone: input.phone,
      serviceType: input.serviceType,
      zip: input.zip?.trim() || null,
      details: input.details?.trim() || null,
      source: input.source ?? "manual",
      status: "new",
    })
    .returning();
  return row!;
}

/** Any status from any other (the spec); the assignment is left as it is. */
export async function setLeadStatus(db: Database, id: string, status: LeadStatus): Promise<Lead> {
  if (!isUuid(id)) throw notFound(RULE.leadGone);
  const [row] = await db.update(leads).set({ status }).where(eq(leads.id, id)).returning();
  if (!row) throw notFound(RULE.leadGone);
  return row;
}

/**
 * Assigns a lead to an active locksmith and moves it to in_progress (the spec). The
 * locksmith's row is share-locked until the lead is written, so a deactivation at the same
 * moment cannot slip between the check and the assignment.
 */
export async function assignLead(db: Database, leadId: string, locksmithId: string): Promise<Lead> {
  if (!isUuid(leadId)) throw notFound(RULE.leadGone);
  if (!isUuid(locksmithId)) throw notFound(RULE.locksmithGone);
  return db.transaction(async (tx) => {
    const [locksmith] = await tx
      .select({ active: locksmiths.active })
      .from(locksmiths)
      .where(eq(locksmiths.id, locksmithId))
      .for("share");
    if (!locksmith) throw notFound(RULE.locksmithGone);
    if (!locksmith.active) throw new RuleError(RULE.locksmithInactive, { field: "locksmithId" });
    const [row] = await tx
      .update(leads)
      .set({ assignedLocksmithId: locksmithId, status: "in_progress" })
      .where(eq(leads.id, leadId))
      .returning();
    if (!row) throw notFound(RULE.leadGone);
    return row;
  });
}

/** For the dispatch form: leads still `new`, newest first (bounded: it feeds a select). */
export async function listNewLeads(
  db: Database,
  limit = 100,
): Promise<{ id: string; name: string | null; displayName: string; phone: string }[]> {
  const rows = await db
    .select({ id: leads.id, name: leads.name, phone: leads.phone })
    .from(leads)
    .where(eq(leads.status, "new"))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, displayName: leadDisplayName(row.name) }));
}

/** The New Job dialog's choices: the most recent leads, with what a job copies from them. */
export async function listRecentLeadChoices(db: Database, limit = 50) {
  const { rows } = await listLeads(db, { page: 1, pageSize: limit });
  return rows.map((lead) => ({
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
export async function countLeads(db: Database): Promise<{ total: number; new: number }> {
  const [row] = await db
    .select({
      total: count(),
      new: sql<number>`count(*) filter (where ${leads.status} = 'new')`.mapWith(Number),
    })
    .from(leads);
  return { total: Number(row?.total ?? 0), new: Number(row?.new ?? 0) };
}
