import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { AUTHORITY_DOCUMENTS, ID_TYPES, STATEMENT_WAYS } from "~/lib/door-check/check-form";
import { DOOR_CHECK_OUTCOMES } from "~/lib/door-check/outcome";
import { OPENED_THINGS } from "~/lib/door-check/opens";
import { belongsToJob, leads, locksmiths } from "./business-tables.server";
import { uuidPrimaryKey } from "./columns.server";

/*
 * The door-opening record (issue 49, decision 0069): one per job that opens something, written
 * by the locksmith between "arrived" and the quote. The personal contents (names, the ID's
 * last 4, the VIN, the statement) are emptied when the record passes its retention
 * (`purged_at`); the outcome, the job and the locksmith stay, so the reports still count it.
 * A redacted photo of the ID is kept only when an owner turns it on (decision 0077): its sealed
 * bytes are in the compliance file store, `id_photo_key` points at them, and the purge clears it.
 */
export const doorChecks = pgTable(
  "door_checks",
  {
    id: uuidPrimaryKey(),
    jobId: belongsToJob(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    locksmithId: uuid("locksmith_id").references(() => locksmiths.id, { onDelete: "set null" }),
    /** awaiting_statement: the details are in, the customer has not confirmed on their phone. */
    outcome: text("outcome", { enum: DOOR_CHECK_OUTCOMES }).notNull(),
    opened: text("opened", { enum: OPENED_THINGS }),
    askedBy: text("asked_by"),
    idType: text("id_type", { enum: ID_TYPES }),
    idLast4: text("id_last4"),
    idExpiry: date("id_expiry", { mode: "string" }),
    idNameMatches: boolean("id_name_matches"),
    authority: text("authority", { enum: AUTHORITY_DOCUMENTS }),
    authorityNameMatches: boolean("authority_name_matches"),
    authorityAddressMatches: boolean("authority_address_matches"),
    vin: text("vin"),
    plate: text("plate"),
    statementWay: text("statement_way", { enum: STATEMENT_WAYS }),
    statementName: text("statement_name"),
    /** The drawn signature, a PNG data URL, when the customer drew one on the locksmith's screen. */
    statementSignature: text("statement_signature"),
    statementAt: timestamp("statement_at", { withTimezone: true }),
    refusalReason: text("refusal_reason"),
    /** The file store's key of the sealed, redacted ID photo (decision 0077), when one was kept. */
    idPhotoKey: text("id_photo_key"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    purgedAt: timestamp("purged_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("door_checks_job_idx").on(table.jobId),
    index("door_checks_locksmith_idx").on(table.locksmithId, table.recordedAt),
    index("door_checks_unpurged_idx")
      .on(table.recordedAt)
      .where(sql`${table.purgedAt} is null`),
    check(
      "door_checks_refusal_has_reason",
      sql`${table.outcome} <> 'refused' or ${table.refusalReason} is not null or ${table.purgedAt} is not null`,
    ),
  ],
);

export type DoorCheck = typeof doorChecks.$inferSelect;
