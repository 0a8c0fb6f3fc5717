import { eq, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { accountLockouts, twoFactor } from "../db/auth-tables.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";

/*
 * Per-account lockout (decision 0030, ASVS 6.3.1): 10 failed sign-ins for one account within
 * 15 minutes, wrong passwords and wrong codes alike, and that account waits 15 minutes. The
 * sign-in answers exactly as for a wrong password meanwhile; owners see it in Settings → Team
 * and can lift it. Per-IP limits (auth.server.ts) stay as they are, on top.
 */

export const LOCKOUT = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15 } as const;

/** Until when an account is locked, or null. */
export async function lockedUntil(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: accountLockouts.lockedUntil })
    .from(accountLockouts)
    .where(eq(accountLockouts.userId, userId));
  return row?.lockedUntil && row.lockedUntil > new Date() ? row.lockedUntil : null;
}

export type FailureKind = "password" | "code" | "recovery_code";

/**
 * Counts one failed sign-in and logs it; the tenth within the window locks the account (and
 * that is logged too). One statement counts, so parallel failures cannot slip under the limit.
 */
export async function recordFailedSignIn(
  db: Db,
  userId: string,
  failure: { kind: FailureKind; ip: string | null },
): Promise<{ locked: boolean }> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ failures: number; locked_until: Date | null }>(sql`
      insert into account_lockouts (user_id, failures, window_start) values (${userId}, 1, now())
      on conflict (user_id) do update set
        failures = case
          when account_lockouts.window_start <= now() - make_interval(mins => ${LOCKOUT.windowMinutes})
          then 1 else account_lockouts.failures + 1 end,
        window_start = case
          when account_lockouts.window_start <= now() - make_interval(mins => ${LOCKOUT.windowMinutes})
          then now() else account_lockouts.window_start end
      returning failures, locked_until
    `);
    const row = (result as unknown as { rows: { failures: number }[] }).rows[0]!;
    const system: Actor = { kind: "system" };
    await recordActivity(tx, {
      actor: system,
      entity: "user",
      entityId: userId,
      action: "sign_in_failed",
      after: { reason: failure.kind, ip: failure.ip },
    });
    if (Number(row.failures) < LOCKOUT.maxFailures) return { locked: false };
    // The tenth: lock, and start a new count for when the wait is over.
    const [locked] = await tx
      .update(accountLockouts)
      .set({
        lockedUntil: sql`now() + make_interval(mins => ${LOCKOUT.lockMinutes})`,
        failures: 0,
        windowStart: sql`now()`,
      })
      .where(eq(accountLockouts.userId, userId))
      .returning({ lockedUntil: accountLockouts.lockedUntil });
    await recordActivity(tx, {
      actor: system,
      entity: "user",
      entityId: userId,
      action: "locked_out",
      after: { until: locked?.lockedUntil?.toISOString() ?? null, ip: failure.ip },
    });
    return { locked: true };
  });
}

/** Logs a sign-in refused because the account is locked (not counted: the lock is on already). */
export async function recordLockedSignIn(db: Db, userId: string, ip: string | null): Promise<void> {
  await recordActivity(db, {
    actor: { kind: "system" },
    entity: "user",
    entityId: userId,
    action: "sign_in_failed",
    after: { reason: "locked", ip },
  });
}

/** A complete sign-in (password, and the code when asked) starts the count again. */
export async function clearFailedSignIns(db: Db, userId: string): Promise<void> {
  await db.update(accountLockouts).set({ failures: 0 }).where(eq(accountLockouts.userId, userId));
}

/**
 * Lifts a lock and forgets the failures (an owner in Settings → Team, or a password reset,
 * which proves the person in another way). Logged when an owner does it.
 */
export async function liftLockout(db: Db, userId: string, actor?: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(accountLockouts).where(eq(accountLockouts.userId, userId));
    // better-auth's own two-factor counter is off (auth.server.ts), but clear it all the same.
    await tx
      .update(twoFactor)
      .set({ failedVerificationCount: 0, lockedUntil: null })
      .where(eq(twoFactor.userId, userId));
    if (actor) {
      await recordActivity(tx, {
        actor,
        entity: "user",
        entityId: userId,
        action: "lockout_lifted",
      });
    }
  });
}
