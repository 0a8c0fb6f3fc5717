import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";

/*
 * The reports' rollups (issue 30, decision 0039). `report_rollups` holds, per Chicago day,
 * dimension and key, what that day's leads added up to, and per ended month the same of its
 * days; `report_changes` is the list of
 * days whose leads, offers or jobs changed since their rollup was made. Triggers on leads,
 * assignments and jobs (migration 0029) add to it in the same transaction as the change, so
 * no writer can forget; a read refreshes the stale days of its period before it adds up.
 */

export const reportRollups = pgTable(
  "report_rollups",
  {
    /** "day", or "month" (an ended month, its first day in `day`). */
    grain: text("grain").notNull(),
    day: date("day").notNull(),
    dimension: text("dimension").notNull(),
    /** The group's key; "" for not known (a primary key cannot hold a null). */
    key: text("key").notNull(),
    leads: integer("leads").notNull(),
    dispatched: integer("dispatched").notNull(),
    accepted: integer("accepted").notNull(),
    booked: integer("booked").notNull(),
    completed: integer("completed").notNull(),
    cancelled: integer("cancelled").notNull(),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
    businessCutCents: bigint("business_cut_cents", { mode: "number" }).notNull(),
    /** Guarantee call-backs among the leads (issue 45). */
    guaranteeCallbacks: integer("guarantee_callbacks").notNull().default(0),
    /** Whole minutes → leads: {"12": 3}. */
    dispatchMinutes: jsonb("dispatch_minutes").notNull(),
    arrivalMinutes: jsonb("arrival_minutes").notNull(),
  },
  (table) => [
    // Grain and day first: a refresh replaces a day's rows, a read takes a run of days.
    primaryKey({ columns: [table.grain, table.day, table.dimension, table.key] }),
  ],
);

export const reportChanges = pgTable(
  "report_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    day: date("day").notNull(),
  },
  (table) => [index("report_changes_day_idx").on(table.day)],
);
