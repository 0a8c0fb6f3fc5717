import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { COMPLIANCE_KINDS } from "~/lib/compliance/lapse";
import { FILE_TYPES } from "~/lib/compliance/file-type";
import { locksmiths } from "./business-tables.server";
import { createdAt, updatedAt, uuidPrimaryKey } from "./columns.server";

/*
 * Compliance files (issue 45, decision 0064): each locksmith's and the business's own
 * insurance certificate, bond and background check. The license stays where it was (the
 * locksmith's row; the agency's in AGENCY_LICENSE_NUMBER).
 */

/**
 * A file as stored: its bytes are on disk (or another store) under `storageKey`, a random
 * name; the uploader's file name is kept only as words, never used as a path.
 */
export const complianceFiles = pgTable("compliance_files", {
  id: uuidPrimaryKey(),
  storageKey: text("storage_key").notNull().unique(),
  fileType: text("file_type", {
    enum: Object.keys(FILE_TYPES) as ["pdf", "jpeg", "png"],
  }).notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  sha256: text("sha256").notNull(),
  originalName: text("original_name"),
  uploadedById: text("uploaded_by_id"),
  uploadedByName: text("uploaded_by_name"),
  createdAt: createdAt(),
});

/**
 * One document of one holder: a locksmith's (locksmith_id) or the business's (null). At most
 * one of each kind per holder; replacing it updates the row (the activity log keeps the
 * before), and the file it points at is the newest one uploaded.
 */
export const complianceDocuments = pgTable(
  "compliance_documents",
  {
    id: uuidPrimaryKey(),
    locksmithId: uuid("locksmith_id").references(() => locksmiths.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: COMPLIANCE_KINDS }).notNull(),
    /** The insurer, the surety or the background check's provider. */
    provider: text("provider"),
    /** The policy or bond number. */
    reference: text("reference"),
    /** Coverage or bond amount, in cents. */
    amountCents: bigint("amount_cents", { mode: "number" }),
    /** The last day it covers (insurance, bond). */
    expiresOn: date("expires_on", { mode: "string" }),
    /** The day it was done (a background check). */
    checkedOn: date("checked_on", { mode: "string" }),
    fileId: uuid("file_id").references(() => complianceFiles.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("compliance_documents_locksmith_kind_idx")
      .on(table.locksmithId, table.kind)
      .where(sql`${table.locksmithId} is not null`),
    uniqueIndex("compliance_documents_business_kind_idx")
      .on(table.kind)
      .where(sql`${table.locksmithId} is null`),
    index("compliance_documents_expires_on_idx").on(table.expiresOn),
    check(
      "compliance_documents_amount_positive",
      sql`${table.amountCents} is null or ${table.amountCents} > 0`,
    ),
  ],
);

export type ComplianceDocument = typeof complianceDocuments.$inferSelect;
export type ComplianceFile = typeof complianceFiles.$inferSelect;
