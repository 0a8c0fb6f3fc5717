import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { writeSetting } from "../db/app-settings.server";
import { LAST_BACKUP_KEY } from "../db/backup.server";
import { callLogs, jobs, leads, locksmiths } from "../db/business-tables.server";
import { lastDaysPeriod, presetPeriod } from "~/lib/time/chicago-period";
import {
  CHART_DAYS,
  defaultChartPeriod,
  leadsByDay,
  loadDashboardStats,
  readSystemStatus,
  revenueByWeek,
} from "./dashboard.server";
import type { AppServices } from "../services.server";

// Friday, 02:00 UTC: still Thursday evening, March 6, in Chicago. The charts count Chicago
// days (decision 0017); the Call Activity card's "today" is the UTC date
// (docs/spec/back-office.md §9).
const NOW = new Date("2031-03-07T02:00:00Z");

describeEachDatabase("dashboard", (t) => {
  async function clear() {
    await t.handle.db.delete(jobs);
    await t.handle.db.delete(leads);
    await t.handle.db.delete(callLogs);
    await t.handle.db.delete(locksmiths);
  }

  async function addLeads(times: string[]) {
    await t.handle.db.insert(leads).values(
      times.map((time) => ({
        phone: "(312) 555-0100",
        serviceType: "emergency" as const,
        createdAt: new Date(time),
      })),
    );
  }

  it("counts leads per Chicago day over the last 90 days, days without leads as zero", async () => {
    await clear();
    await addLeads([
      "2031-03-07T01:59:00Z", // 7:59 PM on March 6 in Chicago: today so far
      "2031-03-06T23:59:59Z", // 5:59 PM, March 6
      "2031-03-06T05:59:59Z", // 11:59 PM on March 5 in Chicago, though March 6 in UTC
      "2031-03-01T12:00:00Z",
      "2030-12-07T06:00:00Z", // midnight starting Dec 7 in Chicago: the first of the 90 days
      "2030-12-07T05:59:59Z", // one second too old
      "2031-03-07T06:00:00Z", // after today in Chicago: outside the period
    ]);
    const days = await leadsByDay(t.handle.db, defaultChartPeriod(NOW));
    expect(days).toHaveLength(CHART_DAYS);
    expect(days[0]).toEqual({ key: "2030-12-07", value: 1 });
    expect(days.at(-1)).toEqual({ key: "2031-03-06", value: 2 });
    expect(days.at(-2)).toEqual({ key: "2031-03-05", value: 1 });
    expect(days.find((day) => day.key === "2031-03-01")).toEqual({ key: "2031-03-01", value: 1 });
    expect(days.find((day) => day.key === "2031-03-02")).toEqual({ key: "2031-03-02", value: 0 });
    expect(days.reduce((sum, day) => sum + day.value, 0)).toBe(5);
  });

  it("counts a picked period's days only, across the spring clock change", async () => {
    await clear();
    await addLeads([
      "2031-03-09T05:59:59Z", // 11:59 PM CST, Saturday March 8
      "2031-03-09T06:00:00Z", // midnight, Sunday March 9 (clocks spring forward at 2 AM)
      "2031-03-10T04:59:59Z", // 11:59 PM CDT, Sunday March 9
      "2031-03-10T05:00:00Z", // midnight CDT, Monday March 10: outside
    ]);
    const sunday = presetPeriod("today", new Date("2031-03-09T18:00:00Z"));
    expect(await leadsByDay(t.handle.db, sunday)).toEqual([{ key: "2031-03-09", value: 2 }]);
    const three = lastDaysPeriod(new Date("2031-03-10T04:00:00Z"), 3);
    expect(await leadsByDay(t.handle.db, three)).toEqual([
      { key: "2031-03-07", value: 0 },
      { key: "2031-03-08", value: 1 },
      { key: "2031-03-09", value: 2 },
    ]);
  });

  it("sums the final prices of completed jobs per week of completion", async () => {
    await clear();
    const job = (
      status: "in_progress" | "completed" | "cancelled",
      completedAt: string | null,
      finalPriceCents: number | null,
      createdAt = "2030-06-01T00:00:00Z",
    ) => ({
      clientName: "Client",
      jobType: "residential" as const,
      status,
      createdAt: new Date(createdAt),
      completedAt: completedAt ? new Date(completedAt) : null,
      ...(finalPriceCents === null
        ? {}
        : {
            finalPriceCents,
            theirCutPercent: 60,
            theirCutCents: (finalPriceCents * 60) / 100,
            yourCutCents: (finalPriceCents * 40) / 100,
          }),
    });
    await t.handle.db.insert(jobs).values([
      // This week (Monday 2031-03-03, Chicago): two jobs, one opened long ago: completion
      // decides.
      job("completed", "2031-03-03T06:00:00Z", 12_500),
      job("completed", "2031-03-07T01:00:00Z", 20_000, "2031-03-06T20:00:00Z"),
      // Sunday 11:59 PM in Chicago belongs to last week, though UTC says Monday.
      job("completed", "2031-03-03T05:59:59Z", 9_900),
      // Not revenue: in progress (even priced), cancelled, completed but unpriced.
      job("in_progress", null, 50_000),
      job("cancelled", null, 30_000),
      job("completed", "2031-03-04T00:00:00Z", null),
      // Before the first week.
      job("completed", "2030-11-01T00:00:00Z", 7_000),
    ]);
    const weeks = await revenueByWeek(t.handle.db, defaultChartPeriod(NOW));
    expect(weeks[0]!.key).toBe("2030-12-02"); // the Monday on or before Dec 7
    expect(weeks.at(-1)).toEqual({ key: "2031-03-03", value: 32_500, jobs: 2 });
    expect(weeks.at(-2)).toEqual({ key: "2031-02-24", value: 9_900, jobs: 1 });
    expect(weeks.slice(0, -2).every((week) => week.value === 0 && week.jobs === 0)).toBe(true);
  });

  it("loads the four cards from single aggregates", async () => {
    await clear();
    await t.handle.db.insert(locksmiths).values([
      { name: "A", phone: "1", active: true },
      { name: "B", phone: "2", active: false },
    ]);
    await addLeads(["2031-03-06T12:00:00Z", "2031-03-07T00:30:00Z"]);
    await t.handle.db.insert(callLogs).values([
      { clientPhone: "+13125550100", status: "answered", startTime: NOW, createdAt: NOW },
      {
        clientPhone: "+13125550101",
        status: "missed",
        startTime: new Date("2031-03-06T23:00:00Z"),
        createdAt: new Date("2031-03-06T23:00:00Z"),
      },
    ]);
    const stats = await loadDashboardStats(t.handle.db, NOW);
    expect(stats.locksmiths).toEqual({ total: 2, active: 1 });
    expect(stats.leads).toEqual({ total: 2, new: 2 });
    expect(stats.jobs).toEqual({ total: 0, active: 0 });
    expect(stats.calls).toEqual({ total: 2, today: 1 });
    // The card's "today" is the UTC date (docs/spec/back-office.md §9); the chart's last bar is
    // Chicago's March 6.
    expect(stats.leadsPerDay.at(-1)).toEqual({ key: "2031-03-06", value: 2 });
  });

  function services(overrides: { connected?: boolean; intervalHours?: number } = {}) {
    return {
      database: t.handle,
      changes: { connected: overrides.connected ?? true },
      env: { BACKUP_INTERVAL_HOURS: overrides.intervalHours ?? 24 },
    } as unknown as Pick<AppServices, "database" | "changes" | "env">;
  }

  it("reports a real round trip, the live channel and the last backup", async () => {
    const never = await readSystemStatus(services({ connected: false }), NOW);
    expect(never.database.online).toBe(true);
    if (never.database.online) expect(never.database.roundTripMs).toBeGreaterThanOrEqual(0);
    expect(never.liveChannel).toBe(false);
    expect(never.backup).toMatchObject({ lastAt: null, ago: null, overdue: false, unknown: false });

    await writeSetting(t.handle.db, LAST_BACKUP_KEY, "2031-03-06T23:00:00.000Z");
    const recent = await readSystemStatus(services(), NOW);
    expect(recent.liveChannel).toBe(true);
    expect(recent.backup).toMatchObject({
      lastAt: "2031-03-06T23:00:00.000Z",
      ago: "3 hours ago",
      overdue: false,
    });
    if (t.handle.kind === "pglite") expect(recent.backup.mode).toBe("embedded");

    // Two days without a backup on a daily schedule is overdue.
    const later = new Date("2031-03-09T00:00:00Z");
    const stale = await readSystemStatus(services(), later);
    expect(stale.backup.overdue).toBe(t.handle.kind === "pglite");
    if (t.handle.kind === "pglite") {
      expect((await readSystemStatus(services({ intervalHours: 0 }), later)).backup).toMatchObject({
        mode: "off",
        overdue: false,
      });
    }
  });
});

describe("system status with the database down", () => {
  it("says offline, and that the last backup is unknown, instead of failing the page", async () => {
    const broken = {
      kind: "postgres",
      db: {
        execute: () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.5:5432")),
        select: () => {
          throw new Error("must not be read while offline");
        },
      },
    };
    const status = await readSystemStatus(
      {
        database: broken,
        changes: { connected: false },
        env: { BACKUP_INTERVAL_HOURS: 24 },
      } as unknown as Pick<AppServices, "database" | "changes" | "env">,
      NOW,
    );
    // The reason goes to the log, not to the page: it names hosts and ports.
    expect(status.database).toEqual({ online: false, engine: "PostgreSQL" });
    expect(status.liveChannel).toBe(false);
    expect(status.backup).toMatchObject({ mode: "server", lastAt: null, unknown: true });
  });
});
