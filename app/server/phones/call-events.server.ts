import { normalizePhone } from "~/lib/phone-parse";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "~/lib/activity";
import { OPEN_LEAD_STATUSES, type CallStatus } from "~/lib/business-enums";
import { readSetting, writeSetting } from "../db/app-settings.server";
import {
  callLogs,
  leads,
  type CallLog,
  type Customer,
  type Lead,
} from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";
import { customerFor } from "../customers/customers.server";
import { createLead, type LeadAttribution } from "../leads/leads.server";
import { sourceForCalledNumber } from "../reports/sources.server";
import type { TextContext } from "../texting/outbox.server";
import { callFlowOf, statusAfterFlow } from "./call-flow.server";
import {
  PHONE_SYSTEM,
  textBackMissedCall,
  type TextBackOutcome,
} from "./missed-call-text-back.server";
import {
  callSid,
  optionalCount,
  readSignedCallback,
  twimlOk,
  type TwilioWebhookEnv,
} from "./webhook.server";

/*
 * Phone calls from Twilio: the Voice status callback (POST /api/webhooks/twilio/voice).
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

export interface VoiceWebhookArgs {
  request: Request;
  db: Db;
  env: TwilioWebhookEnv;
  /** When the event is handled: the fallback for a missing Timestamp, and created_at. */
  now?: Date;
  /** The number on the website (E.164): a call to it comes from "Website" (decision 0039). */
  websiteNumber?: string;
  /** Texting as configured: a missed call is texted back (issue 50). */
  texts?: TextContext | (() => Promise<TextContext>);
}

/** POST /api/webhooks/twilio/voice. */
export async function handleVoiceWebhook({
  request,
  db,
  env,
  now = new Date(),
  websiteNumber,
  texts,
}: VoiceWebhookArgs): Promise<Response> {
  const event = await readSignedCallback(request, env, voiceEventSchema, "a call status callback");
  if (event instanceof Response) return event;
  const context = typeof texts === "function" ? await texts() : texts;
  await recordCallEvent(db, event, now, websiteNumber, context);
  return twimlOk();
}

export type CallEventOutcome =
  /** The call is not over: nothing is stored. */
  | { outcome: "not-final" }
  /** The call was already recorded: a redelivery or a late event changes nothing. */
  | { outcome: "unchanged"; callLog: CallLog | undefined }
  | {
      outcome: "created";
      callLog: CallLog;
      /** The lead the call made, if it made one. */
      lead: Lead | undefined;
      /** For a missed inbound call: whether it was texted back, or why not. */
      textBack?: TextBackOutcome;
    };

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
  db: Db,
  event: VoiceEvent,
  now: Date = new Date(),
  websiteNumber?: string,
  texts?: TextContext,
): Promise<CallEventOutcome> {
  const twilioStatus = callLogStatusFor(event.CallStatus);
  if (!twilioStatus) return { outcome: "not-final" };
  const endTime = eventTime(event, now);
  const phone = normalizePhone(event.From);
  const calledNumber = normalizePhone(event.To);
  return db.transaction(async (tx) => {
    // Through Lockline's call flow, the flow knows whether anybody picked up (issue 50).
    const flow = await callFlowOf(tx, event.CallSid);
    const status = statusAfterFlow(twilioStatus, flow);
    const durationSeconds = status === "answered" ? (event.CallDuration ?? 0) : 0;
    const voicemailUrl = flow?.voicemailUrl ?? null;
    // Serialises with anything else writing this call (a recording being attached).
    const [existing] = await tx
      .select()
      .from(callLogs)
      .where(eq(callLogs.twilioCallSid, event.CallSid))
      .for("update");
    if (existing) return { outcome: "unchanged", callLog: existing };
    // Calls from one number are serialised: two at once find (or make) one customer and
    // at most one lead between them.
    if (phone) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lockline:phone:${phone}`}))`);
    }
    const customer = phone ? await customerFor(tx, phone) : undefined;
    const [created] = await tx
      .insert(callLogs)
      .values({
        twilioCallSid: event.CallSid,
        customerId: customer?.id ?? null,
        clientPhone: phone ?? (event.From.trim() || "Unknown"),
        status,
        durationSeconds,
        startTime: new Date(endTime.getTime() - durationSeconds * 1000),
        endTime,
        calledNumber: calledNumber ?? null,
        recordingUrl: voicemailUrl,
        voicemail: voicemailUrl !== null,
        voicemailSeconds: voicemailUrl ? (flow?.voicemailSeconds ?? null) : null,
        // A transcription that came before this callback (it usually comes after).
        transcript: voicemailUrl ? (flow?.transcript ?? null) : null,
        createdAt: now,
      })
      // The same event delivered twice at once: the second waits for the first, then
      // inserts nothing.
      .onConflictDoNothing({ target: callLogs.twilioCallSid })
      .returning();
    if (!created) return { outcome: "unchanged", callLog: undefined };
    if (!phone || !customer || event.Direction !== "inbound" || status === "failed") {
      return { outcome: "created", callLog: created, lead: undefined };
    }
    const unanswered = status === "missed" || status === "busy";
    const phoneLead = await createPhoneLead(tx, customer, created, {
      sourceName: await sourceForCalledNumber(tx, calledNumber, websiteNumber),
      calledNumber,
    });
    // A caller who left a voicemail is called back; one who hung up is texted.
    const textBack =
      unanswered && !voicemailUrl
        ? await textBackMissedCall(tx, texts, {
            phone,
            customerId: customer.id,
            lead: phoneLead?.lead,
          })
        : undefined;
    return {
      outcome: "created",
      callLog: created,
      lead: phoneLead?.created ? phoneLead.lead : undefined,
      textBack,
    };
  });
}

/**
 * A new lead for a caller with none open (new, assigned or in progress), unless the owner
 * turned automatic phone leads off. A missed call from a caller with an open lead is written
 * on that lead's timeline instead (the caller's latest word: they called again, and nobody
 * answered). The caller's calls are serialised by the caller's transaction (an advisory
 * lock on the number), so two at once make one lead.
 */
async function createPhoneLead(
  tx: Db,
  customer: Customer,
  call: CallLog,
  attribution: LeadAttribution,
): Promise<{ lead: Lead; created: boolean } | undefined> {
  const unanswered = call.status !== "answered";
  if (!(await readAutoPhoneLeads(tx))) return undefined;
  const [open] = await tx
    .select()
    .from(leads)
    .where(and(inArray(leads.status, OPEN_LEAD_STATUSES), eq(leads.customerId, customer.id)))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  if (open) {
    if (unanswered) {
      await recordActivity(tx, {
        actor: PHONE_SYSTEM,
        entity: "lead",
        entityId: open.id,
        action: "missed_call",
        after: { callLogId: call.id, voicemail: call.voicemail },
        leadId: open.id,
      });
    }
    return { lead: open, created: false };
  }
  const lead = await createLead(
    tx,
    {
      name: customer.name,
      phone: customer.phone,
      address: customer.address,
      // A call to a 24/7 locksmith is treated as urgent until someone hears otherwise.
      serviceType: "emergency",
      zip: null,
      source: "phone",
      attribution,
      details: call.voicemail
        ? "Created from a voicemail: listen to it and call them back."
        : unanswered
          ? "Created from a missed call: call them back."
          : "Created from an answered call.",
    },
    PHONE_SYSTEM,
  );
  return { lead, created: true };
}

/** The Settings toggle; on unless an owner turned it off. */
export async function readAutoPhoneLeads(db: Db): Promise<boolean> {
  return (await readSetting<boolean>(db, AUTO_PHONE_LEADS_SETTING)) !== false;
}

/** Turns automatic phone leads on or off, with who did it (from → to) in the activity log. */
export async function writeAutoPhoneLeads(db: Db, enabled: boolean, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readAutoPhoneLeads(tx);
    await writeSetting(tx, AUTO_PHONE_LEADS_SETTING, enabled);
    if (before === enabled) return;
    await recordActivity(tx, {
      actor,
      entity: "settings",
      entityId: AUTO_PHONE_LEADS_SETTING,
      action: "auto_phone_leads_changed",
      before: { enabled: before },
      after: { enabled },
    });
  });
}
