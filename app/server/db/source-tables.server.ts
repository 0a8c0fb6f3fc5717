import { sql } from "drizzle-orm";
import {
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, uuidPrimaryKey } from "./columns.server";

/*
 * Settings → Sources (issue 30, decision 0039): the places leads come from that the business
 * names and pays for, the Twilio tracking numbers that say a call came through one, and what
 * each cost in a month. A lead keeps its source's name (leads.source_name), so a web request
 * tagged utm_source=yelp counts under "yelp" before anyone has made a source of that name.
 */

export const marketingSources = pgTable(
  "marketing_sources",
  {
    id: uuidPrimaryKey(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // "Yelp" and "yelp" are one source: the leads' names match it without regard to case.
    uniqueIndex("marketing_sources_name_idx").on(sql`lower(${table.name})`),
    check("marketing_sources_name_length", sql`char_length(${table.name}) between 1 and 60`),
  ],
);

/** A Twilio number printed on one source's ads: a call to it comes from that source. */
export const trackingNumbers = pgTable(
  "tracking_numbers",
  {
    phone: text("phone").primaryKey(),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => marketingSources.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [check("tracking_numbers_phone_e164", sql`${table.phone} ~ '^\\+[1-9][0-9]{6,14}$'`)],
);

/** What a source cost in a calendar month (its first day), in cents. */
export const sourceSpend = pgTable(
  "source_spend",
  {
    sourceId: uuid("source_id")
      .notNull()
      .references(() => marketingSources.id, { onDelete: "cascade" }),
    month: date("month").notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sourceId, table.month] }),
    check("source_spend_first_of_month", sql`extract(day from ${table.month}) = 1`),
    check("source_spend_non_negative", sql`${table.amountCents} >= 0`),
  ],
);

export type MarketingSource = typeof marketingSources.$inferSelect;
