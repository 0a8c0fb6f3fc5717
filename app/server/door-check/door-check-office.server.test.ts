import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld, passingDoorCheck } from "../../../tests/helpers/dispatch-world";
import { saveWatchSettings, watchDeps, watchSettings } from "../../../tests/helpers/night-watch";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { doorCheckWords, SKIP_REASONS } from "~/lib/door-check/standing";
import { listLeadActivity } from "../activity/activity.server";
import { jobs } from "../db/business-tables.server";
import { doorChecks } from "../db/door-check-tables.server";
import { activityLog } from "../db/activity-tables.server";
import { listJobs } from "../money/jobs.server";
import { readLeadPage } from "../screens/lead-page.server";
import { DOOR_CHECK_RULE, readRetention, saveRetention } from "./door-checks.server";
import { doorCheckSettingsSchema } from "~/lib/schemas/door-check-settings";
import { timers } from "../db/night-watch-tables.server";
import { scheduleTimer } from "../background/timers.server";
import { fireDueTimers } from "../night-watch/timer-worker.server";
import { openDoorCheckRecord } from "./door-check-record.server";
import { readDoorCheckReport } from "./door-check-report.server";
import { d1Pdf } from "./d1-pdf.server";
import { d1Problem, d1Record, D1_TEXT } from "~/lib/door-check/d1-record";
import { pdfText } from "../../../tests/helpers/pdf-text";

const homeCheck = passingDoorCheck("home");
const SIGNATURE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describeEachDatabase("the door check as the office sees it", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);

  async function onSite(
    smithName: string | { id: string },
    serviceType: "residential" | "emergency" | "smart_locks" | "automotive" = "residential",
  ) {
    const smith = typeof smithName === "string" ? await w.locksmith(smithName) : smithName;
    return { smith, ...(await w.onSite(smith, serviceType)) };
  }

  // The office's status select no longer completes an unchecked opening (decision 0075): a
  // skipped check is a job it completed before that gate.
  const completedBeforeTheGate = (jobId: string) =>
    db()
      .update(jobs)
      .set({ status: "completed", completedAt: new Date() })
      .where(eq(jobs.id, jobId));

  const wordsOn = async (leadId: string) => {
    const page = await readLeadPage(db(), leadId);
    const [job] = page!.jobs;
    return { job: job!, words: doorCheckWords(job!, job!.doorCheck) };
  };

  it("says on the lead page and in Jobs what was checked, by whom and when, not the contents", async () => {
    const { token, lead, jobId } = await onSite("Marcus Reed");
    expect((await wordsOn(lead.id)).words).toMatchObject({ standing: "not_checked" });
    await w.tap(token, homeCheck);
    const { job, words } = await wordsOn(lead.id);
    expect(words).toMatchObject({ standing: "checked", label: "Checked" });
    expect(words!.detail).toMatch(/^by Marcus Reed on .*: photo ID, a document of authority/);
    expect(words!.detail).toContain("for a home");
    const shown = JSON.stringify(job.doorCheck);
    expect(shown).not.toContain("K7WZ");
    expect(shown).not.toContain("Ann Lee");
    expect(shown).not.toContain("lease");
    const listed = (await listJobs(db(), { q: jobId.slice(0, 8) })).rows.find(
      (row) => row.id === jobId,
    );
    expect(doorCheckWords(listed!, listed!.doorCheck)?.standing).toBe("checked");
  });

  it("says a job the office completed with no check was skipped, and a refusal", async () => {
    await saveWatchSettings(db(), watchSettings({ mode: "off" }));
    const skipped = await onSite("Dee Park");
    await completedBeforeTheGate(skipped.jobId);
    expect((await wordsOn(skipped.lead.id)).words).toMatchObject({
      standing: "skipped",
      detail: SKIP_REASONS.noRecord,
    });
    const refused = await onSite("Dee Park");
    await w.tap(refused.token, { intent: "door_refusal", reason: "No ID at all" });
    expect((await wordsOn(refused.lead.id)).words).toMatchObject({ standing: "refused" });
    // A job that opens nothing says nothing.
    const smart = await onSite("Dee Park", "smart_locks");
    expect((await wordsOn(smart.lead.id)).words).toBeUndefined();
  });

  it("opens the record for an owner, logging each opening; none or a bad id is a 404", async () => {
    const { token, jobId, lead } = await onSite("Marcus Reed");
    await expect(openDoorCheckRecord(db(), jobId, TEST_ACTOR)).rejects.toThrow(
      DOOR_CHECK_RULE.notFound,
    );
    await expect(openDoorCheckRecord(db(), "not-a-job", TEST_ACTOR)).rejects.toMatchObject({
      status: 404,
    });
    await w.tap(token, homeCheck);
    const record = await openDoorCheckRecord(db(), jobId, TEST_ACTOR);
    expect(record.check).toMatchObject({ idLast4: "K7WZ", authority: "lease" });
    expect(record.job).toMatchObject({ id: jobId, locksmithName: "Marcus Reed" });
    expect(record.purgeAt.getTime()).toBeGreaterThan(record.check.recordedAt.getTime());
    await openDoorCheckRecord(db(), jobId, TEST_ACTOR);
    const log = await listLeadActivity(db(), lead.id);
    expect(log.filter((entry) => entry.action === "door_check_opened")).toHaveLength(2);
  });

  it("gives an owner a car opening's record as a D1 PDF, with the drawn signature, logged", async () => {
    const { token, jobId, lead } = await onSite("Marcus Reed", "automotive");
    await w.tap(token, { ...passingDoorCheck("vehicle"), signature: SIGNATURE });
    const record = await openDoorCheckRecord(db(), jobId, TEST_ACTOR);
    expect(d1Problem(record.check)).toBeUndefined();
    const business = { name: "Lockline", phone: "(312) 555-0147" };
    const d1 = d1Record(record.check, record.job, business);
    const pdf = await d1Pdf(d1, record.check.statementSignature, business.name, new Date());
    const text = pdfText(pdf);
    for (const shown of ["1HGCM82633A004352", "2003", "AB1234", "K7WZ", "Marcus Reed", "Ann Lee"]) {
      expect(text).toContain(shown);
    }
    // The drawn signature is in the file as an image.
    expect(Buffer.from(pdf).toString("latin1")).toMatch(/\/Subtype\s*\/Image/);
    const log = await listLeadActivity(db(), lead.id);
    expect(log.filter((entry) => entry.action === "door_check_opened")).toHaveLength(1);
    // A home's record has no D1.
    const home = await onSite("Marcus Reed");
    await w.tap(home.token, homeCheck);
    expect(d1Problem((await openDoorCheckRecord(db(), home.jobId, TEST_ACTOR)).check)).toBe(
      D1_TEXT.notVehicle,
    );
  });

  it("counts a period's openings per locksmith: checked, skipped, refused", async () => {
    await saveWatchSettings(db(), watchSettings({ mode: "off" }));
    const start = new Date();
    const rae = await w.locksmith("Rae Report");
    const sam = await w.locksmith("Sam Skip");
    const checked = await onSite(rae);
    await w.quoteAndComplete(checked.token, 12_500);
    const skipped = await onSite(sam);
    await completedBeforeTheGate(skipped.jobId);
    const refused = await onSite(rae);
    await w.tap(refused.token, { intent: "door_refusal", reason: "Name on the lease differs" });
    // Neither counts: a job that opens nothing, and one still open.
    const smart = await onSite(rae, "smart_locks");
    await w.quoteAndComplete(smart.token, 9_000);
    await onSite(rae);
    // Completed before the period: not in it.
    const old = await onSite(sam);
    await db()
      .update(jobs)
      .set({ status: "completed", completedAt: new Date(start.getTime() - 86_400_000) })
      .where(eq(jobs.id, old.jobId));
    const end = new Date(Date.now() + 60_000);

    const report = await readDoorCheckReport(db(), { start, end });
    const of = (id: string) => report.rows.find((row) => row.locksmithId === id);
    expect(of(rae.id)).toMatchObject({ checked: 1, skipped: 0, refused: 1 });
    expect(of(sam.id)).toMatchObject({ checked: 0, skipped: 1, refused: 0 });
    expect(report.rows[0]!.locksmithId).toBe(sam.id);
    expect(report.total).toEqual({ checked: 1, skipped: 1, refused: 1 });

    // A purged record still counts by its outcome.
    await db()
      .update(doorChecks)
      .set({ askedBy: null, idLast4: null, purgedAt: new Date() })
      .where(eq(doorChecks.jobId, checked.jobId));
    expect((await readDoorCheckReport(db(), { start, end })).total.checked).toBe(1);
  });

  it("keeps records as long as the retention setting says when the purge timer runs, logged", async () => {
    const { token, jobId, lead } = await onSite("Marcus Reed");
    await w.tap(token, homeCheck);
    // Recorded four years ago (Chicago noon, well clear of any day's edge).
    const fourYearsAgo = new Date(Date.now() - 4 * 366 * 86_400_000);
    await db()
      .update(doorChecks)
      .set({ recordedAt: fourYearsAgo })
      .where(eq(doorChecks.jobId, jobId));
    const form = doorCheckSettingsSchema.parse({
      intent: "save",
      years: "5",
      legalMinimumYears: "3",
    });
    await saveRetention(db(), form, TEST_ACTOR);
    expect(await readRetention(db())).toEqual({ years: 5, legalMinimumYears: 3 });
    const runTimer = async () => {
      await db().delete(timers).where(eq(timers.key, "purge_door_checks"));
      const now = new Date();
      await scheduleTimer(db(), {
        kind: "purge_door_checks",
        key: "purge_door_checks",
        dueAt: now,
      });
      await fireDueTimers(
        watchDeps(db(), () => watchSettings()),
        { now },
      );
      const [row] = await db().select().from(doorChecks).where(eq(doorChecks.jobId, jobId));
      return row!;
    };
    expect(await runTimer()).toMatchObject({ idLast4: "K7WZ", purgedAt: null });
    await saveRetention(db(), { years: 3, legalMinimumYears: 3 }, TEST_ACTOR);
    expect(await runTimer()).toMatchObject({ idLast4: null, outcome: "checked" });
    const settingsLog = await db()
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "door_check_retention_changed"));
    expect(settingsLog.map((entry) => entry.after)).toEqual(
      expect.arrayContaining([
        { years: 5, legalMinimumYears: 3 },
        { years: 3, legalMinimumYears: 3 },
      ]),
    );
    const log = await listLeadActivity(db(), lead.id);
    expect(log.some((entry) => entry.action === "door_check_purged")).toBe(true);
  });
});
