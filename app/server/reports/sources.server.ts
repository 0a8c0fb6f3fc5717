import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { WEBSITE_SOURCE } from "~/lib/leads/first-touch";
import { SOURCES_TEXT } from "~/lib/schemas/sources";
import type { SourceSpend } from "~/lib/reports/report";
import { SOURCE_ENTITY, type SourceChange, type SourceView } from "~/lib/reports/source-changes";
import type { SpendLine } from "~/lib/reports/spend-csv";
import { activityLog } from "../db/activity-tables.server";
import { leads } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUniqueViolation } from "../db/errors.server";
import { marketingSources, sourceSpend, trackingNumbers } from "../db/source-tables.server";
import { RuleError, notFound } from "../rule-error.server";
import { recordActivity } from "../activity/activity.server";

/*
 * Settings → Sources (issue 30, decision 0039): named sources, their tracking numbers and
 * their monthly spend; and the source a call takes from the number it dialled. Every change
 * is in the activity log with who made it, written in the same transaction.
 */

/** Writes a change to the sources and its line in the activity log, together. */
function logged<T>(
  db: Db,
  actor: Actor,
  change: (tx: Db) => Promise<{ result: T; sourceId: string; entry: SourceChange }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { result, sourceId, entry } = await change(tx);
    await recordActivity(tx, {
      actor,
      entity: SOURCE_ENTITY,
      entityId: sourceId,
      action: entry.action,
      after: { ...entry },
    });
    return result;
  });
}

/** The latest changes to the sources, newest first. */
export async function listSourceChanges(db: Db, limit = 10) {
  return db
    .select({
      at: activityLog.at,
      actorKind: activityLog.actorKind,
      actorName: activityLog.actorName,
      change: activityLog.after,
    })
    .from(activityLog)
    .where(eq(activityLog.entity, SOURCE_ENTITY))
    .orderBy(desc(activityLog.at), desc(activityLog.id))
    .limit(limit);
}

export async function listSources(db: Db): Promise<SourceView[]> {
  const [sources, numbers, spend] = await Promise.all([
    db
      .select()
      .from(marketingSources)
      .orderBy(asc(sql`lower(${marketingSources.name})`)),
    db.select().from(trackingNumbers).orderBy(asc(trackingNumbers.phone)),
    db.select().from(sourceSpend).orderBy(asc(sourceSpend.month)),
  ]);
  return sources.map((source) => ({
    id: source.id,
    name: source.name,
    numbers: numbers.filter((row) => row.sourceId === source.id).map((row) => row.phone),
    spend: Object.fromEntries(
      spend.filter((row) => row.sourceId === source.id).map((row) => [row.month, row.amountCents]),
    ),
  }));
}

/**
 * The names a lead's source may take in the office's pick and the list's filter: every
 * named source, "Website", and those leads already carry (a utm_source nobody named yet).
 */
export async function sourceNameChoices(db: Db): Promise<string[]> {
  const [named, used] = await Promise.all([
    db.select({ name: marketingSources.name }).from(marketingSources),
    db.selectDistinct({ name: leads.sourceName }).from(leads).limit(200),
  ]);
  const names = new Map<string, string>();
  for (const name of [
    WEBSITE_SOURCE,
    ...named.map((row) => row.name),
    ...used.map((row) => row.name),
  ]) {
    if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()].sort((a, b) => a.localeCompare(b));
}

export async function addSource(db: Db, name: string, actor: Actor): Promise<void> {
  try {
    await logged(db, actor, async (tx) => {
      const [made] = await tx.insert(marketingSources).values({ name }).returning();
      return { result: undefined, sourceId: made!.id, entry: { action: "source_added", name } };
    });
  } catch (error) {
    if (isUniqueViolation(error, "marketing_sources_name_idx")) {
      throw new RuleError(SOURCES_TEXT.nameTaken, { field: "name" });
    }
    throw error;
  }
}

/** Leads keep the name they were given; the source's numbers and spend go with it. */
export async function deleteSource(db: Db, sourceId: string, actor: Actor): Promise<void> {
  await logged(db, actor, async (tx) => {
    const [numbers, months] = await Promise.all([
      tx.$count(trackingNumbers, eq(trackingNumbers.sourceId, sourceId)),
      tx.$count(sourceSpend, eq(sourceSpend.sourceId, sourceId)),
    ]);
    const [gone] = await tx
      .delete(marketingSources)
      .where(eq(marketingSources.id, sourceId))
      .returning({ name: marketingSources.name });
    if (!gone) throw notFound(SOURCES_TEXT.sourceGone);
    return {
      result: undefined,
      sourceId,
      entry: { action: "source_deleted", name: gone.name, numbers, months },
    };
  });
}

async function sourceName(tx: Db, sourceId: string): Promise<string> {
  const [source] = await tx
    .select({ name: marketingSources.name })
    .from(marketingSources)
    .where(eq(marketingSources.id, sourceId));
  if (!source) throw notFound(SOURCES_TEXT.sourceGone);
  return source.name;
}

export async function addTrackingNumber(
  db: Db,
  sourceId: string,
  phone: string,
  actor: Actor,
): Promise<void> {
  try {
    await logged(db, actor, async (tx) => {
      const name = await sourceName(tx, sourceId);
      await tx.insert(trackingNumbers).values({ phone, sourceId });
      return { result: undefined, sourceId, entry: { action: "number_added", name, phone } };
    });
  } catch (error) {
    if (isUniqueViolation(error, "tracking_numbers_pkey")) {
      throw new RuleError(SOURCES_TEXT.numberTaken, { field: "phone" });
    }
    throw error;
  }
}

/** Removing a number already gone changes nothing, and says nothing. */
export async function removeTrackingNumber(db: Db, phone: string, actor: Actor): Promise<void> {
  const [number] = await db
    .select({ sourceId: trackingNumbers.sourceId, name: marketingSources.name })
    .from(trackingNumbers)
    .innerJoin(marketingSources, eq(marketingSources.id, trackingNumbers.sourceId))
    .where(eq(trackingNumbers.phone, phone));
  if (!number) return;
  await logged(db, actor, async (tx) => {
    await tx.delete(trackingNumbers).where(eq(trackingNumbers.phone, phone));
    const entry = { action: "number_removed", name: number.name, phone } as const;
    return { result: undefined, sourceId: number.sourceId, entry };
  });
}

/** A month's spend, replaced when entered again; the amount it replaced, if any. */
async function writeSpend(
  tx: Db,
  sourceId: string,
  month: string,
  amountCents: number,
): Promise<number | null> {
  const [before] = await tx
    .select({ cents: sourceSpend.amountCents })
    .from(sourceSpend)
    .where(and(eq(sourceSpend.sourceId, sourceId), eq(sourceSpend.month, month)));
  await tx
    .insert(sourceSpend)
    .values({ sourceId, month, amountCents })
    .onConflictDoUpdate({
      target: [sourceSpend.sourceId, sourceSpend.month],
      set: { amountCents },
    });
  return before?.cents ?? null;
}

export async function setSpend(
  db: Db,
  sourceId: string,
  month: string,
  amountCents: number,
  actor: Actor,
): Promise<void> {
  await logged(db, actor, async (tx) => {
    const name = await sourceName(tx, sourceId);
    const previousCents = await writeSpend(tx, sourceId, month, amountCents);
    return {
      result: undefined,
      sourceId,
      entry: { action: "spend_set", name, month, amountCents, previousCents },
    };
  });
}

/**
 * Spend lines from a CSV, all or none: a source named for the first time is made. Answers
 * how many months were written.
 */
export async function importSpend(
  db: Db,
  lines: readonly SpendLine[],
  actor: Actor,
): Promise<number> {
  return db.transaction(async (tx) => {
    for (const line of lines) {
      const [existing] = await tx
        .select({ id: marketingSources.id })
        .from(marketingSources)
        .where(eq(sql`lower(${marketingSources.name})`, line.source.toLowerCase()));
      const sourceId =
        existing?.id ??
        (await tx.insert(marketingSources).values({ name: line.source }).returning())[0]!.id;
      await writeSpend(tx, sourceId, line.month, line.amountCents);
    }
    const sources = [...new Set(lines.map((line) => line.source))];
    await recordActivity(tx, {
      actor,
      entity: SOURCE_ENTITY,
      entityId: "import",
      action: "spend_imported",
      after: { action: "spend_imported", months: lines.length, sources: sources.length },
    });
    return lines.length;
  });
}

/**
 * The source of a call, from the number dialled: a tracking number's source, "Website" for
 * the number on the website, otherwise not known (null).
 */
export async function sourceForCalledNumber(
  db: Db,
  calledNumber: string | undefined,
  websiteNumber: string | undefined,
): Promise<string | null> {
  if (!calledNumber) return null;
  const [tracked] = await db
    .select({ name: marketingSources.name })
    .from(trackingNumbers)
    .innerJoin(marketingSources, eq(marketingSources.id, trackingNumbers.sourceId))
    .where(eq(trackingNumbers.phone, calledNumber));
  if (tracked) return tracked.name;
  return calledNumber === websiteNumber ? WEBSITE_SOURCE : null;
}

/** Each named source's spend in the months from `firstMonth` to before `endMonth`, by lower-case name. */
export async function spendByMonth(
  db: Db,
  firstMonth: string,
  endMonth: string,
): Promise<Map<string, SourceSpend>> {
  const rows = await db
    .select({
      name: marketingSources.name,
      month: sourceSpend.month,
      amountCents: sourceSpend.amountCents,
    })
    .from(sourceSpend)
    .innerJoin(marketingSources, eq(marketingSources.id, sourceSpend.sourceId))
    .where(and(gte(sourceSpend.month, firstMonth), lt(sourceSpend.month, endMonth)));
  const byName = new Map<string, { name: string; months: Map<string, number> }>();
  for (const row of rows) {
    const key = row.name.toLowerCase();
    const source = byName.get(key) ?? { name: row.name, months: new Map<string, number>() };
    source.months.set(row.month, row.amountCents);
    byName.set(key, source);
  }
  return byName;
}
