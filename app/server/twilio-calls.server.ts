import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import twilio from "twilio";
import { z } from "zod";
import type { CallStatus, LeadStatus } from "~/lib/business-enums";
import { readSetting, writeSetting } from "./app-settings.server";
import { callLogs, leads, type CallLog, type Lead } from "./business-schema.server";
import { getCallLog } from "./call-logs.server";
import type { Database } from "./db.server";
import type { Env } from "./env.server";
import { createLead } from "./leads.server";

/*
 * Phone calls from Twilio: the Voice status callback and the recording status callback
 * (POST /api/webhooks/twilio/*), and the admin's recording player, which fetches the audio
 * from Twilio with the account's credentials so neither they nor Twilio's URL reach a
 * browser. The rules are in docs/decisions/0009-twilio-call-events.md.
 *
 * Order and duplicates. Twilio ranks a call's states queued/initiated < ringing <
 * in-progress < terminal (completed, busy, no-answer, canceled, failed), and a call reaches
 * exactly one terminal state. The call log's status has no "in progress" value, so a call is
 * written once, by its terminal event: an earlier state arriving late can never overwrite
 * it (it ranks lower), a repeated terminal event is a redelivery and changes nothing, and
 * the list never shows a status the call did not end with. Non-terminal events are
 * verified and acknowledged but store nothing.
 */

export const AUTO_PHONE_LEADS_SETTING = "auto_phone_leads";

/** Twilio's call status (CallStatus) → the call log's status; non-terminal ones have none. */
export const CALL_LOG_STATUS_BY_TWILIO_STATUS: Readonly<Record<string, CallStatus>> = {
  completed: "answered",
  "no-answer": "missed",
  canceled: "missed",
  busy: "busy",
  failed: "failed",
};

/** The call log status a Twilio status ends in, or undefined while the call is not over. */
export function callLogStatusFor(twilioStatus: string): CallStatus | undefined {
  return Object.hasOwn(CALL_LOG_STATUS_BY_TWILIO_STATUS, twilioStatus)
    ? CALL_LOG_STATUS_BY_TWILIO_STATUS[twilioStatus]
    : undefined;
}

/** A lead still being worked: a second call from the same number joins it. */
const OPEN_LEAD_STATUSES: LeadStatus[] = ["new", "assigned", "in_progress"];

/** Callbacks are a few hundred bytes; anything far larger is not Twilio. */
const MAX_BODY_BYTES = 64 * 1024;

export type TwilioWebhookEnv = Pick<Env, "SITE_URL" | "TWILIO_AUTH_TOKEN">;
export type TwilioRecordingEnv = Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN">;

// ---------------------------------------------------------------------------------------
// Phone numbers
// ---------------------------------------------------------------------------------------

/**
 * A caller's number in E.164 (+13125550147), read as a US number when it has no country
 * code; undefined for what is not a callable number (Twilio sends "anonymous",
 * "+266696687" for a withheld number, or "client:..." for browser calls).
 */
export function normalizePhone(raw: string): string | undefined {
  const parsed = parsePhoneNumberFromString(raw.trim(), "US");
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * The digit strings the same number may be stored under in `leads.phone` (compared by
 * digits, like the list search): "+13125550147" also matches "(312) 555-0147".
 */
function phoneDigitVariants(e164: string): string[] {
  const parsed = parsePhoneNumberFromString(e164);
  const digits = e164.replace(/\D/g, "");
  if (!parsed || parsed.countryCallingCode !== "1") return [digits];
  return [digits, String(parsed.nationalNumber)];
}

// ---------------------------------------------------------------------------------------
// Webhook plumbing: signature, body, TwiML
// ---------------------------------------------------------------------------------------

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

function twimlOk(): Response {
  return new Response(EMPTY_TWIML, {
    status: 200,
    headers: { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function plain(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}

/** The body as text, refusing more than `limit` bytes without reading them all. */
async function readBody(request: Request, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) return undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The callback's parameters once Twilio's signature is proven, or the response to send:
 * 404 when no auth token is configured (the endpoint is off), 405 for anything but POST,
 * 403 for a missing or wrong signature. Twilio signs the URL it was given, so the public
 * address (SITE_URL + path + query) is checked, not the one a proxy forwarded to us.
 */
async function readSignedParams(
  request: Request,
  env: TwilioWebhookEnv,
): Promise<Record<string, string> | Response> {
  const token = env.TWILIO_AUTH_TOKEN;
  if (!token) return plain(404, "Not Found");
  if (request.method !== "POST") return plain(405, "Method Not Allowed", { Allow: "POST" });
  const signature = request.headers.get("X-Twilio-Signature");
  if (!signature) return plain(403, "Forbidden: missing Twilio signature.");
  const body = await readBody(request, MAX_BODY_BYTES);
  if (body === undefined) return plain(413, "Payload Too Large");
  const params = Object.fromEntries(new URLSearchParams(body));
  const { pathname, search } = new URL(request.url);
  const publicUrl = `${env.SITE_URL}${pathname}${search}`;
  if (!twilio.validateRequest(token, signature, publicUrl, params)) {
    return plain(403, "Forbidden: invalid Twilio signature.");
  }
  return params;
}

const callSid = z.string().trim().min(2).max(64);
const optionalCount = z
  .string()
  .trim()
  .regex(/^\d+$/)
  .transform(Number)
  .optional()
  .catch(undefined);

const voiceEventSchema = z.object({
  CallSid: callSid,
  CallStatus: z.string().trim().toLowerCase(),
  From: z.string().default(""),
  To: z.string().default(""),
  Direction: z.string().trim().toLowerCase().default(""),
  CallDuration: optionalCount,
  Timestamp: z.string().optional(),
  SequenceNumber: optionalCount,
});

export type VoiceEvent = z.output<typeof voiceEventSchema>;

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

// ---------------------------------------------------------------------------------------
// Voice status callback
// ---------------------------------------------------------------------------------------

export interface VoiceWebhookArgs {
  request: Request;
  db: Database;
  env: TwilioWebhookEnv;
  /** When the event is handled: the fallback for a missing Timestamp, and created_at. */
  now?: Date;
}

/** POST /api/webhooks/twilio/voice. */
export async function handleVoiceWebhook({
  request,
  db,
  env,
  now = new Date(),
}: VoiceWebhookArgs): Promise<Response> {
  const params = await readSignedParams(request, env);
  if (params instanceof Response) return params;
  const parsed = voiceEventSchema.safeParse(params);
  if (!parsed.success) return plain(400, "Bad Request: not a call status callback.");
  await recordCallEvent(db, parsed.data, now);
  return twimlOk();
}

export type CallEventOutcome =
  /** The call is not over: nothing is stored. */
  | { outcome: "not-final" }
  /** The call was already recorded: a redelivery or a late event changes nothing. */
  | { outcome: "unchanged"; callLog: CallLog | undefined }
  | { outcome: "created"; callLog: CallLog; lead: Lead | undefined };

/** When the event happened: Twilio's Timestamp (RFC 2822), else `now`. */
function eventTime(event: VoiceEvent, now: Date): Date {
  const time = event.Timestamp ? Date.parse(event.Timestamp) : Number.NaN;
  return Number.isNaN(time) ? now : new Date(time);
}

/**
 * Stores a verified call status event: the call's one terminal event creates its call log
 * (and, for an inbound answered or missed call from a new number, a lead) in one
 * transaction; everything else leaves the database as it is.
 */
export async function recordCallEvent(
  db: Database,
  event: VoiceEvent,
  now: Date = new Date(),
): Promise<CallEventOutcome> {
  const status = callLogStatusFor(event.CallStatus);
  if (!status) return { outcome: "not-final" };
  const endTime = eventTime(event, now);
  const durationSeconds = status === "answered" ? (event.CallDuration ?? 0) : 0;
  const phone = normalizePhone(event.From);
  return db.transaction(async (tx) => {
    // Serialises with anything else writing this call (a recording being attached).
    const [existing] = await tx
      .select()
      .from(callLogs)
      .where(eq(callLogs.twilioCallSid, event.CallSid))
      .for("update");
    if (existing) return { outcome: "unchanged", callLog: existing };
    const [created] = await tx
      .insert(callLogs)
      .values({
        twilioCallSid: event.CallSid,
        clientPhone: phone ?? (event.From.trim() || "Unknown"),
        status,
        durationSeconds,
        startTime: new Date(endTime.getTime() - durationSeconds * 1000),
        endTime,
        createdAt: now,
      })
      // The same event delivered twice at once: the second waits for the first, then
      // inserts nothing.
      .onConflictDoNothing({ target: callLogs.twilioCallSid })
      .returning();
    if (!created) return { outcome: "unchanged", callLog: undefined };
    const wantsLead =
      phone !== undefined &&
      event.Direction === "inbound" &&
      (status === "answered" || status === "missed");
    const lead = wantsLead ? await createPhoneLead(tx, phone, status) : undefined;
    return { outcome: "created", callLog: created, lead };
  });
}

/**
 * A new lead for a caller with none open (new, assigned or in progress), unless the owner
 * turned automatic phone leads off. Two calls from one number at the same moment take the
 * same transaction-scoped advisory lock, so they make one lead between them.
 */
async function createPhoneLead(
  tx: Database,
  phone: string,
  status: "answered" | "missed",
): Promise<Lead | undefined> {
  if (!(await readAutoPhoneLeads(tx))) return undefined;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lockline:phone-lead:${phone}`}))`);
  const [open] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        inArray(leads.status, OPEN_LEAD_STATUSES),
        inArray(leads.phoneDigits, phoneDigitVariants(phone)),
      ),
    )
    .limit(1);
  if (open) return undefined;
  return createLead(tx, {
    name: null,
    phone,
    // A call to a 24/7 locksmith is treated as urgent until someone hears otherwise.
    serviceType: "emergency",
    zip: null,
    source: "phone",
    details:
      status === "missed"
        ? "Created from a missed call: call them back."
        : "Created from an answered call.",
  });
}

/** The Settings toggle; on unless an owner turned it off. */
export async function readAutoPhoneLeads(db: Database): Promise<boolean> {
  return (await readSetting<boolean>(db, AUTO_PHONE_LEADS_SETTING)) !== false;
}

export async function writeAutoPhoneLeads(db: Database, enabled: boolean): Promise<void> {
  await writeSetting(db, AUTO_PHONE_LEADS_SETTING, enabled);
}

const autoPhoneLeadsFormSchema = z.object({
  intent: z.literal("auto-phone-leads"),
  enabled: z.enum(["on", "off"]),
});

/** The Settings form's choice, or undefined when the form is not that one. */
export function parseAutoPhoneLeadsForm(formData: FormData): boolean | undefined {
  const parsed = autoPhoneLeadsFormSchema.safeParse({
    intent: formData.get("intent"),
    enabled: formData.get("enabled"),
  });
  return parsed.success ? parsed.data.enabled === "on" : undefined;
}

// ---------------------------------------------------------------------------------------
// Recording status callback
// ---------------------------------------------------------------------------------------

export interface RecordingWebhookArgs {
  request: Request;
  db: Database;
  env: TwilioWebhookEnv;
}

/** POST /api/webhooks/twilio/recording. */
export async function handleRecordingWebhook({
  request,
  db,
  env,
}: RecordingWebhookArgs): Promise<Response> {
  const params = await readSignedParams(request, env);
  if (params instanceof Response) return params;
  const parsed = recordingEventSchema.safeParse(params);
  if (!parsed.success) return plain(400, "Bad Request: not a recording status callback.");
  const result = await recordRecordingEvent(db, parsed.data);
  if (result === "invalid-url") return plain(400, "Bad Request: RecordingUrl is not Twilio's.");
  if (result === "unknown-call") {
    // The call's own (terminal) status callback has not arrived yet: nothing to attach to.
    // A 503 shows in Twilio's debugger, and Twilio retries when its retry policy allows.
    console.warn(`[twilio] recording for call ${parsed.data.CallSid} arrived before the call`);
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
  db: Database,
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

// ---------------------------------------------------------------------------------------
// The admin's recording player: GET /admin/call-logs/:id/recording
// ---------------------------------------------------------------------------------------

export interface StreamRecordingArgs {
  db: Database;
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
    console.error("[twilio] recording fetch failed:", (error as Error).message);
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
