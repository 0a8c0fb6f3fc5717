import { eq, sql } from "drizzle-orm";
import twilio from "twilio";
import type VoiceResponse from "twilio/lib/twiml/VoiceResponse";
import { z } from "zod";
import { autoOffersOnAt } from "~/lib/night-watch/clock-rules";
import { storablePhone } from "~/lib/phone-parse";
import { VOICE } from "~/lib/phones/voice-texts";
import { callFlows } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import type { Env } from "../env.server";
import { readNightWatchSettings } from "../night-watch/settings.server";
import { readPhoneSettings } from "./phone-settings.server";
import { isTwilioRecordingUrl } from "./recordings.server";
import { callSid, optionalCount, plain, readSignedParams, twiml } from "./webhook.server";

/*
 * Lockline's call flow (issue 50, decision 0071): the business number's Voice URL points at
 * /api/webhooks/twilio/call/start, and each step answers with TwiML built by the `twilio`
 * SDK. The office's phones ring together for N seconds, then the on-call person of the night
 * watch, then voicemail; at night an optional menu sends "locked out now" straight to the
 * on-call person. Every recorded leg is announced first (Illinois: all-party consent), to the
 * caller before the <Dial>/<Record> and to whoever picks up (the <Number>'s whisper).
 * What the flow learns (a leg answered, a voicemail left) is kept by CallSid for the call's
 * terminal status callback, which stores the call as it really ended (call-events.server.ts).
 */

export const CALL_FLOW_STEPS = [
  "start",
  "menu",
  "office",
  "office-done",
  "on-call-done",
  "voicemail-done",
  "whisper",
] as const;
export type CallFlowStep = (typeof CALL_FLOW_STEPS)[number];

export type CallFlowEnv = Pick<Env, "SITE_URL" | "TWILIO_AUTH_TOKEN" | "BUSINESS_NAME">;

/** Where Twilio posts a voicemail's transcription (transcripts.server.ts). */
export const TRANSCRIPTION_PATH = "/api/webhooks/twilio/transcription";

/** Voicemail: at most two minutes, ended by five seconds of silence. */
export const VOICEMAIL = { maxLength: 120, timeout: 5 } as const;

const flowParams = z.object({
  CallSid: callSid,
  Digits: z.string().trim().max(8).optional(),
  DialCallStatus: z.string().trim().toLowerCase().optional(),
  RecordingUrl: z.string().trim().optional(),
  RecordingDuration: optionalCount,
});
type FlowParams = z.output<typeof flowParams>;

interface Plan {
  office: string[];
  officeSeconds: number;
  onCall: string | null;
  onCallSeconds: number;
  /** Voicemails transcribed by Twilio (Settings → Phone). */
  transcribe: boolean;
}

function stepUrl(env: CallFlowEnv, step: CallFlowStep): string {
  return `${env.SITE_URL}/api/webhooks/twilio/call/${step}`;
}

/** A recorded <Dial> to these numbers, the announcement said first and whispered to each. */
function dialRecorded(
  response: VoiceResponse,
  env: CallFlowEnv,
  numbers: string[],
  seconds: number,
  done: CallFlowStep,
): void {
  response.say(VOICE.recorded);
  const dial = response.dial({
    timeout: seconds,
    record: "record-from-answer-dual",
    recordingStatusCallback: `${env.SITE_URL}/api/webhooks/twilio/recording`,
    action: stepUrl(env, done),
  });
  for (const number of numbers) dial.number({ url: stepUrl(env, "whisper") }, number);
}

function voicemail(response: VoiceResponse, env: CallFlowEnv, plan: Plan): void {
  response.say(VOICE.recorded);
  response.say(VOICE.voicemail);
  response.record({
    maxLength: VOICEMAIL.maxLength,
    timeout: VOICEMAIL.timeout,
    playBeep: true,
    action: stepUrl(env, "voicemail-done"),
    // Only when the business turned it on: Twilio charges for each transcription.
    ...(plan.transcribe
      ? { transcribe: true, transcribeCallback: `${env.SITE_URL}${TRANSCRIPTION_PATH}` }
      : {}),
  });
  // Only reached when nothing was recorded (Twilio then skips the action).
  response.say(VOICE.noMessage);
  response.hangup();
}

function onCallOrVoicemail(response: VoiceResponse, env: CallFlowEnv, plan: Plan): boolean {
  if (plan.onCall) {
    dialRecorded(response, env, [plan.onCall], plan.onCallSeconds, "on-call-done");
    return false;
  }
  voicemail(response, env, plan);
  return true;
}

function officeFirst(response: VoiceResponse, env: CallFlowEnv, plan: Plan): boolean {
  if (plan.office.length === 0) return onCallOrVoicemail(response, env, plan);
  dialRecorded(response, env, plan.office, plan.officeSeconds, "office-done");
  return false;
}

async function readPlan(db: Db, now: Date): Promise<Plan & { nightMenu: boolean }> {
  const [phone, nightWatch] = await Promise.all([
    readPhoneSettings(db),
    readNightWatchSettings(db),
  ]);
  const office = phone.officeNumbers.flatMap((number) => storablePhone(number) ?? []);
  const onCall = nightWatch.onCall.phone ? (storablePhone(nightWatch.onCall.phone) ?? null) : null;
  // Night is the night watch's window (its automatic offers' hours), whether or not they are on.
  const night = autoOffersOnAt({ ...nightWatch.autoOffers, mode: "window" }, now);
  return {
    office,
    officeSeconds: phone.officeRingSeconds,
    // The on-call person already rang with the office: straight on to voicemail.
    onCall: onCall && !office.includes(onCall) ? onCall : null,
    onCallSeconds: phone.onCallRingSeconds,
    transcribe: phone.transcribeVoicemail,
    nightMenu: phone.nightMenu && night,
  };
}

/** Remembers what the flow learned about the call, for its terminal status callback. */
async function noteCall(
  db: Db,
  sid: string,
  fact: Partial<
    Pick<
      typeof callFlows.$inferInsert,
      "answered" | "reachedVoicemail" | "voicemailUrl" | "voicemailSeconds"
    >
  >,
): Promise<void> {
  const insert = db.insert(callFlows).values({ twilioCallSid: sid, ...fact });
  await (Object.keys(fact).length === 0
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({ target: callFlows.twilioCallSid, set: fact }));
}

/** The TwiML of one step, and the facts it records. */
export async function callFlowStep(
  db: Db,
  env: CallFlowEnv,
  step: CallFlowStep,
  params: FlowParams,
  now: Date = new Date(),
): Promise<VoiceResponse> {
  const response = new twilio.twiml.VoiceResponse();
  if (step === "whisper") {
    response.say(VOICE.whisper);
    return response;
  }
  const plan = await readPlan(db, now);
  // The call is in the flow: unless a leg is answered, it ends as a missed call.
  if (step === "start") await noteCall(db, params.CallSid, {});
  let reachedVoicemail = false;
  if (step === "start" && plan.nightMenu && plan.onCall) {
    const gather = response.gather({ numDigits: 1, timeout: 6, action: stepUrl(env, "menu") });
    gather.say(VOICE.nightMenu(env.BUSINESS_NAME));
    // No key pressed: the usual order.
    response.redirect(stepUrl(env, "office"));
  } else if (step === "start" || step === "office" || (step === "menu" && params.Digits !== "1")) {
    reachedVoicemail = officeFirst(response, env, plan);
  } else if (step === "menu") {
    reachedVoicemail = onCallOrVoicemail(response, env, plan);
  } else if (step === "office-done" || step === "on-call-done") {
    if (params.DialCallStatus === "completed") {
      await noteCall(db, params.CallSid, { answered: true });
      response.hangup();
    } else if (step === "office-done") {
      reachedVoicemail = onCallOrVoicemail(response, env, plan);
    } else {
      voicemail(response, env, plan);
      reachedVoicemail = true;
    }
  } else {
    const url = params.RecordingUrl;
    if (url && isTwilioRecordingUrl(url) && (params.RecordingDuration ?? 1) > 0) {
      await noteCall(db, params.CallSid, {
        voicemailUrl: url,
        reachedVoicemail: true,
        voicemailSeconds: params.RecordingDuration ?? null,
      });
    }
    response.say(VOICE.thanks);
    response.hangup();
  }
  if (reachedVoicemail) await noteCall(db, params.CallSid, { reachedVoicemail: true });
  return response;
}

/** What the terminal status callback needs to know about a call that went through the flow. */
export async function callFlowOf(db: Db, sid: string) {
  const [flow] = await db.select().from(callFlows).where(eq(callFlows.twilioCallSid, sid));
  return flow;
}

/**
 * The call log status of a call whose Twilio status is `status`, given what the flow
 * learned: Twilio reads "completed" for any call its TwiML answered, but nobody picked up
 * one that rang out to voicemail or was hung up while ringing.
 */
export function statusAfterFlow<S extends string>(
  status: S,
  flow: { answered: boolean } | undefined,
): S | "missed" {
  return status === "answered" && flow && !flow.answered ? "missed" : status;
}

/** Flow notes a day old are of no more use (the call's terminal callback came long ago). */
export async function forgetOldCallFlows(db: Db, now: Date): Promise<void> {
  await db
    .delete(callFlows)
    .where(sql`${callFlows.createdAt} < ${new Date(now.getTime() - 86_400_000)}`);
}

/** POST /api/webhooks/twilio/call/:step (signed, like every Twilio webhook). */
export async function handleCallFlowWebhook(args: {
  request: Request;
  db: Db;
  env: CallFlowEnv;
  step: string | undefined;
  now?: Date;
}): Promise<Response> {
  const params = await readSignedParams(args.request, args.env);
  if (params instanceof Response) return params;
  const step = CALL_FLOW_STEPS.find((candidate) => candidate === args.step);
  if (!step) return plain(404, "Not Found: no such step of the call flow.");
  const parsed = flowParams.safeParse(params);
  if (!parsed.success) return plain(400, "Bad Request: not a voice webhook.");
  return twiml(await callFlowStep(args.db, args.env, step, parsed.data, args.now));
}
