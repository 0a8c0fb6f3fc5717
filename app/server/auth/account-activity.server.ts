import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { AccountEvent } from "~/lib/auth/account-events";
import { activityLog } from "../db/activity-tables.server";
import { user } from "../db/auth-tables.server";
import type { Db } from "../db/database.server";

/** An account entry of the activity log, with the account's name as it is now (or was). */
export interface AccountActivityRow extends AccountEvent {
  id: string;
  at: Date;
  /** The account's name; a removed account's from the entry itself. */
  member: string;
}

/**
 * The latest entries about accounts (sign-ins, failures, lockouts, two-factor, passwords,
 * roles) and the team's two-factor rule, newest first: Settings → Account activity.
 */
export async function listAccountActivity(db: Db, limit = 50): Promise<AccountActivityRow[]> {
  const rows = await db
    .select({
      id: activityLog.id,
      at: activityLog.at,
      action: activityLog.action,
      actorKind: activityLog.actorKind,
      actorId: activityLog.actorId,
      actorName: activityLog.actorName,
      entity: activityLog.entity,
      entityId: activityLog.entityId,
      before: activityLog.before,
      after: activityLog.after,
      member: sql<string | null>`coalesce(${user.name}, ${activityLog.before}->>'name')`,
    })
    .from(activityLog)
    .leftJoin(user, and(eq(activityLog.entity, "user"), eq(user.id, activityLog.entityId)))
    .where(
      and(
        // Matches the partial index activity_log_accounts_at_idx.
        sql`${activityLog.entity} in ('user', 'settings')`,
        or(
          eq(activityLog.entity, "user"),
          and(
            eq(activityLog.entity, "settings"),
            inArray(activityLog.action, ["two_factor_required", "two_factor_optional"]),
          ),
        ),
      ),
    )
    .orderBy(desc(activityLog.at), desc(activityLog.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    // The team's rule is about everyone: the owner who set it is named instead.
    member:
      row.entity === "settings"
        ? (row.actorName ?? "An owner")
        : (row.member ?? "A removed account"),
  }));
}
