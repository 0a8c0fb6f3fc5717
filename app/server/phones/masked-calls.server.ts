import { eq } from "drizzle-orm";
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { z } from "zod";
import { jobLinkView } from "~/lib/dispatch/job-link";
import { VOICE } from "~/lib/phones/voice-texts";
import { RULE } from "~/lib/ui-text";
import { assignments, leads, locksmiths } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import type { Env } from "../env.server";
import { recordActivity } from "../activity/activity.server";
import { findByToken } from "../dispatch/job-page.server";
import { notFound, RuleError } from "../rule-error.server";
import type { TextSender } from "../texting/text-settings.server";
import { REQUEST_TIMEOUT_MS } from "../texting/twilio-base.server";
import { plain, readSignedParams, twiml, type TwilioWebhookEnv } from "./webhook.server";

/*
 * Masked calls (issue 50, decision 0071): the locksmith's "Call the customer" makes Twilio
 * call the locksmith, and when they answer, the signed bridge webhook dials the customer
 * showing the business's Twilio number, so neither sees the other's number. The bridge
 * works while the assignment is live and for the 12 hours after it completes (the job
 * page's own window, CUSTOMER_SHOWN_HOURS_AFTER_COMPLETION), checked again when the
 * locksmith answers; after that the TwiML says "This job is closed, call the office."
 */

export const MASKED_CALL_TEXT = {
  closed: "This job is closed: call the office.",
  unavailable: "Calling through the business line is not set up: call the office.",
} as const;

/** Places the first leg: Twilio calls the locksmith and fetches the bridge when they answer. */
export interface BridgeCaller {
  call(leg: { to: string; url: string }): Promise<{ sid: string }>;
}

/** Through the SDK's calls.create from the business's Twilio number; none without it. */
export function twilioBridgeCaller(
  sender: TextSender,
  httpClient?: RequestClient,
): BridgeCaller | undefined {
  if (!sender.configured || !sender.from) return undefined;
  const from = sender.from;
  const client = twilio(sender.accountSid, sender.authToken, {
    httpClient,
    timeout: REQUEST_TIMEOUT_MS,
    autoRetry: false,
  });
  return {
    async call({ to, url }) {
      const call = await client.calls.create({ to, from, url, method: "POST" });
      return { sid: call.sid };
    },
  };
}

/** The bridge's URL for an assignment (Twilio signs it when it fetches it). */
function bridgeUrl(env: Pick<Env, "SITE_URL">, assignmentId: string): string {
  return `${env.SITE_URL}/api/webhooks/twilio/bridge?assignment=${assignmentId}`;
}

/** "Call the customer" on the job page: refused outside the window, logged on the lead. */
export async function startMaskedCall(
  db: Db,
  env: Pick<Env, "SITE_URL">,
  token: string,
  caller: BridgeCaller | undefined,
  now = new Date(),
): Promise<void> {
  const found = await findByToken(db, token);
  if (!found) throw notFound(RULE.jobLinkGone);
  if (!caller) throw new RuleError(MASKED_CALL_TEXT.unavailable);
  const { assignment } = found;
  if (!jobLinkView(assignment, now).showsCustomer) throw new RuleError(MASKED_CALL_TEXT.closed);
  const [locksmith] = await db
    .select({ phone: locksmiths.phone, name: locksmiths.name })
    .from(locksmiths)
    .where(eq(locksmiths.id, assignment.locksmithId));
  if (!locksmith) throw notFound(RULE.jobLinkGone);
  const { sid } = await caller.call({ to: locksmith.phone, url: bridgeUrl(env, assignment.id) });
  await recordActivity(db, {
    actor: { kind: "locksmith", id: assignment.locksmithId, name: locksmith.name },
    entity: "lead",
    entityId: assignment.leadId,
    action: "masked_call_started",
    after: { callSid: sid, assignmentId: assignment.id },
    leadId: assignment.leadId,
  });
}

const bridgeParams = z.object({ From: z.string().trim().min(2).max(32) });

/** POST /api/webhooks/twilio/bridge?assignment=<id>: the locksmith answered. */
export async function handleBridgeWebhook(args: {
  request: Request;
  db: Db;
  env: TwilioWebhookEnv;
  now?: Date;
}): Promise<Response> {
  const params = await readSignedParams(args.request, args.env);
  if (params instanceof Response) return params;
  const parsed = bridgeParams.safeParse(params);
  if (!parsed.success) return plain(400, "Bad Request: not a voice webhook.");
  const id = new URL(args.request.url).searchParams.get("assignment") ?? "";
  const [row] = isUuid(id)
    ? await args.db
        .select({ assignment: assignments, customerPhone: leads.phone })
        .from(assignments)
        .innerJoin(leads, eq(leads.id, assignments.leadId))
        .where(eq(assignments.id, id))
    : [];
  const response = new twilio.twiml.VoiceResponse();
  if (!row || !jobLinkView(row.assignment, args.now ?? new Date()).showsCustomer) {
    response.say(VOICE.jobClosed);
    response.hangup();
    return twiml(response);
  }
  response.say(VOICE.bridging);
  // The customer sees the business's number (the call's own From), never the locksmith's.
  response.dial({ callerId: parsed.data.From, timeout: 30 }).number(row.customerPhone);
  return twiml(response);
}
