import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import twilio from "twilio";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { callLogs, leads } from "../db/business-tables.server";
import { createLead } from "../leads/leads.server";
import { parseEnv } from "../env.server";
import { appSettings } from "../db/app-tables.server";
import {
  AUTO_PHONE_LEADS_SETTING,
  callLogStatusFor,
  handleVoiceWebhook,
  readAutoPhoneLeads,
  writeAutoPhoneLeads,
} from "./call-events.server";
import {
  handleRecordingWebhook,
  isTwilioRecordingUrl,
  streamCallRecording,
} from "./recordings.server";

const TOKEN = "0123456789abcdef0123456789abcdef";
const ACCOUNT_SID = `AC${"a".repeat(32)}`;
const SITE_URL = "https://lockline.example";
const env = { SITE_URL, TWILIO_AUTH_TOKEN: TOKEN };
const NOW = new Date("2031-05-06T07:08:09Z");

const VOICE_PATH = "/api/webhooks/twilio/voice";
const RECORDING_PATH = "/api/webhooks/twilio/recording";

type Params = Record<string, string>;

/**
 * A callback as Twilio sends it: signed over the PUBLIC URL, but delivered (as behind a
 * proxy) to the app's own address, which the handler must not sign-check against.
 */
function twilioRequest(
  path: string,
  params: Params,
  { signature, token = TOKEN }: { signature?: string | null; token?: string } = {},
): Request {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  const signed =
    signature === undefined
      ? twilio.getExpectedTwilioSignature(token, `${SITE_URL}${path}`, params)
      : signature;
  if (signed !== null) headers.set("X-Twilio-Signature", signed);
  return new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(params).toString(),
  });
}

let counter = 0;
/** A fresh CallSid and caller (+1 708 555 01xx, valid US numbers) per test. */
function newCall(): { sid: string; from: string } {
  counter += 1;
  return {
    sid: `CA${crypto.randomBytes(16).toString("hex")}`,
    from: `+1708555${String(1000 + counter).slice(-4)}`,
  };
}

function voiceParams(
  call: { sid: string; from: string },
  status: string,
  extra: Params = {},
): Params {
  return {
    AccountSid: ACCOUNT_SID,
    CallSid: call.sid,
    From: call.from,
    To: "+13125550147",
    CallStatus: status,
    Direction: "inbound",
    Timestamp: "Tue, 06 May 2031 07:05:00 +0000",
    ...extra,
  };
}

describe("status mapping", () => {
  it.each([
    ["completed", "answered"],
    ["no-answer", "missed"],
    ["canceled", "missed"],
    ["busy", "busy"],
    ["failed", "failed"],
    ["queued", undefined],
    ["initiated", undefined],
    ["ringing", undefined],
    ["in-progress", undefined],
    ["toString", undefined],
  ])("%s → %s", (twilioStatus, expected) => {
    expect(callLogStatusFor(twilioStatus)).toBe(expected);
  });
});

describe("recording URLs", () => {
  it("accepts only Twilio's https recording URLs", () => {
    expect(
      isTwilioRecordingUrl(
        `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE1`,
      ),
    ).toBe(true);
    expect(isTwilioRecordingUrl("https://api.dublin.ie1.twilio.com/2010-04-01/x")).toBe(true);
    expect(isTwilioRecordingUrl("http://api.twilio.com/x")).toBe(false);
    expect(isTwilioRecordingUrl("https://api.twilio.com.evil.example/x")).toBe(false);
    expect(isTwilioRecordingUrl("https://user:pw@api.twilio.com/x")).toBe(false);
    expect(isTwilioRecordingUrl("not a url")).toBe(false);
  });

  it("validates the Twilio variables", () => {
    expect(parseEnv({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: TOKEN })).toMatchObject({
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: TOKEN,
    });
    expect(parseEnv({}).TWILIO_AUTH_TOKEN).toBeUndefined();
    expect(() => parseEnv({ TWILIO_ACCOUNT_SID: "SK123" })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => parseEnv({ TWILIO_AUTH_TOKEN: "short" })).toThrow(/TWILIO_AUTH_TOKEN/);
  });
});

describeEachDatabase("Twilio webhooks", (t) => {
  const db = () => t.handle.db;

  async function voice(params: Params, options?: Parameters<typeof twilioRequest>[2]) {
    return handleVoiceWebhook({
      request: twilioRequest(VOICE_PATH, params, options),
      db: db(),
      env,
      now: NOW,
    });
  }

  async function recording(params: Params, options?: Parameters<typeof twilioRequest>[2]) {
    return handleRecordingWebhook({
      request: twilioRequest(RECORDING_PATH, params, options),
      db: db(),
      env,
    });
  }

  async function callRows(sid: string) {
    return db().select().from(callLogs).where(eq(callLogs.twilioCallSid, sid));
  }

  async function leadsFor(phone: string) {
    return db().select().from(leads).where(eq(leads.phone, phone));
  }

  beforeEach(async () => {
    await writeAutoPhoneLeads(db(), true, TEST_ACTOR);
  });

  it("stores a signed call and answers with empty TwiML", async () => {
    const call = newCall();
    const response = await voice(
      voiceParams(call, "completed", { CallDuration: "95", SequenceNumber: "3" }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/xml/);
    expect(await response.text()).toMatch(/<Response\/>$/);
    const [row] = await callRows(call.sid);
    expect(row).toMatchObject({
      clientPhone: call.from,
      status: "answered",
      durationSeconds: 95,
      endTime: new Date("2031-05-06T07:05:00Z"),
      startTime: new Date("2031-05-06T07:03:25Z"),
      recordingUrl: null,
      createdAt: NOW,
    });
  });

  it("stores nothing for a missing or wrong signature (403)", async () => {
    const call = newCall();
    const params = voiceParams(call, "completed", { CallDuration: "10" });
    expect((await voice(params, { signature: null })).status).toBe(403);
    expect((await voice(params, { signature: "bm90IGEgc2lnbmF0dXJl" })).status).toBe(403);
    expect((await voice(params, { token: "ffffffffffffffffffffffffffffffff" })).status).toBe(403);
    // Signed, then tampered with: the status changed after signing.
    const request = twilioRequest(VOICE_PATH, params);
    const tampered = new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body: new URLSearchParams({ ...params, CallStatus: "busy" }).toString(),
    });
    expect((await handleVoiceWebhook({ request: tampered, db: db(), env })).status).toBe(403);
    // Signed for the internal address instead of the public one.
    const internal = twilio.getExpectedTwilioSignature(
      TOKEN,
      `http://127.0.0.1:3000${VOICE_PATH}`,
      params,
    );
    expect((await voice(params, { signature: internal })).status).toBe(403);
    expect(await callRows(call.sid)).toEqual([]);
    const recordingResponse = await recording(
      { CallSid: call.sid, RecordingStatus: "completed", RecordingUrl: "https://api.twilio.com/x" },
      { signature: null },
    );
    expect(recordingResponse.status).toBe(403);
  });

  it("checks the query string too: the public URL is SITE_URL + path + query", async () => {
    const call = newCall();
    const params = voiceParams(call, "busy");
    const path = `${VOICE_PATH}?line=main`;
    const response = await handleVoiceWebhook({
      request: twilioRequest(path, params),
      db: db(),
      env,
      now: NOW,
    });
    expect(response.status).toBe(200);
    expect(await callRows(call.sid)).toHaveLength(1);
  });

  it("answers 404 with no auth token configured, and stores nothing", async () => {
    const call = newCall();
    const response = await handleVoiceWebhook({
      request: twilioRequest(VOICE_PATH, voiceParams(call, "completed")),
      db: db(),
      env: { SITE_URL, TWILIO_AUTH_TOKEN: undefined },
    });
    expect(response.status).toBe(404);
    const recordingResponse = await handleRecordingWebhook({
      request: twilioRequest(RECORDING_PATH, { CallSid: call.sid }),
      db: db(),
      env: { SITE_URL, TWILIO_AUTH_TOKEN: undefined },
    });
    expect(recordingResponse.status).toBe(404);
    expect(await callRows(call.sid)).toEqual([]);
  });

  it("refuses other methods, oversized bodies and signed nonsense without storing", async () => {
    const get = await handleVoiceWebhook({
      request: new Request(`http://127.0.0.1:3000${VOICE_PATH}`),
      db: db(),
      env,
    });
    expect(get.status).toBe(405);
    const huge = twilioRequest(VOICE_PATH, { Junk: "x".repeat(100_000) });
    expect((await handleVoiceWebhook({ request: huge, db: db(), env })).status).toBe(413);
    expect((await voice({ Hello: "world" })).status).toBe(400);
  });

  it("changes nothing on a repeated event", async () => {
    const call = newCall();
    const params = voiceParams(call, "no-answer", { SequenceNumber: "2" });
    expect((await voice(params)).status).toBe(200);
    const [first] = await callRows(call.sid);
    const leadsAfterFirst = await leadsFor(call.from);
    expect((await voice(params)).status).toBe(200);
    expect(await callRows(call.sid)).toEqual([first]);
    expect(await leadsFor(call.from)).toEqual(leadsAfterFirst);
  });

  it("records the call once when the same event arrives twice at the same moment", async () => {
    const call = newCall();
    const params = voiceParams(call, "completed", { CallDuration: "30" });
    const responses = await Promise.all([voice(params), voice(params), voice(params)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await callRows(call.sid)).toHaveLength(1);
    expect(await leadsFor(call.from)).toHaveLength(1);
  });

  it("stores nothing before the call ends, and a late earlier state never overwrites the end", async () => {
    const call = newCall();
    expect((await voice(voiceParams(call, "initiated", { SequenceNumber: "0" }))).status).toBe(200);
    expect((await voice(voiceParams(call, "ringing", { SequenceNumber: "1" }))).status).toBe(200);
    expect(await callRows(call.sid)).toEqual([]);
    await voice(voiceParams(call, "completed", { CallDuration: "125", SequenceNumber: "3" }));
    // Delivered late, with lower sequence numbers: ignored.
    await voice(voiceParams(call, "in-progress", { SequenceNumber: "2" }));
    await voice(voiceParams(call, "ringing", { SequenceNumber: "1" }));
    await voice(voiceParams(call, "ringing"));
    const rows = await callRows(call.sid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "answered", durationSeconds: 125 });
  });

  it("keeps the first terminal event of a call", async () => {
    const call = newCall();
    await voice(voiceParams(call, "completed", { CallDuration: "60", SequenceNumber: "3" }));
    // A call ends once; anything terminal after that is a redelivery and is not applied.
    await voice(voiceParams(call, "canceled", { SequenceNumber: "1" }));
    await voice(voiceParams(call, "completed", { CallDuration: "0", SequenceNumber: "2" }));
    expect(await callRows(call.sid)).toEqual([
      expect.objectContaining({ status: "answered", durationSeconds: 60 }),
    ]);
  });

  it.each([
    ["completed", "answered", 42],
    ["no-answer", "missed", 0],
    ["canceled", "missed", 0],
    ["busy", "busy", 0],
    ["failed", "failed", 0],
  ] as const)("stores %s as %s", async (twilioStatus, status, duration) => {
    const call = newCall();
    await voice(voiceParams(call, twilioStatus, { CallDuration: "42" }));
    expect(await callRows(call.sid)).toEqual([
      expect.objectContaining({ status, durationSeconds: duration }),
    ]);
  });

  it("keeps a withheld number as Twilio sent it, with no lead", async () => {
    const call = { sid: newCall().sid, from: "+266696687" };
    await voice(voiceParams(call, "no-answer"));
    expect(await callRows(call.sid)).toEqual([
      expect.objectContaining({ clientPhone: "+266696687" }),
    ]);
    expect(await leadsFor("+266696687")).toEqual([]);
  });

  describe("automatic phone leads", () => {
    it("creates one new phone lead for an answered or missed inbound call from a new number", async () => {
      const answered = newCall();
      await voice(voiceParams(answered, "completed", { CallDuration: "20" }));
      expect(await leadsFor(answered.from)).toEqual([
        expect.objectContaining({
          name: null,
          phone: answered.from,
          status: "new",
          source: "phone",
          serviceType: "emergency",
          zip: null,
        }),
      ]);
      const missed = newCall();
      await voice(voiceParams(missed, "canceled"));
      expect(await leadsFor(missed.from)).toEqual([
        expect.objectContaining({ source: "phone", status: "new" }),
      ]);
    });

    it("stores the caller's number in E.164 whatever Twilio's spelling", async () => {
      const call = newCall();
      const national = `(${call.from.slice(2, 5)}) ${call.from.slice(5, 8)}-${call.from.slice(8)}`;
      await voice(voiceParams({ sid: call.sid, from: national }, "completed"));
      expect((await callRows(call.sid))[0]?.clientPhone).toBe(call.from);
      expect(await leadsFor(call.from)).toHaveLength(1);
    });

    it("makes no second lead while one is open for the same number, however it was typed", async () => {
      const first = newCall();
      const typed = `(${first.from.slice(2, 5)}) ${first.from.slice(5, 8)}-${first.from.slice(8)}`;
      // Typed by an operator: stored as E.164 and linked to the caller's customer.
      const manual = await createLead(
        db(),
        { name: "Pat", phone: typed, serviceType: "automotive" },
        TEST_ACTOR,
      );
      await voice(voiceParams(first, "completed"));
      await voice(voiceParams({ sid: newCall().sid, from: first.from }, "no-answer"));
      expect((await leadsFor(first.from)).map((lead) => lead.id)).toEqual([manual.id]);
      // Once that lead is closed, the next call opens a new one.
      await db().update(leads).set({ status: "completed" }).where(eq(leads.id, manual.id));
      await voice(voiceParams({ sid: newCall().sid, from: first.from }, "completed"));
      expect(await leadsFor(first.from)).toHaveLength(2);
    });

    it("makes one lead when two calls from one number end at the same moment", async () => {
      const first = newCall();
      const second = { sid: newCall().sid, from: first.from };
      await Promise.all([
        voice(voiceParams(first, "completed")),
        voice(voiceParams(second, "no-answer")),
      ]);
      expect(await callRows(first.sid)).toHaveLength(1);
      expect(await callRows(second.sid)).toHaveLength(1);
      expect(await leadsFor(first.from)).toHaveLength(1);
    });

    it("makes none for outbound or failed calls (a busy line is a missed call: issue 50)", async () => {
      for (const [direction, status] of [
        ["outbound-api", "completed"],
        ["outbound-dial", "no-answer"],
        ["inbound", "failed"],
      ]) {
        const call = newCall();
        await voice(voiceParams(call, status!, { Direction: direction! }));
        expect(await callRows(call.sid), `${direction} ${status}`).toHaveLength(1);
        expect(await leadsFor(call.from), `${direction} ${status}`).toEqual([]);
      }
    });

    it("makes none when the setting is off (it is on by default)", async () => {
      await db().delete(appSettings).where(eq(appSettings.key, AUTO_PHONE_LEADS_SETTING));
      expect(await readAutoPhoneLeads(db())).toBe(true);
      await writeAutoPhoneLeads(db(), false, TEST_ACTOR);
      expect(await readAutoPhoneLeads(db())).toBe(false);
      const call = newCall();
      await voice(voiceParams(call, "no-answer"));
      expect(await callRows(call.sid)).toHaveLength(1);
      expect(await leadsFor(call.from)).toEqual([]);
    });
  });

  describe("recording callback", () => {
    const recordingUrl = (sid: string) =>
      `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE${sid.slice(2)}`;

    it("stores a completed recording's URL on the call, once", async () => {
      const call = newCall();
      await voice(voiceParams(call, "completed", { CallDuration: "50" }));
      const params = {
        AccountSid: ACCOUNT_SID,
        CallSid: call.sid,
        RecordingSid: `RE${call.sid.slice(2)}`,
        RecordingUrl: recordingUrl(call.sid),
        RecordingStatus: "completed",
        RecordingDuration: "48",
      };
      const response = await recording(params);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/<Response\/>$/);
      expect((await callRows(call.sid))[0]?.recordingUrl).toBe(recordingUrl(call.sid));
      // A redelivery, and a second recording of the same call, leave the first in place.
      expect((await recording(params)).status).toBe(200);
      await recording({ ...params, RecordingUrl: `${recordingUrl(call.sid)}0` });
      expect((await callRows(call.sid))[0]?.recordingUrl).toBe(recordingUrl(call.sid));
    });

    it("ignores recordings that are not completed, and refuses a URL that is not Twilio's", async () => {
      const call = newCall();
      await voice(voiceParams(call, "completed"));
      for (const status of ["in-progress", "absent", "failed"]) {
        const response = await recording({
          CallSid: call.sid,
          RecordingStatus: status,
          RecordingUrl: recordingUrl(call.sid),
        });
        expect(response.status).toBe(200);
      }
      const foreign = await recording({
        CallSid: call.sid,
        RecordingStatus: "completed",
        RecordingUrl: "https://evil.example/recording",
      });
      expect(foreign.status).toBe(400);
      expect((await callRows(call.sid))[0]?.recordingUrl).toBeNull();
    });

    it("answers 503 and stores nothing when the call has not been recorded yet", async () => {
      const call = newCall();
      const response = await recording({
        CallSid: call.sid,
        RecordingStatus: "completed",
        RecordingUrl: recordingUrl(call.sid),
      });
      expect(response.status).toBe(503);
      expect(await callRows(call.sid)).toEqual([]);
    });
  });

  describe("recording player", () => {
    const recordingEnv = { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: TOKEN };
    const twilioUrl = `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE${"b".repeat(32)}`;

    async function storedCall(recordingUrl: string | null) {
      const [row] = await db()
        .insert(callLogs)
        .values({
          clientPhone: "+17085550199",
          status: "answered",
          startTime: NOW,
          recordingUrl,
        })
        .returning();
      return row!;
    }

    function browserRequest(id: string, query = "", headers: HeadersInit = {}) {
      return new Request(`http://127.0.0.1:3000/admin/call-logs/${id}/recording${query}`, {
        headers,
      });
    }

    /** The recording of call `id` as the office's browser asks for it, through `fetch`. */
    function streamed(id: string, fetch: typeof globalThis.fetch, request = browserRequest(id)) {
      return streamCallRecording({ db: db(), env: recordingEnv, id, request, fetch });
    }

    function stubFetch(response: () => Response) {
      return vi.fn<typeof fetch>(async () => response());
    }

    async function everything(response: Response) {
      return `${[...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n")}\n${await response.text()}`;
    }

    it("fetches the MP3 with Basic auth and streams it back without revealing Twilio's URL", async () => {
      const call = await storedCall(twilioUrl);
      const fetch = stubFetch(
        () =>
          new Response("ID3-audio-bytes", {
            status: 200,
            headers: {
              "Content-Type": "audio/x-mpeg",
              "Content-Length": "15",
              "Accept-Ranges": "bytes",
              "Content-Location": `${twilioUrl}.mp3`,
              Location: twilioUrl,
            },
          }),
      );
      const response = await streamed(call.id, fetch);
      expect(fetch).toHaveBeenCalledTimes(1);
      const [url, init] = fetch.mock.calls[0]!;
      expect(url).toBe(`${twilioUrl}.mp3`);
      const sent = new Headers(init?.headers);
      expect(sent.get("Authorization")).toBe(
        `Basic ${Buffer.from(`${ACCOUNT_SID}:${TOKEN}`).toString("base64")}`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("audio/mpeg");
      expect(response.headers.get("Content-Length")).toBe("15");
      expect(response.headers.get("Content-Disposition")).toBe(
        `inline; filename="call-${call.id.slice(0, 8)}.mp3"`,
      );
      const seen = await everything(response);
      expect(seen).toContain("ID3-audio-bytes");
      expect(seen).not.toContain("twilio.com");
      expect(seen).not.toContain(TOKEN);
      expect(seen).not.toContain(ACCOUNT_SID);
    });

    it("downloads with ?download=1 and passes a Range request through", async () => {
      const call = await storedCall(twilioUrl);
      const fetch = stubFetch(
        () =>
          new Response("dio", {
            status: 206,
            headers: { "Content-Range": "bytes 2-4/15", "Content-Length": "3" },
          }),
      );
      const response = await streamed(
        call.id,
        fetch,
        browserRequest(call.id, "?download=1", { Range: "bytes=2-4" }),
      );
      expect(new Headers(fetch.mock.calls[0]![1]?.headers).get("Range")).toBe("bytes=2-4");
      expect(response.status).toBe(206);
      expect(response.headers.get("Content-Range")).toBe("bytes 2-4/15");
      expect(response.headers.get("Content-Disposition")).toBe(
        `attachment; filename="call-${call.id.slice(0, 8)}.mp3"`,
      );
      expect(await response.text()).toBe("dio");
    });

    it("answers 404 for a call without a recording, or no such call", async () => {
      const fetch = stubFetch(() => new Response("never"));
      const call = await storedCall(null);
      for (const id of [call.id, crypto.randomUUID(), "not-a-uuid"]) {
        const response = await streamed(id, fetch);
        expect(response.status).toBe(404);
      }
      expect(fetch).not.toHaveBeenCalled();
    });

    it("answers 502 with a clear message when credentials are missing or Twilio fails", async () => {
      const call = await storedCall(twilioUrl);
      const play = (
        env: typeof recordingEnv | Record<string, undefined>,
        fetch: typeof globalThis.fetch,
      ) =>
        streamCallRecording({
          db: db(),
          env,
          id: call.id,
          request: browserRequest(call.id),
          fetch,
        });

      const unused = stubFetch(() => new Response("never"));
      const missing = await play(
        { TWILIO_ACCOUNT_SID: undefined, TWILIO_AUTH_TOKEN: TOKEN } as never,
        unused,
      );
      expect(missing.status).toBe(502);
      expect(await missing.text()).toMatch(/TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN/);
      expect(unused).not.toHaveBeenCalled();

      const refused = await play(
        recordingEnv,
        stubFetch(() => new Response("nope", { status: 401 })),
      );
      expect(refused.status).toBe(502);
      expect(await refused.text()).toMatch(/refused the server's credentials/);

      const gone = await play(
        recordingEnv,
        stubFetch(() => new Response("nope", { status: 404 })),
      );
      expect(gone.status).toBe(502);
      const goneText = await gone.text();
      expect(goneText).toMatch(/no longer has this recording/);
      expect(goneText).not.toContain("twilio.com");

      const down = await play(
        recordingEnv,
        vi.fn<typeof fetch>(async () => {
          throw new TypeError("fetch failed");
        }),
      );
      expect(down.status).toBe(502);
      expect(await down.text()).toMatch(/Couldn't reach Twilio/);
    });

    it("never sends the credentials anywhere but Twilio", async () => {
      const call = await storedCall("https://attacker.example/Recordings/RE1");
      const fetch = stubFetch(() => new Response("never"));
      const response = await streamed(call.id, fetch);
      expect(response.status).toBe(502);
      expect(fetch).not.toHaveBeenCalled();
    });
  });
});
