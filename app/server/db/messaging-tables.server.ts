import { sql } from "drizzle-orm";
import {
  check,
  index,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { MESSAGE_PURPOSES, MESSAGE_STATUSES } from "~/lib/business-enums";
import { user } from "./auth-tables.server";
import { customers, jobs, leads, locksmiths } from "./business-tables.server";
import {
  createdAt,
  newestFirstIndexes,
  phoneDigitsOf,
  trigram,
  updatedAt,
  uuidPrimaryKey,
} from "./columns.server";

/*
 * Texts. A text is a row in `messages` first, written in the
 * transaction of the change that caused it (the outbox); the sender delivers it through
 * Twilio (docs/decisions/0014-texts-through-an-outbox.md).
 */

export const messageStatus = pgEnum("message_status", MESSAGE_STATUSES);
export const messagePurpose = pgEnum("message_purpose", MESSAGE_PURPOSES);

export const messages = pgTable(
  "messages",
  {
    id: uuidPrimaryKey(),
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
    updatedAt: updatedAt(),
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

export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

/*
 * Web Push (decision 0033): the operators' devices that asked to be woken.
 */

/** A browser's push subscription (PushSubscription.toJSON()), one row per endpoint. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuidPrimaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The push service's address for this browser: a capability URL, never shown whole. */
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What the operator sees in Profile ("Chrome on Android"), from the browser's answer. */
    device: text("device").notNull(),
    createdAt: createdAt(),
    lastPushedAt: timestamp("last_pushed_at", { withTimezone: true }),
  },
  (table) => [index("push_subscriptions_user_idx").on(table.userId)],
);
