import { z } from "zod";
import type { Db } from "../db/database.server";
import { recordDeliveryReport, recordIncomingText } from "../texting/delivery-reports.server";
import type { TextContext } from "../texting/outbox.server";
import { relayCustomerText } from "./relayed-texts.server";
import { callSid, readSignedCallback, twimlOk, type TwilioWebhookEnv } from "./webhook.server";

/*
 * Twilio's callbacks about texts, signed like the call webhooks (404 while
 * TWILIO_AUTH_TOKEN is unset, 403 for a bad signature): delivery reports for the texts we
 * send, and texts that come in (STOP among them).
 */

const statusSchema = z.object({
  MessageSid: callSid,
  MessageStatus: z.string().trim().min(1).max(32),
  ErrorCode: z.string().trim().max(16).optional(),
});

const incomingSchema = z.object({
  MessageSid: callSid,
  From: z.string().trim().min(1).max(32),
  Body: z.string().default(""),
});

interface WebhookArgs {
  request: Request;
  db: Db;
  env: TwilioWebhookEnv;
}

interface IncomingArgs extends WebhookArgs {
  /** How texts go out: a customer's text to a live job is texted on to its locksmith. */
  texts?: TextContext;
  now?: Date;
}

/** POST /api/webhooks/twilio/message?id=<our message id>: a text's delivery report. */
export async function handleMessageStatusWebhook({ request, db, env }: WebhookArgs) {
  const report = await readSignedCallback(request, env, statusSchema, "a message status callback");
  if (report instanceof Response) return report;
  await recordDeliveryReport(db, {
    id: new URL(request.url).searchParams.get("id") ?? undefined,
    sid: report.MessageSid,
    status: report.MessageStatus,
    errorCode: report.ErrorCode,
  });
  return twimlOk();
}

/** POST /api/webhooks/twilio/incoming: a text to our number (Twilio answers STOP itself). */
export async function handleIncomingTextWebhook({ request, db, env, texts, now }: IncomingArgs) {
  const incoming = await readSignedCallback(request, env, incomingSchema, "an incoming message");
  if (incoming instanceof Response) return incoming;
  await recordIncomingText(
    db,
    { from: incoming.From, body: incoming.Body, sid: incoming.MessageSid },
    texts && ((tx, text) => relayCustomerText(tx, texts, text, now)),
  );
  return twimlOk();
}
