import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { TimerKind } from "~/lib/night-watch/timer-kinds";
import type { Db } from "../db/database.server";
import { timers, type Timer } from "../db/night-watch-tables.server";

/*
 * Timers kept in the database (decision 0028). A timer is claimed the way the outbox claims
 * a text: FOR UPDATE SKIP LOCKED, then marked claimed for a lease in its own committed step,
 * so several processes never take one timer at once. Its effect commits in one transaction
 * with the fenced "done" (the claim's attempt number must still be the timer's): a worker
 * cut off after its claim (a crash, a restart) leaves the timer to be claimed again once
 * the lease runs out, and a worker that comes back late after that cannot finish it a
 * second time: its transaction rolls back. Either way the effect happens once.
 */

export interface ScheduledTimer {
  kind: TimerKind;
  /** One timer per key: scheduling the same key again moves nothing. */
  key: string;
  dueAt: Date;
  leadId?: string | null;
  payload?: Record<string, unknown>;
}

/** Schedules a timer (in the caller's transaction); a key already scheduled is kept as is. */
export async function scheduleTimer(tx: Db, timer: ScheduledTimer): Promise<void> {
  await tx
    .insert(timers)
    .values({
      kind: timer.kind,
      key: timer.key,
      dueAt: timer.dueAt,
      leadId: timer.leadId ?? null,
      payload: timer.payload ?? {},
    })
    .onConflictDoNothing({ target: timers.key });
}

/** Brings a pending timer forward to `dueAt` (an offer answered: act on it now). */
export async function bringForward(tx: Db, key: string, dueAt: Date): Promise<void> {
  await tx
    .update(timers)
    .set({ dueAt })
    .where(and(eq(timers.key, key), eq(timers.state, "pending"), sql`${timers.dueAt} > ${dueAt}`));
}

/** The lead's pending timers of these kinds will not fire (the office took over). */
export async function cancelTimers(tx: Db, leadId: string, kinds: TimerKind[]): Promise<void> {
  await tx
    .update(timers)
    .set({ state: "cancelled" })
    .where(
      and(eq(timers.leadId, leadId), inArray(timers.kind, kinds), eq(timers.state, "pending")),
    );
}

/**
 * Takes up to `limit` timers that are due, or whose claim ran out of lease, committed as
 * claimed by this worker before any of them runs.
 */
export async function claimDueTimers(
  db: Db,
  options: { limit: number; leaseMs: number; now?: Date },
): Promise<Timer[]> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    // Two statements, not UPDATE … WHERE id IN (SELECT … SKIP LOCKED): see claimDue in
    // texting/sender.server.ts (the planner may run a locking subquery more than once).
    const due = await tx
      .select({ id: timers.id })
      .from(timers)
      .where(
        or(
          and(eq(timers.state, "pending"), lte(timers.dueAt, now)),
          and(eq(timers.state, "claimed"), lte(timers.leaseUntil, now)),
        ),
      )
      .orderBy(timers.dueAt)
      .limit(options.limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(timers)
      .set({
        state: "claimed",
        leaseUntil: new Date(now.getTime() + options.leaseMs),
        attempts: sql`${timers.attempts} + 1`,
      })
      .where(
        inArray(
          timers.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** A claim that is no longer this worker's: its effect must not commit. */
export class LostClaimError extends Error {
  override name = "LostClaimError";
}

/**
 * Marks a claimed timer done, in the transaction of its effect; throws LostClaimError (so
 * the effect rolls back) when another worker claimed it since. A recurring timer is set
 * pending again for `again` instead.
 */
export async function finishTimer(
  tx: Db,
  claimed: Timer,
  again?: Date,
  /** The recurring timer's next payload (the ladder's next rung). */
  payload?: Record<string, unknown>,
): Promise<void> {
  const [row] = await tx
    .update(timers)
    .set(
      again
        ? {
            state: "pending",
            dueAt: again,
            leaseUntil: null,
            firedAt: new Date(),
            ...(payload ? { payload } : {}),
          }
        : { state: "done", leaseUntil: null, firedAt: new Date() },
    )
    .where(
      and(
        eq(timers.id, claimed.id),
        eq(timers.state, "claimed"),
        eq(timers.attempts, claimed.attempts),
      ),
    )
    .returning({ id: timers.id });
  if (!row) throw new LostClaimError(`timer ${claimed.key} was claimed by another worker`);
}

/** A claim whose effect failed: tried again at `retryAt` (the error kept for the record). */
export async function releaseTimer(
  db: Db,
  claimed: Timer,
  error: string,
  retryAt: Date,
  /** What the retry needs to know of this try (the devices a push already reached). */
  payload?: Record<string, unknown>,
): Promise<void> {
  await db
    .update(timers)
    .set({
      state: "pending",
      dueAt: retryAt,
      leaseUntil: null,
      lastError: error,
      ...(payload ? { payload } : {}),
    })
    .where(
      and(
        eq(timers.id, claimed.id),
        eq(timers.state, "claimed"),
        eq(timers.attempts, claimed.attempts),
      ),
    );
}
