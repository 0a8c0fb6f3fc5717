import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { leads } from "./business-tables.server";
import { createdAt, uuidPrimaryKey } from "./columns.server";

/*
 * Leads that paid lead sources send us by themselves (issue 51, decision 0073): Thumbtack's
 * pro webhooks and Angi's lead e-mails. Each is stored once, under the source's own id for it
 * (Thumbtack's negotiation id, the e-mail's Message-ID), so a delivery sent again makes
 * nothing new.
 */

/** A source's own id for a lead, and the Lockline lead it became. */
export const partnerLeads = pgTable(
  "partner_leads",
  {
    provider: text("provider").notNull(),
    externalId: text("external_id").notNull(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.externalId] }),
    check("partner_leads_provider", sql`${table.provider} in ('thumbtack', 'angi')`),
    index("partner_leads_lead_idx").on(table.leadId),
  ],
);

/**
 * A message of a Thumbtack lead's conversation: the customer's (from the webhook) or ours (a
 * reply from the lead page, sent through Thumbtack's API by a durable timer).
 */
export const partnerMessages = pgTable(
  "partner_messages",
  {
    id: uuidPrimaryKey(),
    provider: text("provider").notNull(),
    /** Thumbtack's negotiation id: the conversation it belongs to. */
    threadId: text("thread_id").notNull(),
    /** Thumbtack's message id; null for a reply not sent yet. */
    externalId: text("external_id"),
    /** "in": the customer wrote it; "out": the office's reply. */
    direction: text("direction").notNull(),
    body: text("body").notNull(),
    /** An "in" message is "received"; a reply is "sending", "sent" or "failed". */
    status: text("status").notNull(),
    /** The last try's failure, in words, while a reply is being tried again or gave up. */
    lastError: text("last_error"),
    authorName: text("author_name"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("partner_messages_direction", sql`${table.direction} in ('in', 'out')`),
    check(
      "partner_messages_status",
      sql`${table.status} in ('received', 'sending', 'sent', 'failed')`,
    ),
    index("partner_messages_thread_idx").on(table.provider, table.threadId, table.createdAt),
    // Thumbtack's message id once: a webhook sent again adds nothing.
    uniqueIndex("partner_messages_external_idx").on(table.provider, table.externalId),
    check("partner_messages_body_length", sql`char_length(${table.body}) between 1 and 5000`),
  ],
);

/** A source's connection, as Settings → Sources shows it: on or off, its last lead, errors. */
export const leadInboxConnections = pgTable("lead_inbox_connections", {
  provider: text("provider").primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  /** Angi: the secret part of the forwarding address the business gives its Angi account. */
  addressToken: text("address_token"),
  lastLeadAt: timestamp("last_lead_at", { withTimezone: true }),
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
});

export type PartnerMessage = typeof partnerMessages.$inferSelect;
export type LeadInboxConnection = typeof leadInboxConnections.$inferSelect;
