import twilio from "twilio";
import { z } from "zod";
import type { Env } from "../env.server";

/*
 * What every Twilio webhook shares (POST /api/webhooks/twilio/*): the signature check against
 * the public URL, a bounded body, and the answers Twilio expects. The rules are in
 * docs/decisions/0009-twilio-call-events.md.
 */

/** Callbacks are a few hundred bytes; anything far larger is not Twilio. */
const MAX_BODY_BYTES = 64 * 1024;

export type TwilioWebhookEnv = Pick<Env, "SITE_URL" | "TWILIO_AUTH_TOKEN">;

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

export function twimlOk(): Response {
  return new Response(EMPTY_TWIML, {
    status: 200,
    headers: { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** TwiML built by the SDK (a VoiceResponse), as Twilio expects it. */
export function twiml(response: { toString(): string }): Response {
  return new Response(response.toString(), {
    status: 200,
    headers: { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function plain(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
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
export async function readSignedParams(
  request: Request,
  env: TwilioWebhookEnv,
): Promise<Record<string, string> | Response> {
  const token = env.TWILIO_AUTH_TOKEN;
  if (!token) return plain(404, "Not Found: Twilio is not set up on this server.");
  if (request.method !== "POST")
    return plain(405, "Method Not Allowed: Twilio posts here.", { Allow: "POST" });
  const signature = request.headers.get("X-Twilio-Signature");
  if (!signature) return plain(403, "Forbidden: missing Twilio signature.");
  const body = await readBody(request, MAX_BODY_BYTES);
  if (body === undefined)
    return plain(413, "Payload Too Large: a Twilio callback is a few kilobytes.");
  const params = Object.fromEntries(new URLSearchParams(body));
  const { pathname, search } = new URL(request.url);
  const publicUrl = `${env.SITE_URL}${pathname}${search}`;
  if (!twilio.validateRequest(token, signature, publicUrl, params)) {
    return plain(403, "Forbidden: invalid Twilio signature.");
  }
  return params;
}

/**
 * The callback's parameters, signed (readSignedParams) and read by `schema`, or the response
 * to send: readSignedParams' refusals, or a 400 saying it is not `expected` (what Twilio
 * posts here, "a call status callback") when the parameters do not fit.
 */
export async function readSignedCallback<Schema extends z.ZodType>(
  request: Request,
  env: TwilioWebhookEnv,
  schema: Schema,
  expected: string,
): Promise<z.output<Schema> | Response> {
  const params = await readSignedParams(request, env);
  if (params instanceof Response) return params;
  const parsed = schema.safeParse(params);
  return parsed.success ? parsed.data : plain(400, `Bad Request: not ${expected}.`);
}

/** Twilio's resource ids (CallSid, MessageSid, ...). */
export const callSid = z.string().trim().min(2).max(64);
/** A count Twilio may leave out; anything but digits reads as absent. */
export const optionalCount = z
  .string()
  .trim()
  .regex(/^\d+$/)
  .transform(Number)
  .optional()
  .catch(undefined);
