import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { callLogs } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import type { Env } from "../env.server";
import { getCallLog } from "./call-logs.server";
import {
  callSid,
  optionalCount,
  plain,
  readSignedCallback,
  twimlOk,
  type TwilioWebhookEnv,
} from "./webhook.server";
import { logger } from "../logger.server";

/*
 * Call recordings: Twilio's recording status callback (POST /api/webhooks/twilio/recording)
 * and the admin's player, which fetches the audio from Twilio with the account's
 * credentials so neither they nor Twilio's URL reach a browser.
 */

export type TwilioRecordingEnv = Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN">;

const recordingEventSchema = z.object({
  CallSid: callSid,
  RecordingStatus: z.string().trim().toLowerCase(),
  RecordingUrl: z.string().trim().optional(),
  RecordingSid: z.string().optional(),
  RecordingDuration: optionalCount,
});

export type RecordingEvent = z.output<typeof recordingEventSchema>;

/** Twilio's recordings live under https://api.twilio.com (or a regional *.twilio.com). */
export function isTwilioRecordingUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === "https:" &&
      (url.hostname === "twilio.com" || url.hostname.endsWith(".twilio.com")) &&
      !url.username &&
      !url.password &&
      !url.search &&
      !url.hash
    );
  } catch {
    return false;
  }
}

export interface RecordingWebhookArgs {
  request: Request;
  db: Db;
  env: TwilioWebhookEnv;
}

/** POST /api/webhooks/twilio/recording. */
export async function handleRecordingWebhook({
  request,
  db,
  env,
}: RecordingWebhookArgs): Promise<Response> {
  const event = await readSignedCallback(
    request,
    env,
    recordingEventSchema,
    "a recording status callback",
  );
  if (event instanceof Response) return event;
  const result = await recordRecordingEvent(db, event);
  if (result === "invalid-url") return plain(400, "Bad Request: RecordingUrl is not Twilio's.");
  if (result === "unknown-call") {
    // The call's own (terminal) status callback has not arrived yet: nothing to attach to.
    // A 503 shows in Twilio's debugger, and Twilio retries when its retry policy allows.
    logger.warn({ callSid: event.CallSid }, "Twilio recording arrived before its call");
    return plain(503, "The call is not recorded yet; try again.", { "Retry-After": "5" });
  }
  return twimlOk();
}

export type RecordingOutcome = "ignored" | "stored" | "unchanged" | "unknown-call" | "invalid-url";

/**
 * Attaches a completed recording's URL to its call. The first recording stored stays (a
 * redelivery, or a second recording of the same call, changes nothing); in-progress,
 * absent and failed recordings are acknowledged and ignored.
 */
export async function recordRecordingEvent(
  db: Db,
  event: RecordingEvent,
): Promise<RecordingOutcome> {
  if (event.RecordingStatus !== "completed") return "ignored";
  const url = event.RecordingUrl?.replace(/\.(mp3|wav)$/i, "");
  if (!url || !isTwilioRecordingUrl(url)) return "invalid-url";
  const [stored] = await db
    .update(callLogs)
    .set({ recordingUrl: url })
    .where(and(eq(callLogs.twilioCallSid, event.CallSid), isNull(callLogs.recordingUrl)))
    .returning({ id: callLogs.id });
  if (stored) return "stored";
  const [call] = await db
    .select({ id: callLogs.id })
    .from(callLogs)
    .where(eq(callLogs.twilioCallSid, event.CallSid));
  return call ? "unchanged" : "unknown-call";
}

// The admin's recording player: GET /admin/call-logs/:id/recording

export interface StreamRecordingArgs {
  db: Db;
  env: TwilioRecordingEnv;
  /** The call log's id (from the URL). */
  id: string;
  /** The browser's request: its Range header is passed on, its abort stops the download. */
  request: Request;
  /** Injected in tests. */
  fetch?: typeof globalThis.fetch;
}

/** Headers of Twilio's answer that the browser may see (nothing that names Twilio's URL). */
const PASSED_HEADERS = [
  "Content-Length",
  "Content-Range",
  "Accept-Ranges",
  "Last-Modified",
  "ETag",
];

/**
 * The call's recording as MP3, fetched from Twilio with HTTP Basic auth and streamed back.
 * `?download=1` makes it a download (call-<first 8 of id>.mp3). 404 when the call has no
 * recording; 502 with a clear message when credentials are missing or Twilio fails. The
 * caller (the admin layout's middleware) has already checked the user.
 */
export async function streamCallRecording({
  db,
  env,
  id,
  request,
  fetch = globalThis.fetch,
}: StreamRecordingArgs): Promise<Response> {
  const call = await getCallLog(db, id);
  if (!call?.recordingUrl) return plain(404, "This call has no recording.");
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) {
    return plain(
      502,
      "Recordings can't be played: the server has no Twilio credentials (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN).",
    );
  }
  // Credentials go to Twilio and nowhere else, whatever the database holds.
  if (!isTwilioRecordingUrl(call.recordingUrl)) {
    return plain(502, "Recordings can't be played: this call's recording address is not Twilio's.");
  }
  const headers = new Headers({
    Authorization: `Basic ${Buffer.from(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`).toString("base64")}`,
    Accept: "audio/mpeg",
  });
  const range = request.headers.get("Range");
  if (range && /^bytes=\d*-\d*$/.test(range.trim())) headers.set("Range", range.trim());

  let upstream: Response;
  try {
    upstream = await fetch(`${call.recordingUrl}.mp3`, {
      headers,
      signal: request.signal,
      // A cross-origin redirect (to Twilio's media storage) drops the Authorization header.
      redirect: "follow",
    });
  } catch (error) {
    if (request.signal.aborted) return plain(499, "Client closed the request.");
    logger.error({ err: error }, "Twilio recording fetch failed");
    return plain(502, "Couldn't reach Twilio to fetch the recording. Try again in a moment.");
  }

  if (upstream.status === 416) {
    await upstream.body?.cancel();
    const contentRange = upstream.headers.get("Content-Range");
    return plain(
      416,
      "Range Not Satisfiable",
      contentRange ? { "Content-Range": contentRange } : {},
    );
  }
  if (!upstream.ok || !upstream.body) {
    await upstream.body?.cancel();
    const reason =
      upstream.status === 401 || upstream.status === 403
        ? "Twilio refused the server's credentials: check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN."
        : upstream.status === 404
          ? "Twilio no longer has this recording (it may have been deleted)."
          : "Twilio could not send the recording. Try again in a moment.";
    return plain(502, `${reason} (Twilio answered HTTP ${upstream.status}.)`);
  }

  const out = new Headers({
    "Content-Type": "audio/mpeg",
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  const filename = `call-${call.id.slice(0, 8)}.mp3`;
  const download = new URL(request.url).searchParams.get("download") === "1";
  out.set("Content-Disposition", `${download ? "attachment" : "inline"}; filename="${filename}"`);
  return new Response(upstream.body, { status: upstream.status === 206 ? 206 : 200, headers: out });
}
