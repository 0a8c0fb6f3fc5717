import { and, asc, count, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import type { LocksmithStatus } from "~/lib/business-enums";
import { RULE } from "~/lib/ui-text";
import type { LocksmithInput } from "~/lib/schemas/locksmiths";
import type { ListQuery, Page } from "~/lib/admin/pagination";
import { locksmiths, type Locksmith } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { contains, countWhere, isUuid, phoneContains, readPage } from "../db/list-query.server";
import { notFound } from "../rule-error.server";
import { recordActivity } from "../activity/activity.server";

export type LocksmithListQuery = ListQuery<LocksmithStatus>;

/**
 * What the form saves; `active` absent means "active" on create and "unchanged" on edit, a
 * license absent means none (the form always sends both).
 */
export type LocksmithFields = Omit<
  LocksmithInput,
  "active" | "licenseNumber" | "licenseExpiresOn"
> &
  Partial<Pick<LocksmithInput, "licenseNumber" | "licenseExpiresOn">> & { active?: boolean };

/**
 * Search (name, phone or email: docs/spec/back-office.md §2 Locksmiths page) and the
 * Active/Inactive filter.
 */
function locksmithFilter({ q, status }: LocksmithListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (status) conditions.push(eq(locksmiths.active, status === "active"));
  if (q) {
    conditions.push(
      or(
        contains(locksmiths.name, q),
        contains(locksmiths.email, q),
        phoneContains(locksmiths.phoneDigits, q),
      ),
    );
  }
  return and(...conditions);
}

/** The roster, newest first, one page at a time. */
export async function listLocksmiths(
  db: Db,
  query: LocksmithListQuery = {},
): Promise<Page<Locksmith>> {
  const where = locksmithFilter(query);
  return readPage({
    page: query.page,
    pageSize: query.pageSize,
    count: () => countWhere(db, locksmiths, where),
    rows: (limit, offset) =>
      db
        .select()
        .from(locksmiths)
        .where(where)
        .orderBy(desc(locksmiths.createdAt), desc(locksmiths.id))
        .limit(limit)
        .offset(offset),
  });
}

export async function getLocksmith(db: Db, id: string): Promise<Locksmith | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(locksmiths).where(eq(locksmiths.id, id));
  return row;
}

export async function createLocksmith(
  db: Db,
  input: LocksmithFields,
  actor: Actor,
): Promise<Locksmith> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(locksmiths)
      .values({ ...fieldsOf(input), active: input.active ?? true })
      .returning();
    await recordLocksmith(tx, row!.id, actor, "created", {
      after: { ...fieldsOf(input), active: row!.active },
    });
    return row!;
  });
}

export async function updateLocksmith(
  db: Db,
  id: string,
  input: LocksmithFields,
  actor: Actor,
): Promise<Locksmith> {
  if (!isUuid(id)) throw notFound(RULE.locksmithGone);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(locksmiths).where(eq(locksmiths.id, id)).for("update");
    if (!before) throw notFound(RULE.locksmithGone);
    const [row] = await tx
      .update(locksmiths)
      .set({ ...fieldsOf(input), ...(input.active === undefined ? {} : { active: input.active }) })
      .where(eq(locksmiths.id, id))
      .returning();
    await recordLocksmith(tx, id, actor, "edited", {
      before: fieldsOf(before),
      after: fieldsOf(row!),
    });
    return row!;
  });
}

function fieldsOf(input: LocksmithFields) {
  return {
    name: input.name,
    phone: input.phone,
    email: input.email ?? null,
    assignedZips: input.assignedZips,
    paymentMethod: input.paymentMethod ?? null,
    defaultCutPercent: input.defaultCutPercent,
    licenseNumber: input.licenseNumber ?? null,
    licenseExpiresOn: input.licenseExpiresOn ?? null,
  };
}

/**
 * Sets Active/Inactive to the state the badge asked for, in one statement: two tabs that
 * both said "click to deactivate", or two clicks at once, leave it inactive, where a
 * read-then-flip (or a flip) would end up wrong. Logged only when it changed something.
 */
export async function setLocksmithActive(
  db: Db,
  id: string,
  active: boolean,
  actor: Actor,
): Promise<{ active: boolean }> {
  if (!isUuid(id)) throw notFound(RULE.locksmithGone);
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(locksmiths)
      .set({ active })
      .where(and(eq(locksmiths.id, id), ne(locksmiths.active, active)))
      .returning({ active: locksmiths.active });
    if (changed) {
      await recordLocksmith(tx, id, actor, active ? "activated" : "deactivated");
      return changed;
    }
    const [row] = await tx
      .select({ active: locksmiths.active })
      .from(locksmiths)
      .where(eq(locksmiths.id, id));
    if (!row) throw notFound(RULE.locksmithGone);
    return row;
  });
}

async function recordLocksmith(
  tx: Db,
  id: string,
  actor: Actor,
  action: string,
  change: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
) {
  await recordActivity(tx, { actor, entity: "locksmith", entityId: id, action, ...change });
}

/** For the lead and dispatch forms' selects: active locksmiths only, by name. */
export async function listActiveLocksmiths(db: Db): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: locksmiths.id, name: locksmiths.name })
    .from(locksmiths)
    .where(eq(locksmiths.active, true))
    .orderBy(asc(locksmiths.name), asc(locksmiths.id));
}

/**
 * Every locksmith for a filter, active first then by name: an inactive locksmith's past
 * jobs and pay still need finding.
 */
export async function listLocksmithChoices(
  db: Db,
): Promise<{ id: string; name: string; active: boolean }[]> {
  return db
    .select({ id: locksmiths.id, name: locksmiths.name, active: locksmiths.active })
    .from(locksmiths)
    .orderBy(desc(locksmiths.active), asc(locksmiths.name), asc(locksmiths.id));
}

/** The dashboard's Total Locksmiths card: all of them, and how many are active. */
export async function countLocksmiths(db: Db): Promise<{ total: number; active: number }> {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${locksmiths.active})`.mapWith(Number),
    })
    .from(locksmiths);
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
}
