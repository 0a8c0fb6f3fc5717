import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld, passingPhoneCheck } from "../../../tests/helpers/dispatch-world";
import { saveWatchSettings, watchSettings } from "../../../tests/helpers/night-watch";
import { configuredTexts } from "../../../tests/helpers/texting";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { DOOR_CHECK_FIELD } from "~/lib/door-check/check-form";
import { doorCheckWords, OFFICE_GATE } from "~/lib/door-check/standing";
import { phoneCheckSchema, type PhoneCheckInput } from "~/lib/schemas/door-check";
import { activityLog } from "../db/activity-tables.server";
import { assignments, jobs, leads } from "../db/business-tables.server";
import { doorChecks } from "../db/door-check-tables.server";
import { nightWatchAlerts } from "../db/night-watch-tables.server";
import { DOOR_CHECK_RULE } from "../door-check/door-checks.server";
import { setLeadStatus } from "../leads/lead-lifecycle.server";
import { setJobStatus } from "../money/jobs.server";
import { priceJobAsOffice } from "../money/office-pricing.server";
import { readLeadPage } from "../screens/lead-page.server";
import { recordPhoneCheck, recordPhoneRefusal } from "./office-door-check.server";

/*
 * Decision 0075: the office's own screens do not price or complete a job that opens something
 * before its door check, and the office records a check (or a refusal) the locksmith reads out
 * by phone, with the same rules as the locksmith's form.
 */

const heard = passingPhoneCheck("home");
const price = { finalPriceCents: 18_500 };

describeEachDatabase("the office's door-check gate and the check by phone", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);
  const office = () => ({ actor: TEST_ACTOR, texts: configuredTexts(), now: new Date() });

  async function onSite(serviceType: "residential" | "smart_locks" = "residential") {
    const smith = await w.locksmith("Olu Phoneless");
    return w.onSite(smith, serviceType);
  }
  const jobOf = async (jobId: string) =>
    (await db().select().from(jobs).where(eq(jobs.id, jobId)))[0]!;

  it("refuses Edit Pricing, a completion and a lead's completion before the check; allows them after the check by phone", async () => {
    await saveWatchSettings(db(), watchSettings({ mode: "off" }));
    const { lead, jobId } = await onSite();
    await expect(
      priceJobAsOffice(db(), jobId, price, TEST_ACTOR, configuredTexts()),
    ).rejects.toThrow(OFFICE_GATE.locked);
    await expect(setJobStatus(db(), jobId, "completed", TEST_ACTOR)).rejects.toThrow(
      OFFICE_GATE.locked,
    );
    await expect(setLeadStatus(db(), lead.id, "completed", TEST_ACTOR)).rejects.toThrow(
      OFFICE_GATE.locked,
    );
    // Nothing moved: no price, still in progress, the lead still open.
    expect(await jobOf(jobId)).toMatchObject({ status: "in_progress", finalPriceCents: null });
    expect((await db().select().from(leads).where(eq(leads.id, lead.id)))[0]!.status).toBe(
      "in_progress",
    );

    await recordPhoneCheck(db(), { jobId, ...office() }, heard);
    const priced = await priceJobAsOffice(db(), jobId, price, TEST_ACTOR, configuredTexts());
    expect(priced.kind).toBe("priced");
    expect((await setJobStatus(db(), jobId, "completed", TEST_ACTOR)).status).toBe("completed");
  });

  it("lets a lead be completed once its job's check is in, and leaves a job that opens nothing alone", async () => {
    await saveWatchSettings(db(), watchSettings({ mode: "off" }));
    const checked = await onSite();
    await recordPhoneCheck(db(), { jobId: checked.jobId, ...office() }, heard);
    await setLeadStatus(db(), checked.lead.id, "completed", TEST_ACTOR);
    expect((await jobOf(checked.jobId)).status).toBe("completed");
    const smart = await onSite("smart_locks");
    await priceJobAsOffice(db(), smart.jobId, price, TEST_ACTOR, configuredTexts());
    expect((await jobOf(smart.jobId)).finalPriceCents).toBe(18_500);
    await expect(
      recordPhoneCheck(db(), { jobId: smart.jobId, ...office() }, heard),
    ).rejects.toThrow(DOOR_CHECK_RULE.opensNothing);
  });

  it("records the check by phone: given out loud, not signed, the office user the actor", async () => {
    const { lead, jobId } = await onSite();
    await recordPhoneCheck(db(), { jobId, ...office() }, heard);
    const [check] = await db().select().from(doorChecks).where(eq(doorChecks.jobId, jobId));
    expect(check).toMatchObject({
      outcome: "checked",
      statementWay: "by_phone",
      statementName: "Ann Lee",
      statementSignature: null,
      idLast4: "K7WZ",
    });
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, jobId), eq(activityLog.action, "door_check_recorded")));
    expect(entry).toMatchObject({ actorKind: "user", actorName: "Test Operator" });
    expect(entry!.after).toMatchObject({ statementWay: "by_phone", outcome: "checked" });
    // The office's words say so, without the record's contents.
    const [job] = (await readLeadPage(db(), lead.id))!.jobs;
    const words = doorCheckWords(job!, job!.doorCheck)!;
    expect(words.standing).toBe("checked");
    expect(words.detail).toContain(
      "given out loud, not signed; reported by phone to Test Operator",
    );
    expect(words.detail).not.toContain("K7WZ");
    // A second check is refused: the first stands.
    await expect(recordPhoneCheck(db(), { jobId, ...office() }, heard)).rejects.toThrow(
      DOOR_CHECK_RULE.recorded,
    );
  });

  it("refuses what the locksmith's form refuses, in words, and writes nothing", async () => {
    const parse = (input: Record<string, unknown>) => {
      const parsed = phoneCheckSchema.safeParse({ ...heard, ...input });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(parse({ opened: "vehicle", vin: "1HGCM82633A004353", plate: "AB1234" })).toEqual([
      expect.stringMatching(/check digit/i),
    ]);
    expect(parse({ idNameMatches: "no" })).toEqual([DOOR_CHECK_FIELD.noMatch]);
    expect(parse({ consent: undefined })).toEqual([DOOR_CHECK_FIELD.heardConsent]);
    expect(parse({ signerName: "" })).toEqual([DOOR_CHECK_FIELD.heardName]);
    expect(parse({ idLast4: "12" })).toEqual([DOOR_CHECK_FIELD.idLast4]);
    // A locksmith's own form cannot claim the phone's way.
    expect(phoneCheckSchema.safeParse({ ...heard, intent: "door_check" }).success).toBe(false);

    const { jobId } = await onSite();
    const expired: PhoneCheckInput = { ...heard, idExpiry: "2001-01-31" };
    await expect(recordPhoneCheck(db(), { jobId, ...office() }, expired)).rejects.toThrow(
      DOOR_CHECK_FIELD.idExpired,
    );
    expect(await db().select().from(doorChecks).where(eq(doorChecks.jobId, jobId))).toEqual([]);
    const logged = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, jobId), eq(activityLog.action, "door_check_recorded")));
    expect(logged).toEqual([]);
  });

  it("records a refusal by phone: the job ends unpaid, the lead closes, the office is alerted", async () => {
    await saveWatchSettings(db(), watchSettings({ mode: "off" }));
    const { lead, jobId } = await onSite();
    await recordPhoneRefusal(db(), { jobId, ...office() }, "No ID, and no lease");
    expect(await jobOf(jobId)).toMatchObject({ status: "refused", finalPriceCents: null });
    const [assignment] = await db().select().from(assignments).where(eq(assignments.jobId, jobId));
    expect(assignment).toMatchObject({ state: "refused", endReason: "refused" });
    expect((await db().select().from(leads).where(eq(leads.id, lead.id)))[0]!.status).toBe(
      "cancelled",
    );
    const [alert] = await db()
      .select()
      .from(nightWatchAlerts)
      .where(and(eq(nightWatchAlerts.leadId, lead.id), eq(nightWatchAlerts.rule, "door_refused")));
    expect(alert).toBeDefined();
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, jobId), eq(activityLog.action, "door_check_refused")));
    expect(entry).toMatchObject({ actorName: "Test Operator", after: { byPhone: true } });
    // A refused opening is never priced, nor recorded again.
    await expect(
      priceJobAsOffice(db(), jobId, price, TEST_ACTOR, configuredTexts()),
    ).rejects.toThrow(OFFICE_GATE.refused);
    await expect(recordPhoneRefusal(db(), { jobId, ...office() }, "Again")).rejects.toThrow(
      DOOR_CHECK_RULE.jobEnded,
    );
  });

  it("keeps the money of a job completed before the gate with no check (Skipped)", async () => {
    const { jobId } = await onSite();
    // Completed before decision 0075, when the office's status screen was not gated.
    await db()
      .update(jobs)
      .set({ status: "completed", completedAt: new Date() })
      .where(eq(jobs.id, jobId));
    const priced = await priceJobAsOffice(db(), jobId, price, TEST_ACTOR, configuredTexts());
    expect(priced.kind).toBe("priced");
  });
});
