import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { createTestLocksmith } from "../../../tests/helpers/available-locksmith";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { presetPeriod, formatDay, periodRange } from "~/lib/time/chicago-period";
import { jobs, locksmithEarnings, locksmiths, payouts } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { createJob, setJobPricing, setJobStatus } from "./jobs.server";
import {
  moneyByLocksmith,
  recordPayout,
  totalOwed,
  undoPayout,
  unsettledJobs,
} from "./payouts.server";

const NOW = new Date();
const PERIOD = periodRange(presetPeriod("this_week", NOW));
const TODAY = formatDay(presetPeriod("today", NOW).first);

/** A locksmith whose default cut is 60%. */
const sixtyPercentLocksmith = (db: Db, name: string) =>
  createTestLocksmith(db, { name, defaultCutPercent: 60 });

describeEachDatabase("payouts", (t) => {
  const db = () => t.handle.db;

  /** A locksmith (60% cut) with completed jobs at these prices (cents), oldest first. */
  async function locksmithWithJobs(prices: number[]) {
    const smith = await sixtyPercentLocksmith(db(), `Pat Payee ${crypto.randomUUID().slice(0, 6)}`);
    const made = [];
    for (const price of prices) {
      const job = await createJob(
        db(),
        { clientName: "Client", jobType: "key_duplication", locksmithId: smith.id },
        TEST_ACTOR,
      );
      await setJobPricing(db(), job.id, { finalPriceCents: price }, TEST_ACTOR);
      made.push(await setJobStatus(db(), job.id, "completed", TEST_ACTOR));
    }
    return { smith, jobs: made };
  }
  const money = async (locksmithId: string) =>
    (await moneyByLocksmith(db(), PERIOD)).find((row) => row.locksmithId === locksmithId)!;
  const pay = (smithId: string, amountCents: number, jobIds: string[], extra = {}) =>
    recordPayout(
      db(),
      {
        locksmithId: smithId,
        amountCents,
        paidOn: TODAY,
        method: "zelle",
        reference: null,
        partial: false,
        jobIds,
        ...extra,
      },
      TEST_ACTOR,
    );

  it("shows what a locksmith earned in the period and is owed, and records a payout", async () => {
    const { smith, jobs: done } = await locksmithWithJobs([10_000, 15_000, 20_000]);
    expect(await money(smith.id)).toMatchObject({
      jobs: 3,
      totalCents: 45_000,
      theirCutCents: 27_000,
      yourCutCents: 18_000,
      paidCents: 0,
      owedCents: 27_000,
    });
    await pay(smith.id, 15_000, [done[0]!.id, done[1]!.id]);
    expect(await money(smith.id)).toMatchObject({ paidCents: 15_000, owedCents: 12_000 });
    expect((await unsettledJobs(db(), smith.id)).map((job) => job.id)).toEqual([done[2]!.id]);
    // A settled job's price and status are fixed.
    await expect(
      setJobPricing(db(), done[0]!.id, { finalPriceCents: 1 }, TEST_ACTOR),
    ).rejects.toMatchObject({ field: "finalPrice" });
    await expect(setJobStatus(db(), done[0]!.id, "cancelled", TEST_ACTOR)).rejects.toMatchObject({
      status: 409,
    });
  });

  it("refuses amounts that do not add up, with nothing written", async () => {
    const { smith, jobs: done } = await locksmithWithJobs([10_000, 10_000]);
    await expect(pay(smith.id, 5_000, [done[0]!.id])).rejects.toMatchObject({ field: "amount" });
    await expect(pay(smith.id, 12_001, [], { partial: true })).rejects.toMatchObject({
      field: "amount",
    });
    expect(await db().select().from(payouts).where(eq(payouts.locksmithId, smith.id))).toEqual([]);
    // A partial payment settles its jobs and leaves the rest owed.
    await pay(smith.id, 5_000, [done[0]!.id], { partial: true });
    expect(await money(smith.id)).toMatchObject({ owedCents: 7_000 });
    await pay(smith.id, 1_000, [], { partial: true });
    expect(await money(smith.id)).toMatchObject({ owedCents: 6_000 });
  });

  it("records one payout for 20 submissions of one form, and for two operators at once", async () => {
    const { smith, jobs: done } = await locksmithWithJobs([10_000, 10_000]);
    const requestId = crypto.randomUUID();
    const same = await Promise.all(
      Array.from({ length: 20 }, () =>
        pay(
          smith.id,
          12_000,
          done.map((job) => job.id),
          { requestId },
        ),
      ),
    );
    expect(new Set(same.map((result) => result.payoutId)).size).toBe(1);
    const others = await locksmithWithJobs([10_000]);
    const racing = await Promise.allSettled(
      Array.from({ length: 20 }, () => pay(others.smith.id, 6_000, [others.jobs[0]!.id])),
    );
    expect(racing.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(
      await db().select().from(payouts).where(eq(payouts.locksmithId, others.smith.id)),
    ).toHaveLength(1);
    expect(await money(others.smith.id)).toMatchObject({ owedCents: 0 });
  });

  it("undoing a payout releases its jobs and the money is owed again", async () => {
    const { smith, jobs: done } = await locksmithWithJobs([10_000]);
    const owedBefore = await totalOwed(db());
    const { payoutId } = await pay(smith.id, 6_000, [done[0]!.id]);
    expect(await totalOwed(db())).toBe(owedBefore - 6_000);
    await undoPayout(db(), payoutId, TEST_ACTOR);
    const [job] = await db().select().from(jobs).where(eq(jobs.id, done[0]!.id));
    expect(job!.payoutId).toBeNull();
    expect(await money(smith.id)).toMatchObject({ owedCents: 6_000, paidCents: 0 });
    await expect(undoPayout(db(), payoutId, TEST_ACTOR)).rejects.toMatchObject({ status: 404 });
  });
});

describeEachDatabase("locksmith earnings (the trigger-kept half of owed)", (t) => {
  it("follows every change to a job's status, cut, locksmith and existence", async () => {
    const db = t.handle.db;
    const ann = await sixtyPercentLocksmith(db, "Ann Ledger");
    const bob = await sixtyPercentLocksmith(db, "Bob Ledger");
    const earned = async (locksmithId: string) =>
      (
        await db
          .select({ cents: locksmithEarnings.earnedCents })
          .from(locksmithEarnings)
          .where(eq(locksmithEarnings.locksmithId, locksmithId))
      )[0]?.cents ?? 0;
    /** What the ledger must equal: the cuts of the completed jobs, summed from scratch. */
    const summed = async (locksmithId: string) =>
      (await db.select().from(jobs).where(eq(jobs.locksmithId, locksmithId)))
        .filter((job) => job.status === "completed")
        .reduce((sum, job) => sum + (job.theirCutCents ?? 0), 0);
    const expectLedger = async (ann: number, bob: number) => {
      expect([await earned(annId), await earned(bobId)]).toEqual([ann, bob]);
      expect([await summed(annId), await summed(bobId)]).toEqual([ann, bob]);
    };
    const annId = ann.id;
    const bobId = bob.id;

    const job = await createJob(
      db,
      { clientName: "Ledger", jobType: "key_duplication", locksmithId: annId },
      TEST_ACTOR,
    );
    await setJobPricing(db, job.id, { finalPriceCents: 10_000 }, TEST_ACTOR);
    await expectLedger(0, 0); // priced, not completed
    await setJobStatus(db, job.id, "completed", TEST_ACTOR);
    await expectLedger(6_000, 0);
    await setJobPricing(db, job.id, { finalPriceCents: 20_000 }, TEST_ACTOR);
    await expectLedger(12_000, 0); // repriced after completion
    await db.update(jobs).set({ locksmithId: bobId }).where(eq(jobs.id, job.id));
    await expectLedger(0, 12_000); // handed to another locksmith
    await setJobStatus(db, job.id, "cancelled", TEST_ACTOR);
    await expectLedger(0, 0);
    await setJobStatus(db, job.id, "completed", TEST_ACTOR);
    await expectLedger(0, 12_000);
    await db.delete(jobs).where(eq(jobs.id, job.id));
    await expectLedger(0, 0);

    // A locksmith removed takes their ledger row with them; the job keeps no locksmith.
    const other = await createJob(
      db,
      { clientName: "Ledger 2", jobType: "key_duplication", locksmithId: annId },
      TEST_ACTOR,
    );
    await setJobPricing(db, other.id, { finalPriceCents: 5_000 }, TEST_ACTOR);
    await setJobStatus(db, other.id, "completed", TEST_ACTOR);
    await expectLedger(3_000, 0);
    await db.delete(locksmiths).where(eq(locksmiths.id, annId));
    expect(await earned(annId)).toBe(0);
    const [kept] = await db.select().from(jobs).where(eq(jobs.id, other.id));
    expect(kept?.locksmithId).toBeNull();
  });
});

describeEachDatabase("the jobs list's money filters", (t) => {
  it("filters by locksmith and completed date, and sorts by price", async () => {
    const db = t.handle.db;
    const smith = await createTestLocksmith(db, { name: "Sort Smith", defaultCutPercent: 50 });
    for (const price of [30_000, 10_000, 20_000]) {
      const job = await createJob(
        db,
        { clientName: `Client ${price}`, jobType: "key_duplication", locksmithId: smith.id },
        TEST_ACTOR,
      );
      await setJobPricing(db, job.id, { finalPriceCents: price }, TEST_ACTOR);
      await setJobStatus(db, job.id, "completed", TEST_ACTOR);
    }
    await createJob(db, { clientName: "Someone else's", jobType: "key_duplication" }, TEST_ACTOR);
    const { listJobs } = await import("./jobs.server");
    const byPrice = await listJobs(db, {
      locksmithId: smith.id,
      dateField: "completed",
      range: { start: PERIOD.start, end: PERIOD.end },
      sort: "price",
      dir: "asc",
    });
    expect(byPrice.rows.map((job) => job.finalPriceCents)).toEqual([10_000, 20_000, 30_000]);
    const lastYear = await listJobs(db, {
      locksmithId: smith.id,
      dateField: "completed",
      range: { start: new Date("2020-01-01"), end: new Date("2020-02-01") },
    });
    expect(lastYear.rows).toHaveLength(0);
    const byClient = await listJobs(db, { locksmithId: smith.id, sort: "client", dir: "desc" });
    expect(byClient.rows.map((job) => job.clientName)).toEqual([
      "Client 30000",
      "Client 20000",
      "Client 10000",
    ]);
  });
});

describeEachDatabase("date filters on Leads and Call Logs", (t) => {
  it("keeps leads received and calls started within the range", async () => {
    const db = t.handle.db;
    const { createLead, listLeads } = await import("../leads/leads.server");
    const { listCallLogs } = await import("../phones/call-logs.server");
    const { callLogs, leads } = await import("../db/business-tables.server");
    const old = await createLead(
      db,
      { name: "Old Lead", phone: uniquePhone(), serviceType: "emergency" },
      TEST_ACTOR,
    );
    await db
      .update(leads)
      .set({ createdAt: new Date("2026-01-10T12:00:00Z") })
      .where(eq(leads.id, old.id));
    await createLead(
      db,
      { name: "New Lead", phone: uniquePhone(), serviceType: "emergency" },
      TEST_ACTOR,
    );
    const january = {
      start: new Date("2026-01-01T06:00:00Z"),
      end: new Date("2026-02-01T06:00:00Z"),
    };
    expect((await listLeads(db, { range: january })).rows.map((lead) => lead.name)).toEqual([
      "Old Lead",
    ]);
    await db.insert(callLogs).values([
      { clientPhone: uniquePhone(), status: "missed", startTime: new Date("2026-01-15T12:00:00Z") },
      { clientPhone: uniquePhone(), status: "missed", startTime: new Date() },
    ]);
    expect((await listCallLogs(db, { range: january })).rows).toHaveLength(1);
  });
});
