import { sql } from "drizzle-orm";
import { index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ACTOR_KINDS } from "~/lib/activity";
import { uuidPrimaryKey } from "./columns.server";

/**
 * The activity log: every change to leads, jobs, dispatch codes, locksmiths, reviews,
 * payouts, messages and the team, appended in the transaction that made it, with who made
 * it and the record before and after. Timelines (a lead's) are views of it. The app only
 * appends: a trigger (drizzle/*_activity_append_only.sql) refuses updates and deletes.
 */
export const actorKind = pgEnum("actor_kind", ACTOR_KINDS);

export const activityLog = pgTable(
  "activity_log",
  {
    id: uuidPrimaryKey(),
    // The statement's own time, not its transaction's: entries written by one change keep
    // their order on a timeline.
    at: timestamp("at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    actorKind: actorKind("actor_kind").notNull(),
    /** The user's id (or the locksmith's, for the job page); null for system and webhooks. */
    actorId: text("actor_id"),
    /** Their name when it happened: the log reads right after a rename or a removal. */
    actorName: text("actor_name"),
    /** What changed: "lead", "job", "dispatch_code", "locksmith", "review", "user", ... */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    /** "created", "updated", "status_changed", "assigned", "dispatched", "signed_in", ... */
    action: text("action").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    /** The lead this belongs to, for its timeline (a job's, a code's, a text's events too). */
    leadId: uuid("lead_id"),
  },
  (table) => [
    index("activity_log_lead_at_idx")
      .on(table.leadId, table.at.desc(), table.id.desc())
      .where(sql`${table.leadId} is not null`),
    index("activity_log_entity_at_idx").on(table.entity, table.entityId, table.at.desc()),
    index("activity_log_at_idx").on(table.at.desc()),
    // Settings → Account activity: the few account entries among many more about leads.
    index("activity_log_accounts_at_idx")
      .on(table.at.desc(), table.id.desc())
      .where(sql`${table.entity} in ('user', 'settings')`),
  ],
);

export type ActivityRow = typeof activityLog.$inferSelect;
