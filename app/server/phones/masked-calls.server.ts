import { eq } from "drizzle-orm";
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { z } from "zod";
import { customerMayCall, jobLinkView } from "~/lib/dispatch/job-link";
import { VOICE } from "~/lib/phones/voice-texts";
import { RULE } from "~/lib/ui-text";
import { assignments, leads, locksmiths } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import type { Env } from "../env.server";
import { recordActivity } from "../activity/activity.server";
import { findByToken } from "../dispatch/job-page.server";
import { CUSTOMER_LINK_GONE, customerPageVisit } from "../customers/customer-page.server";
import { notFound, RuleError } from "../rule-error.server";
import type { TextSender } from "../texting/text-settings.server";
import { REQUEST_TIMEOUT_MS, twilioAtBase } from "../texting/twilio-base.server";
import { readSignedCallback, twiml, type TwilioWebhookEnv } from "./webhook.server";

/*
 * Masked calls (issue 50, decision 0071): the locksmith's "Call the customer" makes Twilio
 * call the locksmith, and when they answer, the signed bridge webhook dials the customer
 * showing the business's Twilio number, so neither sees the other's number. The bridge
 * works while the assignment is live and for the 12 hours after it completes (the job
 * page's own window, CUSTOMER_SHOWN_HOURS_AFTER_COMPLETION), checked again when the
 * locksmith answers; after that the TwiML says "This job is closed, call the office."
 * The reverse is the customer's "Call your locksmith": Twilio calls the customer, then the
 * locksmith, once a locksmith has taken the job and for the same window.
 */

export const MASKED_CALL_TEXT = {
  closed: "This job is closed: call the office.",
  unavailable: "Calling through the business line is not set up: call the office.",
  /** The customer's side: no locksmith holds the job (yet, or any more). */
  noLocksmith: "No locksmith is on your job right now: call us.",
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

/** The caller the routes use: the SDK at TWILIO_API_BASE when set (a local fake), else Twilio. */
export function bridgeCallerFor(
  env: Pick<Env, "TWILIO_API_BASE">,
  sender: TextSender,
): BridgeCaller | undefined {
  return twilioBridgeCaller(
    sender,
    env.TWILIO_API_BASE ? twilioAtBase(env.TWILIO_API_BASE) : undefined,
  );
}

/** Whom the bridge dials once the first leg answers. */
type BridgeTarget = "customer" | "locksmith";

/** The bridge's URL for an assignment (Twilio signs it when it fetches it). */
function bridgeUrl(
  env: Pick<Env, "SITE_URL">,
  assignmentId: string,
  target: BridgeTarget = "customer",
): string {
  const to = target === "locksmith" ? "&to=locksmith" : "";
  return `${env.SITE_URL}/api/webhooks/twilio/bridge?assignment=${assignmentId}${to}`;
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

/**
 * "Call your locksmith" on the customer's page: once a locksmith has taken the job and while
 * the page may show them (the same window as the locksmith's), Twilio calls the customer and
 * the bridge dials the locksmith; neither sees the other's number.
 */
export async function startCustomerMaskedCall(
  db: Db,
  env: Pick<Env, "SITE_URL">,
  token: string,
  caller: BridgeCaller | undefined,
  now = new Date(),
): Promise<void> {
  const found = await customerPageVisit(db, token, now);
  if (!found) throw notFound(CUSTOMER_LINK_GONE);
  if (!caller) throw new RuleError(MASKED_CALL_TEXT.unavailable);
  const { lead, visit } = found;
  if (!visit || !customerMayCall(visit.assignment, now)) {
    throw new RuleError(MASKED_CALL_TEXT.noLocksmith);
  }
  const { sid } = await caller.call({
    to: lead.phone,
    url: bridgeUrl(env, visit.assignment.id, "locksmith"),
  });
  await recordActivity(db, {
    actor: { kind: "customer", id: lead.id, name: lead.name },
    entity: "lead",
    entityId: lead.id,
    action: "masked_call_started",
    after: { callSid: sid, assignmentId: visit.assignment.id, to: "locksmith" },
    leadId: lead.id,
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
  const answer = await readSignedCallback(args.request, args.env, bridgeParams, "a voice webhook");
  if (answer instanceof Response) return answer;
  const address = new URL(args.request.url).searchParams;
  const id = address.get("assignment") ?? "";
  const toLocksmith = address.get("to") === "locksmith";
  const [row] = isUuid(id)
    ? await args.db
        .select({
          assignment: assignments,
          customerPhone: leads.phone,
          locksmithPhone: locksmiths.phone,
        })
        .from(assignments)
        .innerJoin(leads, eq(leads.id, assignments.leadId))
        .innerJoin(locksmiths, eq(locksmiths.id, assignments.locksmithId))
        .where(eq(assignments.id, id))
    : [];
  const now = args.now ?? new Date();
  const response = new twilio.twiml.VoiceResponse();
  const open =
    row &&
    (toLocksmith
      ? customerMayCall(row.assignment, now)
      : jobLinkView(row.assignment, now).showsCustomer);
  if (!open) {
    response.say(toLocksmith ? VOICE.customerJobClosed : VOICE.jobClosed);
    response.hangup();
    return twiml(response);
  }
  response.say(toLocksmith ? VOICE.bridgingToLocksmith : VOICE.bridging);
  // Each side sees the business's number (the call's own From), never the other's.
  response
    .dial({ callerId: answer.From, timeout: 30 })
    .number(toLocksmith ? row.locksmithPhone : row.customerPhone);
  return twiml(response);
}
