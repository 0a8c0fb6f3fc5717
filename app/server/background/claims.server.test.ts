import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { TIMER_RETRY } from "~/lib/background/retry-policy";
import type { TimerKind } from "~/lib/night-watch/timer-kinds";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { activityLog } from "../db/activity-tables.server";
import { timers, type Timer } from "../db/night-watch-tables.server";
import { FAILED_WORK_PATH } from "./dead-work.server";
import {
  claimDueTimers,
  failTimer,
  finishTimer,
  LostClaimError,
  scheduleTimer,
} from "./timers.server";
import { pruneFinishedTimers, saveBackgroundWorkSettings } from "./work-settings.server";

/*
 * The claim shared by timers and texts (decision 0060), on timers: a stale claim never
 * finishes a timer, a failing timer backs off and then goes dead (the office told), a timer
 * that keeps killing its process goes dead too, and finished timers are pruned.
 */
describeEachDatabase("background claims", (t) => {
  const db = () => t.handle.db;
  const LEASE = 30_000;
  const start = new Date("2026-11-29T03:00:00Z");
  const at = (ms: number) => new Date(start.getTime() + ms);

  beforeEach(async () => {
    await db().delete(timers);
  });

  async function aTimer(kind: TimerKind = "review_publish", dueAt = start): Promise<string> {
    const key = `${kind}:${randomUUID()}`;
    await scheduleTimer(db(), { kind, key, dueAt });
    return key;
  }

  async function claimOne(key: string, now: Date): Promise<Timer | undefined> {
    const claimed = await claimDueTimers(db(), { limit: 50, leaseMs: LEASE, now });
    return claimed.find((timer) => timer.key === key);
  }

  const reread = async (key: string) =>
    (await db().select().from(timers).where(eq(timers.key, key)))[0]!;

  const deadEntries = async (id: string) =>
    db()
      .select()
      .from(activityLog)
      .where(
        sql`${activityLog.entityId} = ${id} and ${activityLog.action} = 'background_work_dead'`,
      );

  const deadPushes = async (id: string) =>
    db()
      .select()
      .from(timers)
      .where(sql`${timers.key} like ${`operator_push:dead:${id}:%`}`);

  it("a claim made stale by a later claim (its lease ran out) cannot finish the timer", async () => {
    const key = await aTimer();
    const stale = (await claimOne(key, start))!;
    // Worker A stalls past its lease; worker B claims the timer again.
    const current = (await claimOne(key, at(LEASE + 1_000)))!;
    expect(current).toMatchObject({ state: "claimed", attempts: 2 });
    // A comes back: same timer, still "claimed", but not A's claim any more.
    await expect(db().transaction((tx) => finishTimer(tx, stale))).rejects.toThrow(LostClaimError);
    await failTimer(db(), stale, "late failure", { now: at(LEASE + 2_000) });
    expect(await reread(key)).toMatchObject({ state: "claimed", attempts: 2, lastError: null });
    // B's claim finishes it.
    await db().transaction((tx) => finishTimer(tx, current));
    expect(await reread(key)).toMatchObject({ state: "done", attempts: 2 });
  });

  it("a failing timer waits longer after each try, then goes dead and the office is told", async () => {
    const key = await aTimer();
    let now = start;
    const waits: number[] = [];
    for (let tries = 1; tries <= TIMER_RETRY.maxAttempts; tries++) {
      const claimed = (await claimOne(key, now))!;
      expect(claimed.tries).toBe(tries);
      const next = await failTimer(db(), claimed, "connect ECONNREFUSED 127.0.0.1:25", { now });
      const row = await reread(key);
      if (tries < TIMER_RETRY.maxAttempts) {
        expect(next).toBe("retry");
        expect(row.state).toBe("pending");
        waits.push(row.dueAt.getTime() - now.getTime());
        // Not due before its wait: nobody claims it early.
        expect(await claimOne(key, new Date(row.dueAt.getTime() - 1))).toBeUndefined();
        now = row.dueAt;
      } else {
        expect(next).toBe("dead");
        expect(row).toMatchObject({
          state: "dead",
          lastError: "connect ECONNREFUSED 127.0.0.1:25",
        });
      }
    }
    // 5 s, then doubling (jitter on top), never past the ceiling.
    expect(waits[0]).toBeGreaterThanOrEqual(TIMER_RETRY.baseMs);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]!);
    expect(Math.max(...waits)).toBeLessThanOrEqual(TIMER_RETRY.maxMs);
    // Dead means never claimed again.
    expect(await claimOne(key, at(86_400_000))).toBeUndefined();
    const dead = await reread(key);
    expect(await deadEntries(dead.id)).toEqual([
      expect.objectContaining({
        actorName: "Background work",
        after: expect.objectContaining({
          what: "Review going live",
          error: expect.stringMatching(/^The other service refused the connection/),
        }),
      }),
    ]);
    const [push] = await deadPushes(dead.id);
    expect(push).toMatchObject({
      kind: "operator_push",
      payload: { title: "Background work failed", url: FAILED_WORK_PATH },
    });
  });

  it("a timer whose process keeps dying while it runs goes dead instead of being claimed again", async () => {
    const key = await aTimer();
    let now = start;
    for (let tries = 1; tries <= TIMER_RETRY.maxAttempts; tries++) {
      expect(await claimOne(key, now)).toMatchObject({ tries });
      now = new Date(now.getTime() + LEASE + 1_000);
    }
    expect(await claimOne(key, now)).toBeUndefined();
    const row = await reread(key);
    expect(row).toMatchObject({
      state: "dead",
      lastError: `The server stopped ${TIMER_RETRY.maxAttempts} times while running this.`,
    });
    expect(await deadEntries(row.id)).toHaveLength(1);
  });

  it("a dead notice to the phones is recorded, not pushed about again", async () => {
    const key = await aTimer("operator_push");
    let claimed = (await claimOne(key, start))!;
    await db().update(timers).set({ tries: TIMER_RETRY.maxAttempts }).where(eq(timers.key, key));
    claimed = { ...claimed, tries: TIMER_RETRY.maxAttempts };
    expect(await failTimer(db(), claimed, "410 Gone")).toBe("dead");
    expect(await deadEntries(claimed.id)).toHaveLength(1);
    expect(await deadPushes(claimed.id)).toHaveLength(0);
  });

  it("a recurring timer counts its tries afresh after each firing: old claims never kill it", async () => {
    const key = await aTimer("clock_rules");
    let now = start;
    for (let i = 0; i < TIMER_RETRY.maxAttempts + 2; i++) {
      const claimed = (await claimOne(key, now))!;
      expect(claimed.tries).toBe(1);
      now = new Date(now.getTime() + 2_000);
      await db().transaction((tx) => finishTimer(tx, claimed, now));
    }
    const claimed = (await claimOne(key, now))!;
    expect(await failTimer(db(), claimed, "connection reset", { now })).toBe("retry");
  });

  it("prunes finished timers older than the owner's kept days, and nothing else", async () => {
    const now = at(30 * 86_400_000);
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const rows = {
      oldDone: { state: "done", firedAt: daysAgo(15) },
      oldCancelled: { state: "cancelled", firedAt: daysAgo(20) },
      recentDone: { state: "done", firedAt: daysAgo(13) },
      oldDead: { state: "dead", firedAt: daysAgo(25) },
      oldPending: { state: "pending", firedAt: daysAgo(25) },
    } as const;
    for (const [name, row] of Object.entries(rows)) {
      await db()
        .insert(timers)
        .values({ kind: "review_publish", key: name, dueAt: daysAgo(30), ...row });
    }
    expect(await pruneFinishedTimers(db(), now)).toBe(2);
    const left = (await db().select({ key: timers.key }).from(timers)).map((row) => row.key);
    expect(left.sort()).toEqual(["oldDead", "oldPending", "recentDone"]);
    // The owner keeps less: the recent one goes too.
    await saveBackgroundWorkSettings(db(), { keepDoneDays: 7 }, TEST_ACTOR);
    expect(await pruneFinishedTimers(db(), now)).toBe(1);
    await saveBackgroundWorkSettings(db(), { keepDoneDays: 14 }, TEST_ACTOR);
  });
});
