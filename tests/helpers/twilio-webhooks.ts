import crypto from "node:crypto";
import twilio from "twilio";
import { uniquePhone } from "./phones";

/*
 * Twilio's webhooks as Twilio sends them: signed with the account's auth token over the
 * PUBLIC URL (SITE_URL + path + query), delivered (as behind a proxy) to the app's own
 * address, which the handlers must not sign-check against.
 */

export const WEBHOOK_TOKEN = "0123456789abcdef0123456789abcdef";
export const WEBHOOK_SITE_URL = "https://lockline.example";
export const webhookEnv = { SITE_URL: WEBHOOK_SITE_URL, TWILIO_AUTH_TOKEN: WEBHOOK_TOKEN };
export const BUSINESS_LINE = "+13125550147";

export type Params = Record<string, string>;

export function signedTwilioRequest(path: string, params: Params, token = WEBHOOK_TOKEN): Request {
  return new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Twilio-Signature": twilio.getExpectedTwilioSignature(
        token,
        `${WEBHOOK_SITE_URL}${path}`,
        params,
      ),
    },
    body: new URLSearchParams(params).toString(),
  });
}

/** A new inbound call from a number no other test uses. */
export function inboundCall(from = uniquePhone()): { sid: string; from: string } {
  return { sid: `CA${crypto.randomBytes(16).toString("hex")}`, from };
}

/** The Voice status callback's parameters for the call in `status`. */
export function callStatusParams(
  call: { sid: string; from: string },
  status: string,
  extra: Params = {},
): Params {
  return {
    AccountSid: `AC${"a".repeat(32)}`,
    CallSid: call.sid,
    From: call.from,
    To: BUSINESS_LINE,
    CallStatus: status,
    Direction: "inbound",
    ...extra,
  };
}
