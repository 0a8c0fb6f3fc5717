import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  addDays,
  chicagoDay,
  chicagoMidnight,
  formatDay,
  lastDaysPeriod,
} from "~/lib/time/chicago-period";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { uniquePhone } from "../../../tests/helpers/phones";
import { expectRollupsToMatchRecords } from "../../../tests/helpers/report-rollups";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { jobs, leads } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { reportChanges, reportRollups } from "../db/report-tables.server";
import { ChangeFeed } from "../live/change-feed.server";
import { startRollupRefresher } from "./rollup-refresher.server";
import { refreshReportRollups } from "./report-rollups.server";
import { readReports } from "./reports.server";

/*
 * The reports' daily rollups (decision 0039) on both databases: every change to a lead, an
 * offer or a job lists its lead's day in the same transaction, and a refresh remakes exactly
 * those days. The dispatch machine's random walk (dispatch-machine.server.test.ts) holds the
 * rollups to the records after every run of steps, too.
 */

const changedDays = async (db: Db) =>
  (await db.selectDistinct({ day: reportChanges.day }).from(reportChanges))
    .map((r) => r.day)
    .sort();

describeEachDatabase("report rollups", (t) => {
  const db = () => t.handle.db;
  const today = () => formatDay(chicagoDay(new Date()));

  it("a lead, its offer, its job and each change to them list the lead's day; a refresh takes it off", async () => {
    await refreshReportRollups(db(), lastDaysPeriod(new Date(), 400));
    const w = dispatchWorld(db);
    const smith = await w.locksmith("Rollup Rita");
    const lead = await w.lead();
    expect(await changedDays(db())).toEqual([today()]);

    await refreshReportRollups(db(), lastDaysPeriod(new Date(), 1));
    expect(await changedDays(db())).toEqual([]);
    const dispatch = await w.dispatch(lead.id, smith.id);
    expect(await changedDays(db()), "an offer").toEqual([today()]);

    await refreshReportRollups(db(), lastDaysPeriod(new Date(), 1));
    await w.act(w.tokenOf(dispatch), { intent: "accept" });
    expect(await changedDays(db()), "a tap on the job page").toEqual([today()]);
    await expectRollupsToMatchRecords(db(), lastDaysPeriod(new Date(), 1));

    await db()
      .update(jobs)
      .set({ clientName: "Renamed" })
      .where(sql`${jobs.leadId} = ${lead.id}`);
    expect(await changedDays(db()), "a job's change").toEqual([today()]);
    await expectRollupsToMatchRecords(db(), lastDaysPeriod(new Date(), 1));
  });

  it("a lead from three weeks ago lists its own day when its job changes today", async () => {
    const then = new Date(Date.now() - 21 * 86_400_000);
    const [old] = await db()
      .insert(leads)
      .values({ phone: uniquePhone(), serviceType: "automotive", zip: "60629", createdAt: then })
      .returning();
    await refreshReportRollups(db(), lastDaysPeriod(new Date(), 400));
    const month = lastDaysPeriod(new Date(), 30);
    const before = (await readReports(db(), month, ["service"]))[0]!;
    await db()
      .update(leads)
      .set({ serviceType: "rekeying" })
      .where(sql`${leads.id} = ${old!.id}`);
    expect(await changedDays(db())).toEqual([formatDay(chicagoDay(then))]);
    const after = (await readReports(db(), month, ["service"]))[0]!;
    const count = (report: typeof after, key: string) =>
      report.rows.find((row) => row.key === key)?.leads ?? 0;
    expect(count(after, "automotive")).toBe(count(before, "automotive") - 1);
    expect(count(after, "rekeying")).toBe(count(before, "rekeying") + 1);
  });

  it("the background pass remakes the latest month of changed days, then the rest", async () => {
    await refreshReportRollups(db(), lastDaysPeriod(new Date(), 400));
    const first = addDays(chicagoDay(new Date()), -59);
    // One lead at noon on each of 40 days in a row.
    await db()
      .insert(leads)
      .values(
        Array.from({ length: 40 }, (_, index) => ({
          phone: uniquePhone(),
          serviceType: "residential" as const,
          zip: "60453",
          createdAt: new Date(chicagoMidnight(addDays(first, index)).getTime() + 12 * 3_600_000),
        })),
      );
    expect(await changedDays(db())).toHaveLength(40);
    const pass = await refreshReportRollups(db());
    expect(pass).toHaveLength(31);
    expect(pass.at(-1)).toBe(formatDay(addDays(first, 39)));
    expect(await refreshReportRollups(db())).toHaveLength(9);
    expect(await refreshReportRollups(db())).toEqual([]);
    // 61 days back holds at least one whole month that has ended: it is read from its rows.
    const twoMonths = lastDaysPeriod(new Date(), 61);
    const monthRows = () =>
      db()
        .selectDistinct({ day: reportRollups.day })
        .from(reportRollups)
        .where(sql`${reportRollups.grain} = 'month'`);
    const lastMonth = formatDay({ ...addDays({ ...chicagoDay(new Date()), day: 1 }, -1), day: 1 });
    expect((await monthRows()).map((row) => row.day)).toContain(lastMonth);
    await expectRollupsToMatchRecords(db(), twoMonths);

    // A lead of an ended month changes: its day and its month are remade.
    const [inLastMonth] = await db()
      .select({ id: leads.id })
      .from(leads)
      .where(
        sql`(${leads.createdAt} at time zone 'America/Chicago')::date >= ${lastMonth}::date
        and (${leads.createdAt} at time zone 'America/Chicago')::date < ${lastMonth}::date + interval '1 month'`,
      )
      .limit(1);
    await db()
      .update(leads)
      .set({ status: "cancelled" })
      .where(sql`${leads.id} = ${inLastMonth!.id}`);
    await expectRollupsToMatchRecords(db(), twoMonths);

    // A month whose rows are not made yet is read as its days.
    await db()
      .delete(reportRollups)
      .where(sql`${reportRollups.grain} = 'month'`);
    await expectRollupsToMatchRecords(db(), twoMonths);
    await refreshReportRollups(db());
    expect((await monthRows()).map((row) => row.day)).toContain(lastMonth);
  });

  it("in the background, a new lead's day is remade as soon as the change feed tells of it", async () => {
    await refreshReportRollups(db(), lastDaysPeriod(new Date(), 400));
    const feed = await ChangeFeed.start(t.handle);
    // Started after its first pass: this test sees the pass the change wakes.
    const loop = startRollupRefresher(t.handle, feed);
    try {
      await expect.poll(() => changedDays(db())).toEqual([]);
      await dispatchWorld(db).lead();
      await expect.poll(() => changedDays(db()), { timeout: 5_000 }).toEqual([]);
      await expectRollupsToMatchRecords(db(), lastDaysPeriod(new Date(), 1));
    } finally {
      await loop.stop();
      await feed.close();
    }
  });

  it("a change still open while a refresh runs is remade by the next refresh", async () => {
    // Two connections at once: PostgreSQL only (PGlite has one, and runs one at a time).
    if (t.handle.kind !== "postgres") return;
    const w = dispatchWorld(db);
    const lead = await w.lead();
    const week = lastDaysPeriod(new Date(), 7);
    await refreshReportRollups(db(), week);
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let changed!: () => void;
    const written = new Promise<void>((resolve) => (changed = resolve));
    const slowChange = db().transaction(async (tx) => {
      await tx
        .update(leads)
        .set({ status: "cancelled" })
        .where(sql`${leads.id} = ${lead.id}`);
      changed();
      await paused;
    });
    await written;
    // The refresh does not see the open change, and does not wait for it.
    const cancelledWhileOpen = (await readReports(db(), week, ["service"]))[0]!.total.cancelled;
    resume();
    await slowChange;
    expect(await changedDays(db())).toEqual([today()]);
    const report = (await readReports(db(), week, ["service"]))[0]!;
    expect(report.total.cancelled).toBe(cancelledWhileOpen + 1);
    await expectRollupsToMatchRecords(db(), week);
  });
});
