/*
 * When background work that failed is tried again, and when it stops (decision 0060): the
 * night watch's timers and the outbox's texts follow one rule. The wait doubles from `baseMs`
 * with each try, up to `maxMs`; jitter spreads the retries of many rows that failed together
 * (a mail server down, a network blip) so they do not all come back in the same second, and
 * never pushes a wait past `maxMs`. After `maxAttempts` tries the work is dead: a person
 * decides (Failed background work: retry now or drop).
 */

export interface RetryPolicy {
  /** Tries in all, the first one included; the last failure makes the work dead. */
  maxAttempts: number;
  /** The wait after the first failed try. */
  baseMs: number;
  /** No wait is longer, jitter included. */
  maxMs: number;
  /** Up to this share of the wait is added at random (0: none). */
  jitter: number;
}

/** Timers: 5 s, 10 s, 20 s … up to 10 min; dead after 8 tries (about 11 minutes of trying). */
export const TIMER_RETRY: RetryPolicy = {
  maxAttempts: 8,
  baseMs: 5_000,
  maxMs: 600_000,
  jitter: 0.25,
};

/** Texts: 30 s, 1 min, 2 min, 4 min; failed after 5 tries (Twilio answered or not). */
export const TEXT_RETRY: RetryPolicy = {
  maxAttempts: 5,
  baseMs: 30_000,
  maxMs: 240_000,
  jitter: 0,
};

/** The wait before the next try, after `attemptsSoFar` tries failed (1 after the first). */
export function backoffMs(
  policy: RetryPolicy,
  attemptsSoFar: number,
  random: () => number = Math.random,
): number {
  const doublings = Math.min(Math.max(0, attemptsSoFar - 1), 30);
  const wait = Math.min(policy.baseMs * 2 ** doublings, policy.maxMs);
  return Math.min(Math.round(wait * (1 + policy.jitter * random())), policy.maxMs);
}

export type AfterFailure = { kind: "retry"; at: Date } | { kind: "dead" };

/** What becomes of work whose try number `attempts` failed at `now`. */
export function afterFailure(
  policy: RetryPolicy,
  attempts: number,
  now: Date,
  random: () => number = Math.random,
): AfterFailure {
  if (attempts >= policy.maxAttempts) return { kind: "dead" };
  return { kind: "retry", at: new Date(now.getTime() + backoffMs(policy, attempts, random)) };
}

/** Finished work older than this many days is deleted unless the owner says otherwise. */
export const DEFAULT_KEEP_DONE_DAYS = 14;
/** The most days finished work can be kept (a year): the table must not grow for ever. */
export const MAX_KEEP_DONE_DAYS = 365;
