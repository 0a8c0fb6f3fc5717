import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { saveWatchSettings, watchDeps, watchSettings } from "../../../tests/helpers/night-watch";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { unconfiguredTexts } from "../../../tests/helpers/texting";
import type { JobPageTap } from "../dispatch/job-page.server";
import { jobPageActionSchema } from "~/lib/schemas/job-page";
import { VIN_TEXT } from "~/lib/door-check/vin";
import { buildReceipt, RECEIPT_IDENTITY_NOTE, type ReceiptBusiness } from "~/lib/money/receipt";
import { readReceipt } from "../money/receipts.server";
import { listLeadActivity } from "../activity/activity.server";
import { assignments, jobs, leads, locksmithEarnings, quotes } from "../db/business-tables.server";
import { doorChecks } from "../db/door-check-tables.server";
import { nightWatchAlerts, timers } from "../db/night-watch-tables.server";
import { actOnCustomerPage, readCustomerPage } from "../customers/customer-page.server";
import { scheduleTimer } from "../background/timers.server";
import { fireDueTimers } from "../night-watch/timer-worker.server";
import { sweepClockRules } from "../night-watch/clock-rules-sweep.server";
import { DOOR_REFUSED_OPEN_HOURS } from "~/lib/night-watch/clock-rules";
import { RuleError } from "../rule-error.server";
import {
  DOOR_CHECK_RULE,
  openDoorCheck,
  purgeDoorChecks,
  saveRetention,
} from "./door-checks.server";
import { messages } from "../db/messaging-tables.server";
import { configuredTexts } from "../../../tests/helpers/texting";

const homeCheck = {
  intent: "door_check",
  askedBy: "Ann Lee",
  opened: "home",
  idType: "drivers_license",
  // Letters no id or time in a log can hold (UUIDs are hex): a log that leaked it would show,
  // and one that did not cannot match it by chance.
  idLast4: "K7WZ",
  idExpiry: "2099-01-31",
  idNameMatches: "yes",
  authority: "lease",
  authorityNameMatches: "yes",
  authorityAddressMatches: "yes",
  statementWay: "on_screen",
  signerName: "Ann Lee",
  consent: "on",
} as const;

const RECEIPT_BUSINESS: ReceiptBusiness = {
  name: "Lockline",
  phone: "(312) 555-0147",
  email: "office@example.com",
};

const parsed = (input: Record<string, unknown>) => jobPageActionSchema.parse(input) as JobPageTap;

describeEachDatabase("the door-opening record", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);

  async function onSite(serviceType: "emergency" | "automotive" | "smart_locks" = "emergency") {
    const smith = await w.locksmith("Marcus Reed");
    return { smith, ...(await w.onSite(smith, serviceType)) };
  }
  const quote: JobPageTap = { intent: "quote", lines: [], total: 12_500, reason: "As agreed" };

  it("refuses to quote or complete a home lockout before the check, and writes nothing", async () => {
    const { token, jobId } = await onSite();
    expect((await w.page(token))!).toMatchObject({
      canQuote: false,
      doorCheck: { locked: true, outcome: null },
    });
    await expect(w.tap(token, quote)).rejects.toThrow(DOOR_CHECK_RULE.locked);
    await expect(
      w.tap(token, {
        intent: "complete",
        price: 12_500,
        paymentMethod: "cash",
        collectedBy: "locksmith",
      }),
    ).rejects.toThrow(DOOR_CHECK_RULE.locked);
    expect(await db().select().from(quotes).where(eq(quotes.jobId, jobId))).toEqual([]);
    const [job] = await db().select().from(jobs).where(eq(jobs.id, jobId));
    expect(job!.status).toBe("in_progress");
  });

  it("opens the quote once checked on the screen; the log says so without the contents", async () => {
    const { token, jobId, lead } = await onSite();
    expect(await w.tap(token, parsed(homeCheck))).toBe("door_checked");
    expect((await w.page(token))!).toMatchObject({ canQuote: true, doorCheck: { locked: false } });
    expect(await w.tap(token, quote)).toBe("quote");
    const [row] = await db().select().from(doorChecks).where(eq(doorChecks.jobId, jobId));
    expect(row).toMatchObject({ outcome: "checked", idLast4: "K7WZ", statementName: "Ann Lee" });
    const log = JSON.stringify(await listLeadActivity(db(), lead.id));
    expect(log).toContain("door_check_recorded");
    expect(log).not.toContain("K7WZ");
    expect(log).not.toContain("lease");
    // A second check of the same job is refused.
    await expect(w.tap(token, parsed(homeCheck))).rejects.toThrow(DOOR_CHECK_RULE.recorded);
  });

  it("asks nothing of a job that opens nothing (a smart lock fitted to an open door)", async () => {
    const { token } = await onSite("smart_locks");
    expect((await w.page(token))!.doorCheck).toBeNull();
    expect(await w.tap(token, quote)).toBe("quote");
  });

  it("takes the statement on the customer's own page: texted, read, typed, confirmed", async () => {
    const { token, jobId, lead } = await onSite();
    expect(await w.tap(token, parsed({ ...homeCheck, statementWay: "customer_link" }))).toBe(
      "door_statement_sent",
    );
    // Still locked until the customer confirms.
    await expect(w.tap(token, quote)).rejects.toThrow(DOOR_CHECK_RULE.locked);
    const [text] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.leadId, lead.id), eq(messages.purpose, "customer_door_statement")));
    const link = /\/t\/([A-Za-z0-9_-]{43})/.exec(text!.body)![1]!;
    const page = await readCustomerPage(db(), link);
    expect(page!.doorStatement).toBe(
      "I have the right to enter and to have opened a home at 6118 S Pulaski Rd. The photo ID and the document I showed are mine and true.",
    );
    await actOnCustomerPage(
      db(),
      link,
      { intent: "door_statement", signerName: "Ann Lee", consent: "on" },
      configuredTexts(),
    );
    const [row] = await db().select().from(doorChecks).where(eq(doorChecks.jobId, jobId));
    expect(row).toMatchObject({
      outcome: "checked",
      statementWay: "customer_link",
      statementName: "Ann Lee",
    });
    expect(row!.statementAt).toBeInstanceOf(Date);
    const log = await listLeadActivity(db(), lead.id);
    expect(log.find((entry) => entry.action === "door_statement_given")).toMatchObject({
      actorKind: "customer",
    });
    expect(await w.tap(token, quote)).toBe("quote");
    // Once given, the page asks no more.
    expect((await readCustomerPage(db(), link))!.doorStatement).toBeNull();
  });

  it("cannot send the statement to a phone no text reaches", async () => {
    const { token, jobId } = await onSite();
    const { actOnJobPage } = await import("../dispatch/job-page.server");
    await expect(
      actOnJobPage(
        db(),
        token,
        parsed({ ...homeCheck, statementWay: "customer_link" }),
        unconfiguredTexts(),
      ),
    ).rejects.toThrow(DOOR_CHECK_RULE.noText);
    expect(await db().select().from(doorChecks).where(eq(doorChecks.jobId, jobId))).toEqual([]);
  });

  it("refuses a car's VIN with a wrong check digit, and a car job said to open a home", async () => {
    const car = { ...homeCheck, opened: "vehicle", authority: "registration", plate: "AB1234" };
    const bad = jobPageActionSchema.safeParse({ ...car, vin: "1HGCM82643A004352" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((issue) => issue.message)).toContain(VIN_TEXT.checkDigit);
    const { token, jobId } = await onSite("automotive");
    await expect(w.tap(token, parsed(homeCheck))).rejects.toThrow(DOOR_CHECK_RULE.vehicle);
    expect(await w.tap(token, parsed({ ...car, vin: "1HGCM82633A004352" }))).toBe("door_checked");
    const [row] = await db().select().from(doorChecks).where(eq(doorChecks.jobId, jobId));
    expect(row).toMatchObject({ opened: "vehicle", vin: "1HGCM82633A004352", plate: "AB1234" });
  });

  it("refuses an expired ID by its field, writing nothing", async () => {
    const { token, jobId } = await onSite();
    await expect(w.tap(token, parsed({ ...homeCheck, idExpiry: "2020-01-31" }))).rejects.toSatisfy(
      (error: unknown) => error instanceof RuleError && error.field === "idExpiry",
    );
    expect(await db().select().from(doorChecks).where(eq(doorChecks.jobId, jobId))).toEqual([]);
  });

  it("ends a refused job unpaid, closes the lead, and alerts the on-call operator", async () => {
    await saveWatchSettings(db(), watchSettings({ mode: "off" }));
    const { token, jobId, lead, smith } = await onSite();
    expect(
      await w.tap(token, { intent: "door_refusal", reason: "No ID, name on the lease differs" }),
    ).toBe("door_refused");
    const [job] = await db().select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ status: "refused", finalPriceCents: null });
    const [assignment] = await db().select().from(assignments).where(eq(assignments.jobId, jobId));
    expect(assignment).toMatchObject({ state: "refused", endReason: "refused" });
    const [closed] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(closed!.status).toBe("cancelled");
    const [alert] = await db()
      .select()
      .from(nightWatchAlerts)
      .where(and(eq(nightWatchAlerts.leadId, lead.id), eq(nightWatchAlerts.rule, "door_refused")));
    expect(alert).toBeDefined();
    const toOnCall = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.leadId, lead.id), eq(messages.purpose, "operator_alert")));
    expect(toOnCall[0]?.body).toContain("refused to open");
    const earned = await db()
      .select()
      .from(locksmithEarnings)
      .where(eq(locksmithEarnings.locksmithId, smith.id));
    expect(Number(earned[0]?.earnedCents ?? 0)).toBe(0);
    expect((await w.page(token))!).toMatchObject({ stage: "ended", endReason: "refused" });
    await expect(w.tap(token, quote)).rejects.toThrow();

    // The refusal closed the lead, yet it stays in the office's queue: the sweep of the clock
    // rules does not clear it the next second, only once DOOR_REFUSED_OPEN_HOURS have passed.
    const sweepAt = async (ms: number) => {
      const context = await watchDeps(db(), () => watchSettings({ mode: "off" })).context(
        new Date(Date.now() + ms),
      );
      await db().transaction((tx) => sweepClockRules(tx, context));
      const [row] = await db()
        .select()
        .from(nightWatchAlerts)
        .where(eq(nightWatchAlerts.id, alert!.id));
      return row!.clearedAt;
    };
    expect(await sweepAt(60_000)).toBeNull();
    expect(await sweepAt((DOOR_REFUSED_OPEN_HOURS - 1) * 3_600_000)).toBeNull();
    expect(await sweepAt((DOOR_REFUSED_OPEN_HOURS + 1) * 3_600_000)).not.toBeNull();
  });

  it("purges a record past its retention through the timer, logged; a younger one is kept", async () => {
    await saveRetention(db(), { years: 3, legalMinimumYears: 3 }, TEST_ACTOR);
    const old = await onSite();
    await w.tap(old.token, parsed(homeCheck));
    const young = await onSite();
    await w.tap(young.token, parsed(homeCheck));
    // Recorded on 2023-03-10 in Chicago (CST): kept through 2026-03-10, purged from midnight
    // on 2026-03-11, which is daylight time by then (05:00 UTC, not 06:00).
    await db()
      .update(doorChecks)
      .set({ recordedAt: new Date("2023-03-10T18:00:00Z") })
      .where(eq(doorChecks.jobId, old.jobId));
    expect((await purgeDoorChecks(db(), new Date("2026-03-11T04:59:00Z"))).purged).toBe(0);
    await db().delete(timers).where(eq(timers.key, "purge_door_checks"));
    await scheduleTimer(db(), {
      kind: "purge_door_checks",
      key: "purge_door_checks",
      dueAt: new Date("2026-03-11T05:00:00Z"),
    });
    const now = new Date("2026-03-11T05:00:00Z");
    await fireDueTimers(
      watchDeps(db(), () => watchSettings()),
      { now },
    );
    const [purged] = await db().select().from(doorChecks).where(eq(doorChecks.jobId, old.jobId));
    expect(purged).toMatchObject({
      outcome: "checked",
      idLast4: null,
      askedBy: null,
      statementName: null,
    });
    expect(purged!.purgedAt).toEqual(now);
    const [kept] = await db().select().from(doorChecks).where(eq(doorChecks.jobId, young.jobId));
    expect(kept).toMatchObject({ idLast4: "K7WZ", purgedAt: null });
    const log = await listLeadActivity(db(), old.lead.id);
    expect(log.find((entry) => entry.action === "door_check_purged")).toMatchObject({
      actorKind: "system",
    });
    await expect(openDoorCheck(db(), old.jobId, TEST_ACTOR)).rejects.toThrow(DOOR_CHECK_RULE.gone);
  });

  it("says on the receipt that a check was made, and nothing of what it saw", async () => {
    const { token, jobId } = await onSite();
    await w.tap(token, parsed(homeCheck));
    await w.quoteAndComplete(token, 12_500);
    const facts = await readReceipt(db(), jobId);
    expect(facts!.identityChecked).toBe(true);
    const receipt = JSON.stringify(buildReceipt(facts!, RECEIPT_BUSINESS));
    expect(receipt).toContain(RECEIPT_IDENTITY_NOTE);
    expect(receipt).not.toContain("K7WZ");
    expect(receipt).not.toContain("Lease");
  });

  it("logs each time an owner opens a record", async () => {
    const { token, jobId, lead } = await onSite();
    await w.tap(token, parsed(homeCheck));
    const opened = await openDoorCheck(db(), jobId, TEST_ACTOR);
    expect(opened.idLast4).toBe("K7WZ");
    await openDoorCheck(db(), jobId, TEST_ACTOR);
    const log = await listLeadActivity(db(), lead.id);
    expect(log.filter((entry) => entry.action === "door_check_opened")).toHaveLength(2);
  });
});
