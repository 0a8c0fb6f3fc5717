import { and, asc, eq, isNotNull, lt } from "drizzle-orm";
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import type { Actor } from "~/lib/activity";
import { callLogs } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";
import type { TextSender } from "../texting/text-settings.server";
import { REQUEST_TIMEOUT_MS } from "../texting/twilio-base.server";
import { readPhoneSettings } from "./phone-settings.server";

/*
 * Recordings are kept for the owner's retention (Settings → Phone, 90 days by default), then
 * deleted at Twilio through the SDK and forgotten here, each deletion in the activity log
 * (issue 50, decision 0071). The `recording_purge` timer runs it every hour; Twilio's copy
 * is deleted first (it cannot roll back), then our row: a crash in between deletes it once
 * more at the next pass, and Twilio's 404 for a recording already gone counts as deleted.
 */

/** How often the recordings past retention are looked for. */
export const RECORDING_PURGE_EVERY_MS = 3_600_000;
/** Recordings deleted per pass: the rest wait for the next one. */
const PER_PASS = 100;

const RETENTION: Actor = { kind: "system", name: "Recording retention" };

/** Deletes a recording at Twilio: "gone" when Twilio no longer has it. */
export interface RecordingRemover {
  remove(recordingSid: string): Promise<"removed" | "gone">;
}

/** Through the official SDK with the account's credentials; none without them. */
export function twilioRecordingRemover(
  sender: TextSender,
  httpClient?: RequestClient,
): RecordingRemover | undefined {
  if (!sender.configured) return undefined;
  const client = twilio(sender.accountSid, sender.authToken, {
    httpClient,
    timeout: REQUEST_TIMEOUT_MS,
    autoRetry: false,
  });
  return {
    async remove(recordingSid) {
      try {
        await client.recordings(recordingSid).remove();
        return "removed";
      } catch (error) {
        if ((error as { status?: number }).status === 404) return "gone";
        throw error;
      }
    },
  };
}

/** The recording's SID (RE + 32 hex digits) from its URL, if it has one. */
export function recordingSidOf(url: string): string | undefined {
  return /\/Recordings\/(RE[0-9a-fA-F]{32})(?:\.\w+)?$/.exec(url)?.[1];
}

/**
 * One pass: the recordings of calls older than the retention, deleted at Twilio (when
 * Twilio is configured) and here. Returns how many were purged.
 */
export async function purgeExpiredRecordings(
  db: Db,
  remover: RecordingRemover | undefined,
  now: Date,
): Promise<number> {
  const { recordingRetentionDays } = await readPhoneSettings(db);
  const cutoff = new Date(now.getTime() - recordingRetentionDays * 86_400_000);
  const due = await db
    .select({ id: callLogs.id, url: callLogs.recordingUrl, voicemail: callLogs.voicemail })
    .from(callLogs)
    .where(and(isNotNull(callLogs.recordingUrl), lt(callLogs.createdAt, cutoff)))
    .orderBy(asc(callLogs.createdAt))
    .limit(PER_PASS);
  let purged = 0;
  for (const row of due) {
    const sid = recordingSidOf(row.url!);
    const atTwilio = sid && remover ? await remover.remove(sid) : "not_configured";
    await db.transaction(async (tx) => {
      const [cleared] = await tx
        .update(callLogs)
        // A transcript is the recording in words: it goes with it.
        .set({ recordingUrl: null, transcript: null, recordingPurgedAt: now })
        .where(and(eq(callLogs.id, row.id), eq(callLogs.recordingUrl, row.url!)))
        .returning({ id: callLogs.id });
      if (!cleared) return;
      purged += 1;
      await recordActivity(tx, {
        actor: RETENTION,
        entity: "call_log",
        entityId: row.id,
        action: "recording_purged",
        after: {
          retentionDays: recordingRetentionDays,
          voicemail: row.voicemail,
          recordingSid: sid ?? null,
          twilio: atTwilio,
        },
      });
    });
  }
  return purged;
}
