import { and, eq, gt, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { phoneReachProblem } from "~/lib/phone-region";
import { customers, type Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { messages, type Message } from "../db/messaging-tables.server";
import { recordActivity } from "../activity/activity.server";
import { numberCapReached, queueText, type TextContext } from "../texting/outbox.server";
import { readPhoneSettings } from "./phone-settings.server";

/*
 * The missed-call text-back (issue 50, decision 0071): a caller nobody answered (no answer,
 * busy, or a hang-up at the voicemail) hears from us by text within the minute, through the
 * outbox, on the lead the call opened or updated, so their reply lands on its timeline.
 * Once per number per window (Settings → Phone, 4 hours by default), within the outbox's
 * caps per number, never to a number that replied STOP, never outside the US or to a
 * number that cannot take texts (withheld, premium-rate). The caller called us: that is the
 * request this one text answers; nothing else is texted to them without their agreement.
 */

export type TextBackOutcome =
  | { sent: true; message: Message }
  | {
      sent: false;
      reason: "off" | "not_textable" | "window" | "opted_out" | "number_cap" | "no_lead";
    };

/** Calls come through Twilio's signed webhook. */
export const PHONE_SYSTEM: Actor = { kind: "webhook", name: "Phone system" };

/**
 * Queues the text-back in the call's transaction, which holds the number's lock (so two
 * missed calls at once text once). Pass the lead the call opened or updated.
 */
export async function textBackMissedCall(
  tx: Db,
  texts: TextContext | undefined,
  call: { phone: string; customerId: string | null; lead: Lead | undefined },
): Promise<TextBackOutcome> {
  const settings = await readPhoneSettings(tx);
  if (!settings.textBack || !texts) return { sent: false, reason: "off" };
  if (phoneReachProblem(call.phone, ["US"])) return { sent: false, reason: "not_textable" };
  const { lead } = call;
  if (!lead) return { sent: false, reason: "no_lead" };
  const [recent] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.toPhone, call.phone),
        eq(messages.purpose, "customer_missed_call"),
        gt(
          messages.createdAt,
          sql`now() - make_interval(hours => ${settings.textBackWindowHours})`,
        ),
      ),
    )
    .limit(1);
  if (recent) return { sent: false, reason: "window" };
  const withheld = async (reason: "opted_out" | "number_cap"): Promise<TextBackOutcome> => {
    await recordActivity(tx, {
      actor: PHONE_SYSTEM,
      entity: "lead",
      entityId: lead.id,
      action: "text_withheld",
      after: { purpose: "customer_missed_call", reason },
      leadId: lead.id,
    });
    return { sent: false, reason };
  };
  if (call.customerId) {
    const [customer] = await tx
      .select({ optedOutAt: customers.textsOptedOutAt })
      .from(customers)
      .where(eq(customers.id, call.customerId));
    if (customer?.optedOutAt) return withheld("opted_out");
  }
  if (await numberCapReached(tx, call.phone)) return withheld("number_cap");
  const message = await queueText(tx, texts, {
    kind: "customer_missed_call",
    to: call.phone,
    values: { request_link: `${texts.siteUrl}/request` },
    leadId: lead.id,
    customerId: call.customerId,
  });
  return message ? { sent: true, message } : { sent: false, reason: "off" };
}
