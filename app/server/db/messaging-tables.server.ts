import { sql } from "drizzle-orm";
import {
  check,
  index,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { MESSAGE_PURPOSES, MESSAGE_STATUSES } from "~/lib/business-enums";
import { customers, dispatchCodes, jobs, leads, locksmiths } from "./business-tables.server";
import { createdAt, newestFirstIndexes, phoneDigitsOf, trigram } from "./columns.server";

/*
 * Texts and the links they carry. A text is a row in `messages` first, written in the
 * transaction of the change that caused it (the outbox); the sender delivers it through
 * Twilio (docs/decisions/0014-texts-through-an-outbox.md).
 */

export const messageStatus = pgEnum("message_status", MESSAGE_STATUSES);
export const messagePurpose = pgEnum("message_purpose", MESSAGE_PURPOSES);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** E.164: who it goes to, or (a reply) who it came from. */
    toPhone: text("to_phone").notNull(),
    toPhoneDigits: phoneDigitsOf("to_phone"),
    body: text("body").notNull(),
    purpose: messagePurpose("purpose").notNull(),
    status: messageStatus("status").notNull().default("queued"),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    locksmithId: uuid("locksmith_id").references(() => locksmiths.id, { onDelete: "set null" }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** Tries so far; the sender gives up after 5. */
    attempts: smallint("attempts").notNull().default(0),
    /** When a queued text may be tried (again): retries wait, doubling each time. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the current try began; a try older than the sender's patience was interrupted. */
    sendingSince: timestamp("sending_since", { withTimezone: true }),
    /** A try that ended without an answer: before another, ask Twilio whether it went out. */
    unansweredAt: timestamp("unanswered_at", { withTimezone: true }),
    lastError: text("last_error"),
    twilioSid: text("twilio_sid").unique(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    check("messages_attempts_range", sql`${table.attempts} between 0 and 5`),
    // What the sender reads every tick: only the queued rows, by when they are due.
    index("messages_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'queued'`),
    index("messages_sending_idx")
      .on(table.sendingSince)
      .where(sql`${table.status} = 'sending'`),
    ...newestFirstIndexes("messages", table, { name: "status", column: table.status }),
    index("messages_lead_id_idx").on(table.leadId),
    index("messages_job_id_idx").on(table.jobId),
    trigram("messages_to_phone_digits_trgm_idx", sql`${table.toPhoneDigits}`),
  ],
);

/**
 * The locksmith's job page link (/j/:token), one per dispatch: only the token's hash is
 * kept. It opens that job and nothing else, until the dispatch code expires, or, once the
 * locksmith accepted, while the job is open and for 7 days after it closes.
 */
export const dispatchLinks = pgTable(
  "dispatch_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    locksmithId: uuid("locksmith_id")
      .notNull()
      .references(() => locksmiths.id, { onDelete: "cascade" }),
    dispatchCodeId: uuid("dispatch_code_id").references(() => dispatchCodes.id, {
      onDelete: "set null",
    }),
    /** The job the locksmith's Accept opened. */
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    /** The dispatch code's expiry: an unanswered link ends with it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    onTheWayAt: timestamp("on_the_way_at", { withTimezone: true }),
    etaMinutes: smallint("eta_minutes"),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }),
    /** When that job completed or was cancelled: the page stays readable 7 days after. */
    jobClosedAt: timestamp("job_closed_at", { withTimezone: true }),
    /** Declined, dispatched to someone else, or closed by the operator: the link is dead. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("dispatch_links_token_hash_idx").on(table.tokenHash),
    index("dispatch_links_lead_id_idx").on(table.leadId),
    index("dispatch_links_job_id_idx").on(table.jobId),
    check("dispatch_links_eta_range", sql`${table.etaMinutes} between 1 and 240`),
  ],
);

export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type DispatchLink = typeof dispatchLinks.$inferSelect;
