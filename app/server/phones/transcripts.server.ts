import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { callFlows, callLogs } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { callSid, readSignedCallback, twimlOk, type TwilioWebhookEnv } from "./webhook.server";

/*
 * Voicemail transcripts (issue 50, decision 0071): with Settings → Phone's "Transcribe
 * voicemails" on, the flow's <Record> asks Twilio to transcribe, and Twilio posts the text
 * here (signed, like every Twilio webhook) a little after the call ends. It is kept on the
 * call's log and shown on the lead beside the voicemail; the retention purge deletes it
 * with the recording. A transcription that comes before the call's terminal status
 * callback waits in the flow's notes, which that callback reads.
 */

/** Twilio's transcriptions are of a two-minute voicemail at most; anything longer is cut. */
const TRANSCRIPT_MAX_LENGTH = 4_000;

const transcriptionParams = z.object({
  CallSid: callSid,
  TranscriptionStatus: z.string().trim().toLowerCase(),
  TranscriptionText: z.string().default(""),
});

/** Keeps the text on the call, or in the flow's notes until the call's log is written. */
export async function storeTranscript(db: Db, sid: string, text: string): Promise<void> {
  const transcript = text.trim().slice(0, TRANSCRIPT_MAX_LENGTH);
  if (!transcript) return;
  await db.transaction(async (tx) => {
    const [logged] = await tx
      .update(callLogs)
      .set({ transcript })
      // Never brings back the words of a recording already purged.
      .where(and(eq(callLogs.twilioCallSid, sid), isNull(callLogs.recordingPurgedAt)))
      .returning({ id: callLogs.id });
    if (logged) return;
    await tx
      .insert(callFlows)
      .values({ twilioCallSid: sid, transcript })
      .onConflictDoUpdate({ target: callFlows.twilioCallSid, set: { transcript } });
  });
}

/** POST /api/webhooks/twilio/transcription: Twilio's transcribeCallback. */
export async function handleTranscriptionWebhook(args: {
  request: Request;
  db: Db;
  env: TwilioWebhookEnv;
}): Promise<Response> {
  const callback = await readSignedCallback(
    args.request,
    args.env,
    transcriptionParams,
    "a transcription callback",
  );
  if (callback instanceof Response) return callback;
  // A failed transcription has no text worth keeping; Twilio is answered all the same.
  if (callback.TranscriptionStatus === "completed") {
    await storeTranscript(args.db, callback.CallSid, callback.TranscriptionText);
  }
  return twimlOk();
}
