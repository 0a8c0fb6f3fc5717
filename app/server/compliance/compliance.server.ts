import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, lt, notExists, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import {
  COMPLIANCE_KIND_LABELS,
  documentWords,
  type ComplianceDocumentView,
  type ComplianceFacts,
} from "~/lib/compliance/documents";
import {
  downloadName,
  FILE_TYPES,
  MAX_FILE_BYTES,
  sniffFileType,
} from "~/lib/compliance/file-type";
import {
  daysUntil,
  lapsesOf,
  remindersFor,
  shortDay,
  type ComplianceKind,
  type Lapse,
} from "~/lib/compliance/lapse";
import { licenseToday } from "~/lib/locksmiths/license";
import { FIELD } from "~/lib/ui-text";
import { recordActivity } from "../activity/activity.server";
import { scheduleTimer } from "../background/timers.server";
import { locksmiths } from "../db/business-tables.server";
import {
  complianceDocuments,
  complianceFiles,
  type ComplianceDocument,
} from "../db/compliance-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import type { Timer } from "../db/night-watch-tables.server";
import { notFound, RuleError } from "../rule-error.server";
import type { FileStore } from "./file-store.server";

/*
 * Compliance files (issue 45, decision 0064): each locksmith's and the business's insurance,
 * bond and background check, with the file itself in a FileStore. Recording one schedules
 * its reminders (30 and 7 days before its last day) as timers, which fire once each; opening
 * a file is an owner's act, and each opening is in the activity log.
 */

/** Whose document: a locksmith's (their id) or the business's own (null). */
export type Holder = string | null;

export interface UploadedFile {
  bytes: Uint8Array;
  name: string;
}

export interface DocumentInput extends ComplianceFacts {
  locksmithId: Holder;
  /** A new file; none keeps the one on file. */
  file?: UploadedFile | null;
}

const REMINDER_ACTOR: Actor = { kind: "system", name: "Compliance reminders" };

/** What a file must be before any of it is kept: the bytes, never the name, decide. */
function checkFile(file: UploadedFile) {
  if (file.bytes.byteLength > MAX_FILE_BYTES) {
    throw new RuleError(FIELD.complianceFileTooLarge, { field: "file" });
  }
  const type = sniffFileType(file.bytes.subarray(0, 16));
  if (!type) throw new RuleError(FIELD.complianceFileType, { field: "file" });
  return type;
}

/**
 * Records (or replaces) one document of a holder, in one transaction with its activity entry
 * and its reminders. A new file's bytes are stored first; if the record then fails, they are
 * removed again, so nothing half-written stays.
 */
export async function saveComplianceDocument(
  db: Db,
  store: FileStore,
  input: DocumentInput,
  actor: Actor,
  now = new Date(),
): Promise<ComplianceDocument> {
  const fileType = input.file ? checkFile(input.file) : null;
  const holderName = await holderNameOf(db, input.locksmithId);
  const key = input.file ? await store.put(input.file.bytes) : null;
  try {
    return await db.transaction(async (tx) => {
      let fileId: string | null = null;
      if (input.file && key && fileType) {
        const [file] = await tx
          .insert(complianceFiles)
          .values({
            storageKey: key,
            fileType,
            sizeBytes: input.file.bytes.byteLength,
            sha256: createHash("sha256").update(input.file.bytes).digest("hex"),
            originalName: input.file.name.slice(0, 200) || null,
            uploadedById: actor.id ?? null,
            uploadedByName: actor.name ?? null,
          })
          .returning({ id: complianceFiles.id });
        fileId = file!.id;
      }
      const fields = {
        provider: input.provider,
        reference: input.reference,
        amountCents: input.amountCents,
        expiresOn: input.kind === "background_check" ? null : input.expiresOn,
        checkedOn: input.kind === "background_check" ? input.checkedOn : null,
      };
      const [before] = await tx
        .select()
        .from(complianceDocuments)
        .where(holderKind(input.locksmithId, input.kind))
        .for("update");
      const [saved] = before
        ? await tx
            .update(complianceDocuments)
            .set({ ...fields, ...(fileId ? { fileId } : {}) })
            .where(eq(complianceDocuments.id, before.id))
            .returning()
        : await tx
            .insert(complianceDocuments)
            .values({ locksmithId: input.locksmithId, kind: input.kind, ...fields, fileId })
            .returning();
      await recordActivity(tx, {
        actor,
        entity: input.locksmithId ? "locksmith" : "business",
        entityId: input.locksmithId ?? saved!.id,
        action: before ? "compliance_replaced" : "compliance_recorded",
        before: before ? documentSnapshot(before) : null,
        after: {
          ...documentSnapshot(saved!),
          holder: holderName,
          newFile: fileId !== null,
        },
      });
      const expiresOn = saved!.expiresOn;
      if (expiresOn) await scheduleDocumentReminders(tx, { id: saved!.id, expiresOn }, now);
      return saved!;
    });
  } catch (error) {
    if (key) await store.remove(key).catch(() => {});
    throw error;
  }
}

/**
 * Removes a holder's document of a kind (an owner's act; the route checks): the row and its
 * current file's row in one transaction, logged with what it said, then the file's bytes.
 * Files it had before (replaced) go with the pruning of replaced files. Not found when absent.
 */
export async function removeComplianceDocument(
  db: Db,
  store: FileStore,
  locksmithId: Holder,
  kind: ComplianceKind,
  actor: Actor,
): Promise<void> {
  const holderName = await holderNameOf(db, locksmithId);
  const key = await db.transaction(async (tx) => {
    const [doc] = await tx
      .delete(complianceDocuments)
      .where(holderKind(locksmithId, kind))
      .returning();
    if (!doc) throw notFound("This document is not on file (any more).");
    const [file] = doc.fileId
      ? await tx
          .delete(complianceFiles)
          .where(eq(complianceFiles.id, doc.fileId))
          .returning({ storageKey: complianceFiles.storageKey })
      : [];
    await recordActivity(tx, {
      actor,
      entity: locksmithId ? "locksmith" : "business",
      entityId: locksmithId ?? doc.id,
      action: "compliance_removed",
      before: { ...documentSnapshot(doc), holder: holderName },
      after: null,
    });
    return file?.storageKey;
  });
  // After the row: a crash in between leaves bytes without a row (pruned), never a row
  // without its bytes.
  if (key) await store.remove(key);
}

/** Days a replaced file is kept after it was uploaded (decision 0068). */
export const REPLACED_FILE_DAYS = 90;

/**
 * Forgets files no document points at any more (replaced by a newer one, or left by a crash)
 * once they are REPLACED_FILE_DAYS old: rows first, then bytes. Answers how many.
 */
export async function pruneReplacedFiles(
  db: Db,
  store: FileStore,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - REPLACED_FILE_DAYS * 86_400_000);
  const removed = await db
    .delete(complianceFiles)
    .where(
      and(
        lt(complianceFiles.createdAt, before),
        notExists(
          db
            .select({ id: complianceDocuments.id })
            .from(complianceDocuments)
            .where(eq(complianceDocuments.fileId, complianceFiles.id)),
        ),
      ),
    )
    .returning({ storageKey: complianceFiles.storageKey });
  for (const { storageKey } of removed) await store.remove(storageKey);
  return removed.length;
}

function holderKind(locksmithId: Holder, kind: ComplianceKind) {
  return and(
    locksmithId
      ? eq(complianceDocuments.locksmithId, locksmithId)
      : isNull(complianceDocuments.locksmithId),
    eq(complianceDocuments.kind, kind),
  );
}

function documentSnapshot(row: ComplianceDocument) {
  return {
    kind: row.kind,
    provider: row.provider,
    reference: row.reference,
    amountCents: row.amountCents,
    expiresOn: row.expiresOn,
    checkedOn: row.checkedOn,
    fileId: row.fileId,
  };
}

async function holderNameOf(db: Db, locksmithId: Holder): Promise<string> {
  if (!locksmithId) return "The business";
  if (!isUuid(locksmithId)) throw notFound("This locksmith does not exist (any more).");
  const [row] = await db
    .select({ name: locksmiths.name })
    .from(locksmiths)
    .where(eq(locksmiths.id, locksmithId));
  if (!row) throw notFound("This locksmith does not exist (any more).");
  return row.name;
}

/** Documents with what a reminder or the expiring list says of each: kind, day, holder. */
function documentsWithHolder(db: Db) {
  return db
    .select({
      id: complianceDocuments.id,
      kind: complianceDocuments.kind,
      expiresOn: complianceDocuments.expiresOn,
      locksmithId: complianceDocuments.locksmithId,
      holder: locksmiths.name,
    })
    .from(complianceDocuments)
    .leftJoin(locksmiths, eq(locksmiths.id, complianceDocuments.locksmithId));
}

/**
 * A document's reminder timers (in the caller's transaction): one per threshold, keyed by
 * the last day itself, so the same day recorded again schedules nothing twice, and a new
 * day gets its own.
 */
export async function scheduleDocumentReminders(
  tx: Db,
  doc: { id: string; expiresOn: string },
  now: Date,
): Promise<void> {
  const today = licenseToday(now);
  for (const reminder of remindersFor(doc.expiresOn, today)) {
    await scheduleTimer(tx, {
      kind: "compliance_reminder",
      key: `compliance_reminder:${doc.id}:${doc.expiresOn}:${reminder.days}`,
      // 15:00 UTC: 9 or 10 AM in Chicago, within office hours all year.
      dueAt: reminder.on === today ? now : new Date(`${reminder.on}T15:00:00Z`),
      payload: { documentId: doc.id, expiresOn: doc.expiresOn, days: reminder.days },
    });
  }
}

/**
 * A reminder's effect (in the timer's transaction): an activity entry and a notice to every
 * operator's devices. Nothing when the document has since been replaced with another last
 * day, or removed: that day's reminders are moot.
 */
export async function fireComplianceReminder(tx: Db, timer: Timer, now: Date): Promise<void> {
  const { documentId, expiresOn, days } = timer.payload as {
    documentId?: string;
    expiresOn?: string;
    days?: number;
  };
  if (!documentId || !expiresOn) return;
  const [doc] = await documentsWithHolder(tx).where(eq(complianceDocuments.id, documentId));
  if (!doc || doc.expiresOn !== expiresOn) return;
  const today = licenseToday(now);
  const left = daysUntil(expiresOn, today);
  const what = `${doc.holder ? `${doc.holder}'s` : "The business's"} ${COMPLIANCE_KIND_LABELS[doc.kind].toLowerCase()}`;
  const when = left <= 0 ? "today" : left === 1 ? "tomorrow" : `in ${left} days`;
  const text = `${what} expires ${when} (${shortDay(expiresOn, today)})`;
  const url = doc.locksmithId
    ? `/admin/locksmiths/${doc.locksmithId}`
    : "/admin/settings/compliance";
  await recordActivity(tx, {
    actor: REMINDER_ACTOR,
    entity: doc.locksmithId ? "locksmith" : "business",
    entityId: doc.locksmithId ?? doc.id,
    action: "compliance_expiring",
    after: { documentId: doc.id, kind: doc.kind, expiresOn, days, text },
  });
  await scheduleTimer(tx, {
    kind: "operator_push",
    key: `operator_push:${timer.key}`,
    dueAt: now,
    payload: { title: "Papers expiring", body: text, url, tag: `compliance-${doc.id}` },
  });
}

/** A holder's documents as the office sees them (no file bytes, no storage keys). */
export async function readComplianceDocuments(
  db: Db,
  locksmithId: Holder,
): Promise<ComplianceDocumentView[]> {
  const rows = await db
    .select({
      doc: complianceDocuments,
      file: {
        id: complianceFiles.id,
        fileType: complianceFiles.fileType,
        sizeBytes: complianceFiles.sizeBytes,
        createdAt: complianceFiles.createdAt,
      },
    })
    .from(complianceDocuments)
    .leftJoin(complianceFiles, eq(complianceFiles.id, complianceDocuments.fileId))
    .where(
      locksmithId
        ? eq(complianceDocuments.locksmithId, locksmithId)
        : isNull(complianceDocuments.locksmithId),
    );
  return rows.map(({ doc, file }) => ({
    id: doc.id,
    kind: doc.kind,
    provider: doc.provider,
    reference: doc.reference,
    amountCents: doc.amountCents,
    expiresOn: doc.expiresOn,
    checkedOn: doc.checkedOn,
    file: file
      ? {
          id: file.id,
          type: file.fileType,
          sizeBytes: file.sizeBytes,
          uploadedAt: file.createdAt.toISOString(),
        }
      : null,
  }));
}

/** Per locksmith, the last day of their insurance on file (those with one). */
export async function insuranceExpiries(
  db: Db,
  locksmithIds?: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .select({
      locksmithId: complianceDocuments.locksmithId,
      expiresOn: complianceDocuments.expiresOn,
    })
    .from(complianceDocuments)
    .where(
      and(
        eq(complianceDocuments.kind, "insurance"),
        sql`${complianceDocuments.locksmithId} is not null`,
        sql`${complianceDocuments.expiresOn} is not null`,
        locksmithIds ? inArray(complianceDocuments.locksmithId, [...locksmithIds]) : undefined,
      ),
    );
  return new Map(rows.map((row) => [row.locksmithId!, row.expiresOn!]));
}

/** A locksmith's lapsed license and insurance on `now`'s Chicago day (none: []). */
export async function lapsesOfLocksmith(
  db: Db,
  locksmithId: string,
  now = new Date(),
): Promise<Lapse[]> {
  const [row] = await db
    .select({ number: locksmiths.licenseNumber, expiresOn: locksmiths.licenseExpiresOn })
    .from(locksmiths)
    .where(eq(locksmiths.id, locksmithId));
  if (!row) return [];
  const insurance = await insuranceExpiries(db, [locksmithId]);
  return lapsesOf(
    { license: row, insuranceExpiresOn: insurance.get(locksmithId) ?? null },
    licenseToday(now),
  );
}

export interface OpenedFile {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  sizeBytes: number;
  fileName: string;
}

/**
 * Opens a compliance file for an owner (the route checks the role) and writes the opening
 * in the activity log: who, which file of whose document. Undefined when there is no such
 * file (or its bytes are gone).
 */
export async function openComplianceFile(
  db: Db,
  store: FileStore,
  fileId: string,
  actor: Actor,
): Promise<OpenedFile | undefined> {
  if (!isUuid(fileId)) return undefined;
  const [row] = await db
    .select({
      file: complianceFiles,
      kind: complianceDocuments.kind,
      documentId: complianceDocuments.id,
      locksmithId: complianceDocuments.locksmithId,
      holder: locksmiths.name,
    })
    .from(complianceFiles)
    .leftJoin(complianceDocuments, eq(complianceDocuments.fileId, complianceFiles.id))
    .leftJoin(locksmiths, eq(locksmiths.id, complianceDocuments.locksmithId))
    .where(eq(complianceFiles.id, fileId))
    .limit(1);
  if (!row) return undefined;
  const body = await store.open(row.file.storageKey);
  if (!body) return undefined;
  const words = documentWords(row.holder, row.kind);
  await recordActivity(db, {
    actor,
    entity: row.locksmithId ? "locksmith" : "business",
    entityId: row.locksmithId ?? row.documentId ?? row.file.id,
    action: "compliance_file_opened",
    after: { fileId: row.file.id, document: words, kind: row.kind },
  });
  return {
    body,
    contentType: FILE_TYPES[row.file.fileType].contentType,
    sizeBytes: row.file.sizeBytes,
    fileName: downloadName(words, row.file.fileType),
  };
}

export interface ExpiringDocument {
  id: string;
  kind: ComplianceKind;
  expiresOn: string;
  locksmithId: string | null;
  holder: string;
}

/**
 * Every active locksmith's and the business's documents whose last day is past or within
 * `days` of `today`, soonest first: what the office must chase.
 */
export async function listExpiringDocuments(
  db: Db,
  today: string,
  days = 30,
): Promise<ExpiringDocument[]> {
  const rows = await documentsWithHolder(db)
    .where(
      and(
        sql`${complianceDocuments.expiresOn} <= ${today}::date + ${days}::int`,
        sql`(${complianceDocuments.locksmithId} is null or ${locksmiths.active})`,
      ),
    )
    .orderBy(complianceDocuments.expiresOn, complianceDocuments.id);
  return rows.map((row) => ({
    ...row,
    expiresOn: row.expiresOn!,
    holder: row.holder ?? "The business",
  }));
}
