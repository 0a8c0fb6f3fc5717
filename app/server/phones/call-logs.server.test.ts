import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { callLogs } from "../db/business-tables.server";
import { callLogStats, countCalls, getCallLog, listCallLogs, utcDay } from "./call-logs.server";
import { ChangeFeed, type Change } from "../live/change-feed.server";
import { createLead } from "../leads/leads.server";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { uniquePhone } from "../../../tests/helpers/phones";

type NewCall = typeof callLogs.$inferInsert;

describeEachDatabase("call logs", (t) => {
  async function calls(rows: Partial<NewCall>[]) {
    return t.handle.db
      .insert(callLogs)
      .values(
        rows.map((row) => ({
          clientPhone: "+13125550100",
          status: "answered" as const,
          startTime: new Date("2026-01-01T00:00:00Z"),
          ...row,
        })),
      )
      .returning();
  }

  it("works out four stats: total, answered and missed today (UTC), average answered length", async () => {
    await t.handle.db.delete(callLogs);
    const now = new Date("2031-03-04T02:00:00Z"); // still March 3rd in Chicago: UTC decides
    await calls([
      { status: "answered", durationSeconds: 60, createdAt: new Date("2031-03-04T00:00:00Z") },
      { status: "answered", durationSeconds: 121, createdAt: new Date("2031-03-04T01:59:00Z") },
      { status: "missed", createdAt: new Date("2031-03-04T00:30:00Z") },
      { status: "busy", createdAt: new Date("2031-03-04T00:31:00Z") },
      // Yesterday and tomorrow (UTC) do not count as today.
      { status: "answered", durationSeconds: 30, createdAt: new Date("2031-03-03T23:59:59Z") },
      { status: "missed", createdAt: new Date("2031-03-03T23:59:59Z") },
      { status: "missed", createdAt: new Date("2031-03-05T00:00:00Z") },
    ]);
    expect(await callLogStats(t.handle.db, now)).toEqual({
      totalCalls: 7,
      answeredToday: 2,
      missedToday: 1,
      // (60 + 121 + 30) / 3 = 70.33 → 70; missed and busy calls are not averaged.
      averageAnsweredSeconds: 70,
    });
    expect(await countCalls(t.handle.db, now)).toEqual({ total: 7, today: 4 });
  });

  it("rounds the average to whole seconds and is zero with no answered calls", async () => {
    await t.handle.db.delete(callLogs);
    expect(await callLogStats(t.handle.db)).toEqual({
      totalCalls: 0,
      answeredToday: 0,
      missedToday: 0,
      averageAnsweredSeconds: 0,
    });
    await calls([{ durationSeconds: 60 }, { durationSeconds: 121 }, { status: "failed" }]);
    expect((await callLogStats(t.handle.db)).averageAnsweredSeconds).toBe(91); // 90.5 → 91
  });

  it("links each call to its own caller's latest lead, and a stranger's call to none", async () => {
    const [ann, bob, stranger] = [uniquePhone(), uniquePhone(), uniquePhone()];
    const lead = (phone: string, name: string) =>
      createLead(t.handle.db, { name, phone, serviceType: "automotive" }, TEST_ACTOR);
    const annFirst = await lead(ann, "Ann");
    const bobs = await lead(bob, "Bob");
    const annLatest = await lead(ann, "Ann again");
    const [annCustomer, bobCustomer] = [annFirst.customerId, bobs.customerId];
    await calls([
      { clientPhone: ann, customerId: annCustomer, createdAt: new Date("2040-01-01T00:00:03Z") },
      { clientPhone: bob, customerId: bobCustomer, createdAt: new Date("2040-01-01T00:00:02Z") },
      { clientPhone: stranger, createdAt: new Date("2040-01-01T00:00:01Z") },
    ]);
    const { rows } = await listCallLogs(t.handle.db, { pageSize: 3 });
    expect(rows.map((call) => [call.clientPhone, call.leadId])).toEqual([
      [ann, annLatest.id],
      [bob, bobs.id],
      [stranger, null],
    ]);
  });

  it("takes the UTC day", () => {
    expect(utcDay(new Date("2031-03-04T23:59:59.999Z"))).toEqual({
      start: new Date("2031-03-04T00:00:00Z"),
      end: new Date("2031-03-05T00:00:00Z"),
    });
  });

  it("searches by phone number, however it is typed, and by id", async () => {
    const [stored, other] = await calls([
      { clientPhone: "+17085550123" },
      { clientPhone: "(708) 555-0124" },
    ]);
    const ids = async (q: string) =>
      (await listCallLogs(t.handle.db, { q, pageSize: 1000 })).rows
        .map((row) => row.id)
        .filter((id) => id === stored!.id || id === other!.id);
    expect(await ids("708-555-0123")).toEqual([stored!.id]);
    expect(await ids("(708) 555-012")).toHaveLength(2);
    expect(await ids("+1 708 555 0124")).toEqual([other!.id]);
    expect(await ids("5550124")).toEqual([other!.id]);
    expect(await ids(stored!.id.slice(0, 8))).toEqual([stored!.id]);
    expect(await ids(other!.id.slice(0, 8).toUpperCase())).toEqual([other!.id]);
    // Neither a phone nor an id: nothing.
    expect((await listCallLogs(t.handle.db, { q: "smith" })).total).toBe(0);
  });

  it("filters by status and pages newest first", async () => {
    const base = Date.UTC(2030, 0, 1);
    await calls(
      Array.from({ length: 30 }, (_, i) => ({
        clientPhone: "+18155550199",
        status: i % 2 === 0 ? ("busy" as const) : ("failed" as const),
        durationSeconds: i,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const second = await listCallLogs(t.handle.db, { q: "815-555-0199", page: 2 });
    expect(second).toMatchObject({ total: 30, page: 2, pageCount: 2 });
    expect(second.rows.map((row) => row.durationSeconds)).toEqual([4, 3, 2, 1, 0]);
    const busy = await listCallLogs(t.handle.db, { q: "8155550199", status: "busy" });
    expect(busy.total).toBe(15);
    expect(busy.rows.every((row) => row.status === "busy")).toBe(true);
  });

  it("reads one call for View Details", async () => {
    const [call] = await calls([
      {
        recordingUrl: "https://api.twilio.com/2010-04-01/Accounts/ACdemo/Recordings/RE123",
        twilioCallSid: "CAdetails1",
        durationSeconds: 75,
        endTime: new Date("2026-01-01T00:01:15Z"),
      },
    ]);
    expect(await getCallLog(t.handle.db, call!.id)).toEqual(call);
    expect(await getCallLog(t.handle.db, "not-an-id")).toBeUndefined();
  });

  it("records a Twilio call once", async () => {
    await calls([{ twilioCallSid: "CAonce" }]);
    await expect(calls([{ twilioCallSid: "CAonce" }])).rejects.toThrow();
    await expect(calls([{ durationSeconds: -1 }])).rejects.toThrow();
  });

  it("announces changes on the change channel", async () => {
    const feed = await ChangeFeed.start(t.handle);
    const seen: Change[] = [];
    feed.subscribe((change) => seen.push(change));
    try {
      const [call] = await calls([{ status: "missed" }]);
      await t.handle.db.delete(callLogs).where(eq(callLogs.id, call!.id));
      await expect
        .poll(
          () => seen.filter((change) => change.id === call!.id).map((c) => `${c.table}:${c.op}`),
          {
            timeout: 5000,
          },
        )
        .toEqual(["call_logs:insert", "call_logs:delete"]);
    } finally {
      await feed.close();
    }
  });
});
