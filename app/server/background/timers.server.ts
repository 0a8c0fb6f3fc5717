import { and, eq, gte, inArray, lt, lte, or, sql } from "drizzle-orm";
import {
  afterFailure,
  TIMER_RETRY,
  type AfterFailure,
  type RetryPolicy,
} from "~/lib/background/retry-policy";
import type { TimerKind } from "~/lib/night-watch/timer-kinds";
import type { Db } from "../db/database.server";
import { timers, type Timer } from "../db/night-watch-tables.server";
import { claimDue } from "./claims.server";
import { reportDeadWork } from "./dead-work.server";

/*
 * Timers kept in the database (decision 0028). A timer is claimed the way the outbox claims
 * a text (background/claims.server.ts, decision 0060): FOR UPDATE SKIP LOCKED, then marked
 * claimed for a lease in its own committed step, so several processes never take one timer
 * at once. A failed try is tried again after a backoff, and after its last try it is dead. Its effect commits in one transaction
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
    .set({ state: "cancelled", firedAt: new Date() })
    .where(
      and(eq(timers.leadId, leadId), inArray(timers.kind, kinds), eq(timers.state, "pending")),
    );
}

/**
 * Takes up to `limit` timers that are due, or whose claim ran out of lease, committed as
 * claimed by this worker before any of them runs. A claim that ran out of lease on its last
 * try (the server stopped while running it, that many times) is not taken again: it is dead.
 */
export async function claimDueTimers(
  db: Db,
  options: { limit: number; leaseMs: number; now?: Date },
): Promise<Timer[]> {
  const now = options.now ?? new Date();
  const leaseRanOut = and(eq(timers.state, "claimed"), lte(timers.leaseUntil, now));
  const buried = await db
    .select()
    .from(timers)
    .where(and(leaseRanOut, gte(timers.tries, TIMER_RETRY.maxAttempts)))
    .limit(options.limit);
  for (const timer of buried) {
    await buryTimer(db, timer, `The server stopped ${timer.tries} times while running this.`);
  }
  return claimDue(db, timers, {
    due: or(
      and(eq(timers.state, "pending"), lte(timers.dueAt, now)),
      and(leaseRanOut, lt(timers.tries, TIMER_RETRY.maxAttempts)),
    )!,
    order: timers.dueAt,
    limit: options.limit,
    set: {
      state: "claimed",
      leaseUntil: new Date(now.getTime() + options.leaseMs),
      attempts: sql`${timers.attempts} + 1`,
      tries: sql`${timers.tries} + 1`,
    },
  });
}

/** This claim, fenced: still claimed, and by the try that claimed it (no later one). */
const stillMine = (claimed: Timer) =>
  and(
    eq(timers.id, claimed.id),
    eq(timers.state, "claimed"),
    eq(timers.attempts, claimed.attempts),
  );

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
            tries: 0,
            lastError: null,
            ...(payload ? { payload } : {}),
          }
        : { state: "done", leaseUntil: null, firedAt: new Date() },
    )
    .where(stillMine(claimed))
    .returning({ id: timers.id });
  if (!row) throw new LostClaimError(`timer ${claimed.key} was claimed by another worker`);
}

/**
 * A claim whose effect failed: tried again after the policy's backoff, or dead once its tries
 * ran out (the office is told). The error is kept for the owner's list. Returns which.
 */
export async function failTimer(
  db: Db,
  claimed: Timer,
  error: string,
  options: {
    policy?: RetryPolicy;
    now?: Date;
    /** What the retry needs to know of this try (the devices a push already reached). */
    payload?: Record<string, unknown>;
  } = {},
): Promise<AfterFailure["kind"]> {
  const next = afterFailure(
    options.policy ?? TIMER_RETRY,
    claimed.tries,
    options.now ?? new Date(),
  );
  if (next.kind === "dead") {
    await buryTimer(db, claimed, error);
    return "dead";
  }
  await db
    .update(timers)
    .set({
      state: "pending",
      dueAt: next.at,
      leaseUntil: null,
      lastError: error,
      ...(options.payload ? { payload: options.payload } : {}),
    })
    .where(stillMine(claimed));
  return "retry";
}

/** The timer's tries ran out: dead, with its error, and the office told in one transaction. */
async function buryTimer(db: Db, claimed: Timer, error: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [dead] = await tx
      .update(timers)
      .set({ state: "dead", leaseUntil: null, lastError: error, firedAt: new Date() })
      .where(stillMine(claimed))
      .returning();
    if (dead) await reportDeadWork(tx, { work: "timer", timer: dead });
  });
}
