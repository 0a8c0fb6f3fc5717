import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ALERT_RULES } from "~/lib/night-watch/clock-rules";
import { AUTO_DISPATCH_STATES, TIMER_STATES } from "~/lib/night-watch/timer-kinds";
import { assignments, belongsToLead, leads } from "./business-tables.server";
import { createdAt, updatedAt, uuidPrimaryKey } from "./columns.server";

/*
 * The night watch (decision 0028): timers kept in the database (claimed with FOR UPDATE SKIP
 * LOCKED and a lease, as the outbox claims texts), the alerts the clock rules raise, and the
 * chain of automatic offers of each lead.
 */

/**
 * A moment at which the server must do something: pass an unanswered offer on, make the
 * first automatic offer, call the on-call operator, check the clock rules. A timer fires
 * once: a worker claims it for a lease (attempts counts claims and fences the finish), and
 * its effect commits in the same transaction that marks it done.
 */
export const timers = pgTable(
  "timers",
  {
    id: uuidPrimaryKey(),
    kind: text("kind").notNull(),
    /** One timer per purpose ("offer:<assignment id>"): scheduling it twice keeps one. */
    key: text("key").notNull().unique(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    state: text("state", { enum: TIMER_STATES }).notNull().default("pending"),
    /** A claim not finished by then was cut off (a crash, a restart): it is claimed again. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Claims ever made: the fence of a finish (a stale claim's number is no longer this). */
    attempts: integer("attempts").notNull().default(0),
    /**
     * Claims of this run: since the timer last fired (a recurring one), or since an owner
     * retried it. What the retry policy counts (decision 0060).
     */
    tries: integer("tries").notNull().default(0),
    /** When it last fired, was cancelled or died: what pruning and the failed list go by. */
    firedAt: timestamp("fired_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (table) => [
    // What every worker reads each tick: the pending timers by when they are due.
    index("timers_due_idx")
      .on(table.dueAt)
      .where(sql`${table.state} = 'pending'`),
    index("timers_lease_idx")
      .on(table.leaseUntil)
      .where(sql`${table.state} = 'claimed'`),
    index("timers_lead_id_idx").on(table.leadId),
    // The owner's Failed background work list, and the pruning of finished timers.
    index("timers_dead_idx")
      .on(table.firedAt)
      .where(sql`${table.state} = 'dead'`),
    index("timers_finished_idx")
      .on(table.firedAt)
      .where(sql`${table.state} in ('done', 'cancelled')`),
  ],
);

/**
 * What currently breaks a clock rule (or an automatic chain that gave up): one open alert
 * per lead and rule, raised once, cleared when the office acts. The dashboard's "Needs
 * attention" queue lists the open ones.
 */
export const nightWatchAlerts = pgTable(
  "night_watch_alerts",
  {
    id: uuidPrimaryKey(),
    leadId: belongsToLead(),
    rule: text("rule", { enum: ALERT_RULES }).notNull(),
    /** When the rule started to be broken (the limit passed). */
    since: timestamp("since", { withTimezone: true }).notNull(),
    raisedAt: createdAt(),
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("night_watch_alerts_one_open")
      .on(table.leadId, table.rule)
      .where(sql`${table.clearedAt} is null`),
    index("night_watch_alerts_open_idx")
      .on(table.since)
      .where(sql`${table.clearedAt} is null`),
  ],
);

/**
 * A lead's automatic offers: who was offered so far, the offer standing now, and how the
 * chain ended (accepted, stopped by the office, escalated to it).
 */
export const autoDispatches = pgTable(
  "auto_dispatches",
  {
    leadId: uuid("lead_id")
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    state: text("state", { enum: AUTO_DISPATCH_STATES }).notNull().default("running"),
    offers: smallint("offers").notNull().default(0),
    offeredTo: uuid("offered_to")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    currentAssignmentId: uuid("current_assignment_id").references(() => assignments.id, {
      onDelete: "set null",
    }),
    startedAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check("auto_dispatches_offers_range", sql`${table.offers} between 0 and 50`)],
);

export type Timer = typeof timers.$inferSelect;
export type NightWatchAlert = typeof nightWatchAlerts.$inferSelect;
export type AutoDispatch = typeof autoDispatches.$inferSelect;
