import { readLeadPage } from "../screens/lead-page.server";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts } from "../../../tests/helpers/texting";
import { readTwiml, type TwimlElement } from "../../../tests/helpers/twiml";
import {
  callStatusParams,
  inboundCall,
  signedTwilioRequest,
  webhookEnv,
  WEBHOOK_SITE_URL,
  type Params,
} from "../../../tests/helpers/twilio-webhooks";
import { DEFAULT_NIGHT_WATCH } from "~/lib/night-watch/clock-rules";
import { DEFAULT_PHONE_SETTINGS, type PhoneSettings } from "~/lib/phones/phone-settings";
import { VOICE } from "~/lib/phones/voice-texts";
import { callFlows, callLogs, leads } from "../db/business-tables.server";
import { messages } from "../db/messaging-tables.server";
import { saveNightWatchSettings } from "../night-watch/settings.server";
import { handleVoiceWebhook, writeAutoPhoneLeads } from "./call-events.server";
import { handleCallFlowWebhook, type CallFlowStep } from "./call-flow.server";
import { handleTranscriptionWebhook } from "./transcripts.server";
import { savePhoneSettings } from "./phone-settings.server";

const env = { ...webhookEnv, BUSINESS_NAME: "Lockline" };
const OFFICE = ["+13125550101", "+13125550102"];
const ON_CALL = "+17735550199";
/** Noon and 3 a.m. in Chicago (CDT). */
const DAY = new Date("2031-05-06T17:00:00Z");
const NIGHT = new Date("2031-05-06T08:00:00Z");
const url = (step: string) => `${WEBHOOK_SITE_URL}/api/webhooks/twilio/call/${step}`;
const RECORDING = `https://api.twilio.com/2010-04-01/Accounts/AC${"a".repeat(32)}/Recordings/RE${"b".repeat(32)}`;

const say = (text: string): TwimlElement => ({ name: "Say", attrs: {}, text, children: [] });
const hangup: TwimlElement = { name: "Hangup", attrs: {}, text: "", children: [] };
const number = (phone: string): TwimlElement => ({
  name: "Number",
  attrs: { url: url("whisper") },
  text: phone,
  children: [],
});
const recordedDial = (seconds: number, done: string, phones: string[]): TwimlElement => ({
  name: "Dial",
  attrs: {
    timeout: String(seconds),
    record: "record-from-answer-dual",
    recordingStatusCallback: `${WEBHOOK_SITE_URL}/api/webhooks/twilio/recording`,
    action: url(done),
  },
  text: "",
  children: phones.map(number),
});
const voicemail: TwimlElement[] = [
  say(VOICE.recorded),
  say(VOICE.voicemail),
  {
    name: "Record",
    attrs: { maxLength: "120", timeout: "5", playBeep: "true", action: url("voicemail-done") },
    text: "",
    children: [],
  },
  say(VOICE.noMessage),
  hangup,
];

/** Illinois: the announcement comes before every <Record> and every recorded <Dial>. */
function expectAnnounced(elements: TwimlElement[]): void {
  elements.forEach((element, index) => {
    const records = element.name === "Record" || (element.name === "Dial" && element.attrs.record);
    if (!records) return;
    expect(elements.slice(0, index), `before <${element.name}>`).toContainEqual(
      say(VOICE.recorded),
    );
  });
}

describeEachDatabase("the call flow's TwiML", (t) => {
  const db = () => t.handle.db;

  async function step(name: CallFlowStep | string, params: Params, now = DAY) {
    const response = await handleCallFlowWebhook({
      request: signedTwilioRequest(`/api/webhooks/twilio/call/${name}`, params),
      db: db(),
      env,
      step: name,
      now,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/xml/);
    const elements = readTwiml(await response.text());
    expectAnnounced(elements);
    return elements;
  }

  async function settings(phone: Partial<PhoneSettings>, onCall: string | null = ON_CALL) {
    await savePhoneSettings(db(), { ...DEFAULT_PHONE_SETTINGS, ...phone }, TEST_ACTOR);
    await saveNightWatchSettings(
      db(),
      { ...DEFAULT_NIGHT_WATCH, onCall: { name: "Ana Ruiz", phone: onCall } },
      TEST_ACTOR,
    );
  }

  const sid = () => `CA${crypto.randomBytes(16).toString("hex")}`;

  beforeEach(async () => {
    await writeAutoPhoneLeads(db(), true, TEST_ACTOR);
    await settings({ officeNumbers: OFFICE, officeRingSeconds: 15, onCallRingSeconds: 25 });
  });

  it("rings the office's phones together first, announced and whispered", async () => {
    expect(await step("start", { CallSid: sid() })).toEqual([
      say(VOICE.recorded),
      recordedDial(15, "office-done", OFFICE),
    ]);
    expect(await step("whisper", { CallSid: sid() })).toEqual([say(VOICE.whisper)]);
  });

  it("then the on-call person, then voicemail; an answered leg ends the flow", async () => {
    const call = sid();
    expect(await step("office-done", { CallSid: call, DialCallStatus: "no-answer" })).toEqual([
      say(VOICE.recorded),
      recordedDial(25, "on-call-done", [ON_CALL]),
    ]);
    expect(await step("on-call-done", { CallSid: call, DialCallStatus: "busy" })).toEqual(
      voicemail,
    );
    const answered = sid();
    expect(await step("office-done", { CallSid: answered, DialCallStatus: "completed" })).toEqual([
      hangup,
    ]);
    const [flow] = await db().select().from(callFlows).where(eq(callFlows.twilioCallSid, answered));
    expect(flow?.answered).toBe(true);
  });

  it("goes straight to voicemail with nobody to ring", async () => {
    await settings({ officeNumbers: [] }, null);
    expect(await step("start", { CallSid: sid() })).toEqual(voicemail);
    await settings({ officeNumbers: [] });
    expect(await step("start", { CallSid: sid() })).toEqual([
      say(VOICE.recorded),
      recordedDial(20, "on-call-done", [ON_CALL]),
    ]);
  });

  it("offers the night menu at night only, when it is on; 1 rings the on-call person", async () => {
    const gather: TwimlElement = {
      name: "Gather",
      attrs: { numDigits: "1", timeout: "6", action: url("menu") },
      text: "",
      children: [say(VOICE.nightMenu("Lockline"))],
    };
    const redirect: TwimlElement = {
      name: "Redirect",
      attrs: {},
      text: url("office"),
      children: [],
    };
    expect(await step("start", { CallSid: sid() }, NIGHT)).toEqual([
      say(VOICE.recorded),
      recordedDial(15, "office-done", OFFICE),
    ]);
    await settings({ officeNumbers: OFFICE, nightMenu: true });
    expect(await step("start", { CallSid: sid() }, NIGHT)).toEqual([gather, redirect]);
    expect(await step("start", { CallSid: sid() }, DAY)).toEqual([
      say(VOICE.recorded),
      recordedDial(20, "office-done", OFFICE),
    ]);
    expect(await step("menu", { CallSid: sid(), Digits: "1" }, NIGHT)).toEqual([
      say(VOICE.recorded),
      recordedDial(20, "on-call-done", [ON_CALL]),
    ]);
    expect(await step("menu", { CallSid: sid(), Digits: "2" }, NIGHT)).toEqual([
      say(VOICE.recorded),
      recordedDial(20, "office-done", OFFICE),
    ]);
    expect(await step("office", { CallSid: sid() }, NIGHT)).toEqual([
      say(VOICE.recorded),
      recordedDial(20, "office-done", OFFICE),
    ]);
  });

  it("asks Twilio to transcribe the voicemail only when the business turned it on", async () => {
    await settings({ officeNumbers: [] }, null);
    const off = (await step("start", { CallSid: sid() })).find((el) => el.name === "Record");
    expect(off?.attrs).not.toHaveProperty("transcribe");
    expect(off?.attrs).not.toHaveProperty("transcribeCallback");
    await settings({ officeNumbers: [], transcribeVoicemail: true }, null);
    expect(await step("start", { CallSid: sid() })).toEqual(
      voicemail.map((element) =>
        element.name === "Record"
          ? {
              ...element,
              attrs: {
                ...element.attrs,
                transcribe: "true",
                transcribeCallback: `${WEBHOOK_SITE_URL}/api/webhooks/twilio/transcription`,
              },
            }
          : element,
      ),
    );
  });

  it("refuses unsigned requests and unknown steps", async () => {
    const unsigned = await handleCallFlowWebhook({
      request: new Request("http://127.0.0.1:3000/api/webhooks/twilio/call/start", {
        method: "POST",
        body: "CallSid=CA1",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      db: db(),
      env,
      step: "start",
    });
    expect(unsigned.status).toBe(403);
    const unknown = await handleCallFlowWebhook({
      request: signedTwilioRequest("/api/webhooks/twilio/call/nope", { CallSid: sid() }),
      db: db(),
      env,
      step: "nope",
    });
    expect(unknown.status).toBe(404);
  });

  describe("how the call is stored when it ends", () => {
    async function ends(call: { sid: string; from: string }) {
      await handleVoiceWebhook({
        request: signedTwilioRequest(
          "/api/webhooks/twilio/voice",
          callStatusParams(call, "completed", { CallDuration: "70" }),
        ),
        db: db(),
        env,
        texts: configuredTexts(),
      });
      const [log] = await db().select().from(callLogs).where(eq(callLogs.twilioCallSid, call.sid));
      const [lead] = await db().select().from(leads).where(eq(leads.phone, call.from));
      const texts = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.toPhone, call.from), eq(messages.purpose, "customer_missed_call")));
      return { log, lead, texts };
    }

    it("a voicemail: a missed call with the recording on a new lead, not texted", async () => {
      const call = inboundCall();
      await step("start", { CallSid: call.sid });
      await step("office-done", { CallSid: call.sid, DialCallStatus: "no-answer" });
      await step("on-call-done", { CallSid: call.sid, DialCallStatus: "no-answer" });
      expect(
        await step("voicemail-done", {
          CallSid: call.sid,
          RecordingUrl: RECORDING,
          RecordingDuration: "14",
        }),
      ).toEqual([say(VOICE.thanks), hangup]);
      const { log, lead, texts } = await ends(call);
      expect(log).toMatchObject({
        status: "missed",
        voicemail: true,
        recordingUrl: RECORDING,
        durationSeconds: 0,
        voicemailSeconds: 14,
      });
      expect(lead?.details).toBe("Created from a voicemail: listen to it and call them back.");
      expect(texts).toEqual([]);
      // The lead page lists the call as a voicemail with a recording to play (through the proxy).
      const page = await readLeadPage(db(), lead!.id);
      expect(page!.calls).toEqual([
        expect.objectContaining({
          id: log!.id,
          voicemail: true,
          voicemailSeconds: 14,
          transcript: null,
          hasRecording: true,
        }),
      ]);
      expect(JSON.stringify(page!.calls)).not.toContain(RECORDING);
    });

    describe("the voicemail's transcript", () => {
      const transcription = (callSid: string, text: string, status = "completed") =>
        signedTwilioRequest("/api/webhooks/twilio/transcription", {
          CallSid: callSid,
          RecordingSid: `RE${"b".repeat(32)}`,
          TranscriptionSid: `TR${"c".repeat(32)}`,
          TranscriptionStatus: status,
          TranscriptionText: text,
        });
      const words = "Hi, I am locked out at 6118 South Pulaski, please call back.";

      async function leftVoicemail() {
        const call = inboundCall();
        await settings({ officeNumbers: [], transcribeVoicemail: true }, null);
        await step("start", { CallSid: call.sid });
        await step("voicemail-done", {
          CallSid: call.sid,
          RecordingUrl: RECORDING,
          RecordingDuration: "9",
        });
        return call;
      }

      it("is stored from a signed callback and shown on the lead beside the voicemail", async () => {
        const call = await leftVoicemail();
        const { log, lead } = await ends(call);
        const response = await handleTranscriptionWebhook({
          request: transcription(call.sid, words),
          db: db(),
          env,
        });
        expect(response.status).toBe(200);
        const page = await readLeadPage(db(), lead!.id);
        expect(page!.calls).toEqual([
          expect.objectContaining({
            id: log!.id,
            voicemail: true,
            voicemailSeconds: 9,
            transcript: words,
          }),
        ]);
      });

      it("waits for the call's log when it comes first", async () => {
        const call = await leftVoicemail();
        await handleTranscriptionWebhook({
          request: transcription(call.sid, words),
          db: db(),
          env,
        });
        const { log } = await ends(call);
        expect(log).toMatchObject({ voicemailSeconds: 9, transcript: words });
      });

      it("refuses an unsigned callback, and keeps nothing of a failed one", async () => {
        const call = await leftVoicemail();
        const { log } = await ends(call);
        const unsigned = await handleTranscriptionWebhook({
          request: new Request("http://127.0.0.1:3000/api/webhooks/twilio/transcription", {
            method: "POST",
            body: new URLSearchParams({
              CallSid: call.sid,
              TranscriptionStatus: "completed",
              TranscriptionText: "Call 900-555-0100 now",
            }).toString(),
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
          }),
          db: db(),
          env,
        });
        expect(unsigned.status).toBe(403);
        const forged = await handleTranscriptionWebhook({
          request: transcription(call.sid, "Call 900-555-0100 now", "completed").clone(),
          db: db(),
          env: { ...env, TWILIO_AUTH_TOKEN: "another-accounts-token-0123456789" },
        });
        expect(forged.status).toBe(403);
        const failed = await handleTranscriptionWebhook({
          request: transcription(call.sid, "(blank)", "failed"),
          db: db(),
          env,
        });
        expect(failed.status).toBe(200);
        const [after] = await db().select().from(callLogs).where(eq(callLogs.id, log!.id));
        expect(after?.transcript).toBeNull();
      });
    });

    it("a hang-up at voicemail: a missed call, texted back", async () => {
      const call = inboundCall();
      await step("start", { CallSid: call.sid });
      await step("office-done", { CallSid: call.sid, DialCallStatus: "no-answer" });
      await step("on-call-done", { CallSid: call.sid, DialCallStatus: "no-answer" });
      const { log, lead, texts } = await ends(call);
      expect(log).toMatchObject({ status: "missed", voicemail: false, recordingUrl: null });
      expect(texts).toHaveLength(1);
      expect(texts[0]!.leadId).toBe(lead!.id);
    });

    it("answered by the office: an answered call, not texted", async () => {
      const call = inboundCall();
      await step("start", { CallSid: call.sid });
      await step("office-done", { CallSid: call.sid, DialCallStatus: "completed" });
      const { log, texts } = await ends(call);
      expect(log).toMatchObject({ status: "answered", durationSeconds: 70 });
      expect(texts).toEqual([]);
    });
  });
});
