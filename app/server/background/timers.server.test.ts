import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { openDatabase } from "~/server/db/database.server";
import { timers } from "~/server/db/night-watch-tables.server";
import { listLeadActivity } from "~/server/activity/activity.server";
import {
  cancelTimers,
  claimDueTimers,
  finishTimer,
  failTimer,
  scheduleTimer,
} from "~/server/background/timers.server";
import {
  later,
  locksmithsFor,
  offersOf,
  saveWatchSettings,
  testZip,
  timersOf,
  watchDeps,
  watchSettings,
  webRequest,
} from "../../../tests/helpers/night-watch";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { fireDueTimers, fireTimer, LEASE_MS } from "../night-watch/timer-worker.server";

/*
 * Timers kept in the database fire once: two workers racing for one timer, a worker cut off
 * after its claim (a restart), and a worker that comes back after its lease ran out.
 */
describeEachDatabase("night watch timers", (t) => {
  const db = () => t.handle.db;
  const settings = watchSettings({ offerSeconds: 60, maxOffers: 3 });
  const deps = () => watchDeps(db(), () => settings);

  const aRequestWithItsFirstOfferDue = async () => {
    await saveWatchSettings(db(), settings);
    const zip = testZip();
    await locksmithsFor(db(), zip, ["Ann Ames", "Bo Birch"]);
    const lead = await webRequest(db(), zip);
    const [timer] = await timersOf(db(), lead.id);
    expect(timer).toMatchObject({ kind: "auto_offer", state: "pending" });
    return { lead, timer: timer! };
  };

  /** A worker's claim (at `now`) of the lead's auto offer; its other timers are claimed too. */
  const claimOf = async (leadId: string, now: Date) => {
    const claimed = await claimDueTimers(db(), { limit: 50, leaseMs: LEASE_MS, now });
    return claimed.find((timer) => timer.key === `auto_offer:${leadId}`)!;
  };

  const offersMadeFor = async (leadId: string) =>
    (await listLeadActivity(db(), leadId)).filter((entry) => entry.action === "auto_offer_made");

  it("two workers racing for one timer: it fires once", async () => {
    const { lead } = await aRequestWithItsFirstOfferDue();
    const now = later(new Date(), 10);
    // On PostgreSQL the second worker has its own connections, as another process would.
    const second = t.url
      ? await openDatabase({ kind: "postgres", url: t.url, poolSize: 2 })
      : undefined;
    try {
      const otherDeps = second ? watchDeps(second.db, () => settings) : deps();
      const fired = await Promise.all([
        fireDueTimers(deps(), { now }),
        fireDueTimers(otherDeps, { now }),
        fireDueTimers(deps(), { now }),
        fireDueTimers(otherDeps, { now }),
      ]);
      expect(fired.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      expect(await offersOf(db(), lead.id)).toHaveLength(1);
      expect(await offersMadeFor(lead.id)).toHaveLength(1);
      const [first] = await db()
        .select()
        .from(timers)
        .where(eq(timers.key, `auto_offer:${lead.id}`));
      expect(first).toMatchObject({ state: "done", attempts: 1 });
    } finally {
      await second?.close();
    }
  });

  it("a worker cut off after its claim (a restart): the timer fires once, after the lease", async () => {
    const { lead } = await aRequestWithItsFirstOfferDue();
    const now = later(new Date(), 10);
    // Worker A claims the timer, then its process dies before it does anything.
    const claimed = await claimDueTimers(db(), { limit: 50, leaseMs: LEASE_MS, now });
    const mine = claimed.find((timer) => timer.leadId === lead.id)!;
    expect(mine).toMatchObject({ state: "claimed", attempts: 1 });
    // Within the lease nobody takes it again.
    await fireDueTimers(deps(), { now: later(now, LEASE_MS - 1_000) });
    expect(await offersOf(db(), lead.id)).toHaveLength(0);
    // After the lease, another worker fires it: one offer.
    await fireDueTimers(deps(), { now: later(now, LEASE_MS + 1_000) });
    expect(await offersOf(db(), lead.id)).toHaveLength(1);
    // Worker A comes back late and fires its stale claim: it may not finish, nothing doubles.
    await fireTimer(deps(), mine, {
      ...(await deps().context(later(now, LEASE_MS + 2_000))),
    });
    expect(await offersOf(db(), lead.id)).toHaveLength(1);
    expect(await offersMadeFor(lead.id)).toHaveLength(1);
    const [row] = await db().select().from(timers).where(eq(timers.id, mine.id));
    expect(row).toMatchObject({ state: "done", attempts: 2 });
    // And nothing fires it again later.
    await fireDueTimers(deps(), { now: later(now, 3 * LEASE_MS) });
    expect(await offersMadeFor(lead.id)).toHaveLength(1);
  });

  it("a stale claim cannot finish a timer that another worker claimed since", async () => {
    const { lead } = await aRequestWithItsFirstOfferDue();
    const now = later(new Date(), 10);
    // Worker A claims the timer and stalls; its lease runs out and worker B claims it.
    const stale = await claimOf(lead.id, now);
    const current = await claimOf(lead.id, later(now, LEASE_MS + 1_000));
    expect(current).toMatchObject({ id: stale.id, state: "claimed", attempts: 2 });
    // A wakes up while B still holds the claim: its effect rolls back, no offer is made.
    await fireTimer(deps(), stale, await deps().context(later(now, LEASE_MS + 2_000)));
    expect(await offersOf(db(), lead.id)).toHaveLength(0);
    expect(await offersMadeFor(lead.id)).toHaveLength(0);
    // B's claim stands: it fires the timer, once.
    await fireTimer(deps(), current, await deps().context(later(now, LEASE_MS + 3_000)));
    expect(await offersOf(db(), lead.id)).toHaveLength(1);
    const [row] = await db().select().from(timers).where(eq(timers.id, stale.id));
    expect(row).toMatchObject({ state: "done", attempts: 2 });
  });

  it("a stale claim whose effect fails does not reschedule the timer another worker holds", async () => {
    const { lead } = await aRequestWithItsFirstOfferDue();
    const now = later(new Date(), 10);
    const stale = await claimOf(lead.id, now);
    const current = await claimOf(lead.id, later(now, LEASE_MS + 1_000));
    // A's effect fails (its settings cannot be read): its retry must not take the timer back.
    const broken = new Proxy(await deps().context(now), {
      get() {
        throw new Error("connection reset");
      },
    });
    await fireTimer(deps(), stale, broken);
    const [held] = await db().select().from(timers).where(eq(timers.id, stale.id));
    expect(held).toMatchObject({ state: "claimed", attempts: 2, lastError: null });
    // B, still holding it, fires it: one offer, the timer done.
    await fireTimer(deps(), current, await deps().context(later(now, LEASE_MS + 3_000)));
    expect(await offersOf(db(), lead.id)).toHaveLength(1);
    const [row] = await db().select().from(timers).where(eq(timers.id, stale.id));
    expect(row).toMatchObject({ state: "done", attempts: 2 });
  });

  it("a timer not due yet waits; a failing effect is tried again, not lost", async () => {
    const { lead, timer } = await aRequestWithItsFirstOfferDue();
    await fireDueTimers(deps(), { now: later(timer.dueAt, -5_000) });
    expect(await offersOf(db(), lead.id)).toHaveLength(0);
    // The settings cannot be read (the database blinked): the pass fails, the claim stands.
    const failing = { ...deps(), context: () => Promise.reject(new Error("connection reset")) };
    await expect(fireDueTimers(failing, { now: later(timer.dueAt, 10) })).rejects.toThrow(
      "connection reset",
    );
    // Its claim ran out: the next worker after the lease fires it.
    await fireDueTimers(deps(), { now: later(timer.dueAt, LEASE_MS + 10) });
    expect(await offersOf(db(), lead.id)).toHaveLength(1);
  });

  it("a claim whose effect fails is given back: due again shortly, with the error kept", async () => {
    const { lead } = await aRequestWithItsFirstOfferDue();
    const now = later(new Date(), 10);
    const mine = await claimOf(lead.id, now);
    const broken = new Proxy(await deps().context(now), {
      get() {
        throw new Error("connection reset");
      },
    });
    const before = Date.now();
    await fireTimer(deps(), mine, broken);
    const [row] = await db().select().from(timers).where(eq(timers.id, mine.id));
    expect(row).toMatchObject({
      state: "pending",
      leaseUntil: null,
      lastError: "connection reset",
    });
    expect(row!.dueAt.getTime()).toBeGreaterThan(before);
    expect(await offersOf(db(), lead.id)).toHaveLength(0);
  });

  it("keeps what a try learned for the next one, and sets a recurring timer again", async () => {
    const due = new Date(Date.now() - 1_000);
    await scheduleTimer(db(), { kind: "operator_push", key: "test:push", dueAt: due });
    // Scheduling the same key again moves nothing.
    await scheduleTimer(db(), { kind: "operator_push", key: "test:push", dueAt: later(due, 9e6) });
    const claimed = await claimDueTimers(db(), { limit: 50, leaseMs: LEASE_MS });
    const push = claimed.find((timer) => timer.key === "test:push")!;
    expect(push).toMatchObject({ dueAt: due, payload: {}, leadId: null });
    await failTimer(db(), push, "one device refused", { now: due, payload: { reached: ["a"] } });
    const [released] = await db().select().from(timers).where(eq(timers.id, push.id));
    expect(released).toMatchObject({
      state: "pending",
      payload: { reached: ["a"] },
      lastError: "one device refused",
    });
    expect(released!.dueAt.getTime()).toBeGreaterThan(due.getTime());
    // A recurring timer finished with its next payload is pending again, not done.
    const [again] = (
      await claimDueTimers(db(), { limit: 50, leaseMs: LEASE_MS, now: released!.dueAt })
    ).filter((timer) => timer.key === "test:push");
    await db().transaction((tx) => finishTimer(tx, again!, later(due, 60_000), { rung: 2 }));
    const [next] = await db().select().from(timers).where(eq(timers.id, push.id));
    expect(next).toMatchObject({
      state: "pending",
      dueAt: later(due, 60_000),
      payload: { rung: 2 },
      leaseUntil: null,
    });
    expect(next!.firedAt).not.toBeNull();
    // Finishing the same claim twice: the second is a lost claim, said as such.
    const [last] = (
      await claimDueTimers(db(), { limit: 50, leaseMs: LEASE_MS, now: later(due, 61_000) })
    ).filter((timer) => timer.key === "test:push");
    await db().transaction((tx) => finishTimer(tx, last!));
    await expect(db().transaction((tx) => finishTimer(tx, last!))).rejects.toMatchObject({
      name: "LostClaimError",
      message: "timer test:push was claimed by another worker",
    });
  });

  it("cancels only the lead's pending timers of the kinds named", async () => {
    const { lead } = await aRequestWithItsFirstOfferDue();
    const other = await webRequest(db(), testZip());
    const dueAt = later(new Date(), 60_000);
    for (const leadId of [lead.id, other.id]) {
      await scheduleTimer(db(), { kind: "eta_text", key: `test:eta:${leadId}`, dueAt, leadId });
    }
    await cancelTimers(db(), lead.id, ["auto_offer"]);
    const stateOf = async (key: string) =>
      (await db().select().from(timers).where(eq(timers.key, key)))[0]!.state;
    expect(await stateOf(`auto_offer:${lead.id}`)).toBe("cancelled");
    expect(await stateOf(`test:eta:${lead.id}`)).toBe("pending");
    expect(await stateOf(`auto_offer:${other.id}`)).toBe("pending");
    await cancelTimers(db(), lead.id, ["eta_text"]);
    expect(await stateOf(`test:eta:${lead.id}`)).toBe("cancelled");
    expect(await stateOf(`test:eta:${other.id}`)).toBe("pending");
  });
});
