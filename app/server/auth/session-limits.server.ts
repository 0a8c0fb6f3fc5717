import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { session } from "../db/auth-tables.server";
import type { Db } from "../db/database.server";
import type { Env } from "../env.server";

/*
 * Session limits (decision 0030, ASVS 7.3): better-auth ends a session SESSION_MAX_DAYS after
 * sign-in and never extends it (absolute lifetime); this module ends one that went unused for
 * SESSION_IDLE_HOURS (idle timeout), and keeps `updated_at` as the session's last use. It
 * also knows when the person last proved who they are (`authenticated_at`), for the changes
 * that ask for it again after RECENT_AUTH_MINUTES.
 */

/** SESSION_IDLE_HOURS in seconds. */
export function idleSecondsOf(env: Env): number {
  return Math.round(env.SESSION_IDLE_HOURS * 3600);
}

/** Last use is written at most this often: a page's several requests cost one write. */
const TOUCH_EVERY_SECONDS = 60;

/** Password or code within this long before changing a password, two-factor or roles. */
export const RECENT_AUTH_MINUTES = 10;

/**
 * Ends the session behind `token` when it has been idle too long, and otherwise records its
 * use. Runs before better-auth reads the session (every page, every auth endpoint), so an
 * idle session is gone before anything can use it.
 */
export async function enforceIdleLimit(db: Db, token: string, idleSeconds: number): Promise<void> {
  await db
    .delete(session)
    .where(
      and(
        eq(session.token, token),
        lt(session.updatedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
      ),
    );
  await db
    .update(session)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(session.token, token),
        lt(session.updatedAt, sql`now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})`),
      ),
    );
}

/** SQL condition: the session is neither past its end nor idle too long. */
export function sessionIsLive(idleSeconds: number) {
  return and(
    gt(session.expiresAt, sql`now()`),
    gt(session.updatedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
  );
}

/** Whether the person proved who they are in this session within RECENT_AUTH_MINUTES. */
export async function authenticatedRecently(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: session.id })
    .from(session)
    .where(
      and(
        eq(session.id, sessionId),
        gt(session.authenticatedAt, sql`now() - make_interval(mins => ${RECENT_AUTH_MINUTES})`),
      ),
    );
  return row !== undefined;
}

/** Ends every session of a person but one (after a factor changed: ASVS 7.4.3). */
export async function endOtherSessions(
  db: Db,
  userId: string,
  keepSessionId: string | null,
): Promise<void> {
  await db
    .delete(session)
    .where(
      keepSessionId
        ? and(eq(session.userId, userId), ne(session.id, keepSessionId))
        : eq(session.userId, userId),
    );
}
