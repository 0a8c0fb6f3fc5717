import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { callLogs, leads } from "./business-tables.server";
import { createdAt, uuidPrimaryKey } from "./columns.server";

/*
 * The lead inbox (issue 51, decision 0072): the Google Local Services connection and every
 * Local Services lead pulled through the Google Ads API, each once (unique on Google's
 * resource name), with its charged flag, credit state and the dispute sent for it.
 */

/** The one connection to a Google Ads account's Local Services leads (at most one row). */
export const lsaConnection = pgTable(
  "lsa_connection",
  {
    id: text("id").primaryKey().default("google"),
    /** The Google Ads customer ID, 10 digits. */
    customerId: text("customer_id").notNull(),
    /** The OAuth refresh token: read by the server only, never sent to a browser. */
    refreshToken: text("refresh_token").notNull(),
    connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last pull that worked, and the newest lead's time it read up to. */
    lastPullAt: timestamp("last_pull_at", { withTimezone: true }),
    pulledThrough: timestamp("pulled_through", { withTimezone: true }),
    /** The last pull's failure in words (cleared by the next pull that works). */
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  },
  (table) => [
    check("lsa_connection_single", sql`${table.id} = 'google'`),
    check("lsa_connection_customer_id", sql`${table.customerId} ~ '^[0-9]{10}$'`),
  ],
);

export const lsaLeads = pgTable(
  "lsa_leads",
  {
    id: uuidPrimaryKey(),
    /** customers/{customer}/localServicesLeads/{lead}: a lead pulled twice is stored once. */
    resourceName: text("resource_name").notNull().unique(),
    leadType: text("lead_type").notNull(),
    leadStatus: text("lead_status"),
    categoryId: text("category_id"),
    serviceId: text("service_id"),
    consumerName: text("consumer_name"),
    phone: text("phone"),
    email: text("email"),
    /** creation_date_time, read in the account's time zone. */
    googleCreatedAt: timestamp("google_created_at", { withTimezone: true }).notNull(),
    charged: boolean("charged").notNull().default(false),
    /** credit_details.credit_state: PENDING or CREDITED, null when never disputed. */
    creditState: text("credit_state"),
    /** The Lockline lead it made, or the logged call's lead it was matched to. */
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    /** A phone lead matched to a call Lockline logged. */
    callLogId: uuid("call_log_id").references(() => callLogs.id, { onDelete: "set null" }),
    /** Calls (duration, recording URL) and messages, as the conversations came. */
    conversations: jsonb("conversations").notNull().default([]),
    /** "Not a real lead": the reason sent to Google, when, and Google's credit decision. */
    disputeReason: text("dispute_reason"),
    disputedAt: timestamp("disputed_at", { withTimezone: true }),
    creditDecision: text("credit_decision"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index("lsa_leads_lead_id_idx").on(table.leadId),
    index("lsa_leads_google_created_at_idx").on(table.googleCreatedAt),
  ],
);

export type LsaConnectionRow = typeof lsaConnection.$inferSelect;
export type LsaLeadRow = typeof lsaLeads.$inferSelect;
