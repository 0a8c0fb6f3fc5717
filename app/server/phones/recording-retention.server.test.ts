import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { FAKE_ACCOUNT_SID, FakeTwilio } from "../../../tests/helpers/fake-twilio";
import { watchDeps, watchSettings } from "../../../tests/helpers/night-watch";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { unconfiguredTexts } from "../../../tests/helpers/texting";
import { DEFAULT_PHONE_SETTINGS } from "~/lib/phones/phone-settings";
import { activityLog } from "../db/activity-tables.server";
import { scheduleTimer } from "../background/timers.server";
import { callLogs } from "../db/business-tables.server";
import { timers } from "../db/night-watch-tables.server";
import { fireDueTimers } from "../night-watch/timer-worker.server";
import { savePhoneSettings } from "./phone-settings.server";
import { recordingSidOf } from "./recording-retention.server";

const DAY = 86_400_000;

describeEachDatabase("recording retention", (t) => {
  const db = () => t.handle.db;
  let fake: FakeTwilio;

  /** A call with a recording Twilio holds (or no longer holds), made `daysAgo`. */
  async function recordedCall(now: Date, daysAgo: number, { atTwilio = true } = {}) {
    const sid = `RE${crypto.randomBytes(16).toString("hex")}`;
    if (atTwilio) fake.recordings.add(sid);
    const at = new Date(now.getTime() - daysAgo * DAY);
    const [row] = await db()
      .insert(callLogs)
      .values({
        clientPhone: uniquePhone(),
        status: "missed",
        startTime: at,
        createdAt: at,
        voicemail: true,
        transcript: "Locked out at the back door, call me",
        twilioCallSid: `CA${crypto.randomBytes(16).toString("hex")}`,
        recordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${FAKE_ACCOUNT_SID}/Recordings/${sid}`,
      })
      .returning();
    return { ...row!, sid };
  }

  async function purgeAt(
    now: Date,
    deps = watchDeps(db(), () => watchSettings(), { fakeTwilio: fake }),
  ) {
    await db().delete(timers).where(eq(timers.key, "recording_purge"));
    await scheduleTimer(db(), { kind: "recording_purge", key: "recording_purge", dueAt: now });
    await fireDueTimers(deps, { now });
  }

  const row = async (id: string) =>
    (await db().select().from(callLogs).where(eq(callLogs.id, id)))[0]!;
  const purges = (ids: string[]) =>
    db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "recording_purged"), inArray(activityLog.entityId, ids)));

  beforeEach(async () => {
    fake = new FakeTwilio();
    await savePhoneSettings(db(), DEFAULT_PHONE_SETTINGS, TEST_ACTOR);
  });

  it("reads the recording's SID from its URL", () => {
    const sid = `RE${"a".repeat(32)}`;
    expect(recordingSidOf(`https://api.twilio.com/2010-04-01/Accounts/AC1/Recordings/${sid}`)).toBe(
      sid,
    );
    expect(recordingSidOf(`https://api.twilio.com/x/Recordings/${sid}.mp3`)).toBe(sid);
    expect(recordingSidOf("https://api.twilio.com/x/Recordings/RE12")).toBeUndefined();
  });

  it("deletes recordings past 90 days at Twilio and here, logged; keeps the rest", async () => {
    const now = new Date();
    const old = await recordedCall(now, 91);
    const goneAtTwilio = await recordedCall(now, 120, { atTwilio: false });
    const recent = await recordedCall(now, 89);
    await purgeAt(now);

    expect(fake.removedRecordings).toContain(old.sid);
    expect(fake.recordings.has(recent.sid)).toBe(true);
    // The transcript is the recording in words: it goes with it.
    expect(await row(old.id)).toMatchObject({
      recordingUrl: null,
      transcript: null,
      recordingPurgedAt: now,
    });
    expect(await row(goneAtTwilio.id)).toMatchObject({ recordingUrl: null });
    expect(await row(recent.id)).toMatchObject({
      recordingUrl: recent.recordingUrl,
      transcript: "Locked out at the back door, call me",
      recordingPurgedAt: null,
    });
    const logged = await purges([old.id, goneAtTwilio.id, recent.id]);
    expect(logged.map((entry) => [entry.entityId, entry.after])).toEqual(
      expect.arrayContaining([
        [
          old.id,
          expect.objectContaining({ retentionDays: 90, twilio: "removed", recordingSid: old.sid }),
        ],
        [goneAtTwilio.id, expect.objectContaining({ twilio: "gone" })],
      ]),
    );
    expect(logged).toHaveLength(2);
    const [timer] = await db().select().from(timers).where(eq(timers.key, "recording_purge"));
    expect(timer).toMatchObject({ state: "pending", dueAt: new Date(now.getTime() + 3_600_000) });
  });

  it("follows the retention setting, and without Twilio clears only its own copy", async () => {
    const now = new Date();
    const call = await recordedCall(now, 10);
    await purgeAt(now);
    expect((await row(call.id)).recordingUrl).not.toBeNull();
    await savePhoneSettings(
      db(),
      { ...DEFAULT_PHONE_SETTINGS, recordingRetentionDays: 7 },
      TEST_ACTOR,
    );
    await purgeAt(
      now,
      watchDeps(db(), () => watchSettings(), { fakeTwilio: fake, texts: unconfiguredTexts }),
    );
    expect((await row(call.id)).recordingUrl).toBeNull();
    expect(fake.removedRecordings).toEqual([]);
    const [logged] = await purges([call.id]);
    expect(logged?.after).toMatchObject({ retentionDays: 7, twilio: "not_configured" });
  });
});
