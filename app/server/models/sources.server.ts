import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { WEBSITE_SOURCE } from "~/lib/leads/first-touch";
import { SOURCES_TEXT } from "~/lib/schemas/sources";
import type { SourceSpend } from "~/lib/reports/report";
import type { SpendLine } from "~/lib/reports/spend-csv";
import { leads } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUniqueViolation } from "../db/errors.server";
import { marketingSources, sourceSpend, trackingNumbers } from "../db/source-tables.server";
import { RuleError, notFound } from "../rule-error.server";

/*
 * Settings → Sources (issue 30, decision 0039): named sources, their tracking numbers and
 * their monthly spend; and the source a call takes from the number it dialled.
 */

export interface SourceView {
  id: string;
  name: string;
  numbers: string[];
  /** "2026-11-01" → cents, the months entered. */
  spend: Record<string, number>;
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

export async function addSource(db: Db, name: string): Promise<void> {
  try {
    await db.insert(marketingSources).values({ name });
  } catch (error) {
    if (isUniqueViolation(error, "marketing_sources_name_idx")) {
      throw new RuleError(SOURCES_TEXT.nameTaken, { field: "name" });
    }
    throw error;
  }
}

/** Leads keep the name they were given; the source's numbers and spend go with it. */
export async function deleteSource(db: Db, sourceId: string): Promise<void> {
  const gone = await db
    .delete(marketingSources)
    .where(eq(marketingSources.id, sourceId))
    .returning({ id: marketingSources.id });
  if (gone.length === 0) throw notFound(SOURCES_TEXT.sourceGone);
}

export async function addTrackingNumber(db: Db, sourceId: string, phone: string): Promise<void> {
  try {
    const added = await db
      .insert(trackingNumbers)
      .select(
        db
          .select({
            phone: sql<string>`${phone}`.as("phone"),
            sourceId: marketingSources.id,
            createdAt: sql<Date>`now()`.as("created_at"),
          })
          .from(marketingSources)
          .where(eq(marketingSources.id, sourceId)),
      )
      .returning({ phone: trackingNumbers.phone });
    if (added.length === 0) throw notFound(SOURCES_TEXT.sourceGone);
  } catch (error) {
    if (isUniqueViolation(error, "tracking_numbers_pkey")) {
      throw new RuleError(SOURCES_TEXT.numberTaken, { field: "phone" });
    }
    throw error;
  }
}

export async function removeTrackingNumber(db: Db, phone: string): Promise<void> {
  await db.delete(trackingNumbers).where(eq(trackingNumbers.phone, phone));
}

/** A month's spend, replaced when entered again. */
export async function setSpend(
  db: Db,
  sourceId: string,
  month: string,
  amountCents: number,
): Promise<void> {
  const [source] = await db
    .select({ id: marketingSources.id })
    .from(marketingSources)
    .where(eq(marketingSources.id, sourceId));
  if (!source) throw notFound(SOURCES_TEXT.sourceGone);
  await db
    .insert(sourceSpend)
    .values({ sourceId, month, amountCents })
    .onConflictDoUpdate({
      target: [sourceSpend.sourceId, sourceSpend.month],
      set: { amountCents },
    });
}

/**
 * Spend lines from a CSV, all or none: a source named for the first time is made. Answers
 * how many months were written.
 */
export async function importSpend(db: Db, lines: readonly SpendLine[]): Promise<number> {
  return db.transaction(async (tx) => {
    for (const line of lines) {
      const [existing] = await tx
        .select({ id: marketingSources.id })
        .from(marketingSources)
        .where(eq(sql`lower(${marketingSources.name})`, line.source.toLowerCase()));
      const sourceId =
        existing?.id ??
        (await tx.insert(marketingSources).values({ name: line.source }).returning())[0]!.id;
      await setSpend(tx, sourceId, line.month, line.amountCents);
    }
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
