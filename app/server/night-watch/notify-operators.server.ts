import { eq } from "drizzle-orm";
import {
  alertRuleText,
  type AlertRule,
  type NightWatchSettings,
} from "~/lib/night-watch/clock-rules";
import { leadDisplayName, SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { formatPhone } from "~/lib/phone";
import { leads } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import type { NightWatchAlert } from "../db/night-watch-tables.server";
import { recordActivity } from "../activity/activity.server";
import { NIGHT_WATCH_ACTOR } from "./auto-dispatch.server";
import { queueText, type TextContext } from "../texting/outbox.server";
import { openAlert } from "./alerts.server";
import { queueOperatorPush } from "../push/push-subscriptions.server";
import { scheduleTimer } from "../background/timers.server";

/*
 * The one way the night watch tells operators that a lead needs them (decision 0028). Every
 * alert goes through here, in the transaction of what raised it:
 *   - the alert row (one open per lead and rule: raised once, whichever process gets there
 *     first), whose trigger refreshes every open tab's "Needs attention" queue;
 *   - the lead's timeline;
 *   - a text to the on-call operator through the outbox (it waits in Messages, with Copy,
 *     when Twilio is not configured);
 *   - a voice call saying the alert, where Twilio is configured (a timer, so it is placed
 *     once, after this commits).
 *   - a Web Push notice to every operator's devices (decision 0033; a timer too).
 */

export interface OperatorAlert {
  leadId: string;
  rule: AlertRule;
  /** When the rule's limit passed. */
  since: Date;
  /** More words for the timeline and the text (e.g. "3 offers, no accept"). */
  detail?: string;
}

export interface NotifyContext {
  texts: TextContext;
  settings: NightWatchSettings;
  now: Date;
}

/** Raises the alert; undefined when the lead already had it open (nothing is repeated). */
export async function notifyOperators(
  tx: Db,
  alert: OperatorAlert,
  context: NotifyContext,
): Promise<NightWatchAlert | undefined> {
  const raised = await openAlert(tx, {
    leadId: alert.leadId,
    rule: alert.rule,
    since: alert.since,
  });
  if (!raised) return undefined;
  const [lead] = await tx.select().from(leads).where(eq(leads.id, alert.leadId));
  if (!lead) return raised;
  const words = [alertRuleText(alert.rule, context.settings), alert.detail]
    .filter(Boolean)
    .join(": ");
  const onCall = context.settings.onCall;
  const message = onCall.phone
    ? await queueText(tx, context.texts, {
        kind: "operator_alert",
        to: onCall.phone,
        values: {
          alert: words,
          service: SERVICE_TYPE_LABELS[lead.serviceType],
          customer: leadDisplayName(lead.name),
          customer_phone: formatPhone(lead.phone),
          address: [lead.address, lead.zip].filter(Boolean).join(", ") || null,
          lead_link: `${context.texts.siteUrl}/admin/leads/${lead.id}`,
        },
        leadId: lead.id,
      })
    : undefined;
  const calling = Boolean(onCall.phone && context.texts.sender.configured);
  if (calling) {
    await scheduleTimer(tx, {
      kind: "voice_call",
      key: `voice_call:${raised.id}`,
      dueAt: context.now,
      leadId: lead.id,
      payload: {
        to: onCall.phone,
        say: `${context.texts.business.name} night watch. ${words}. ${SERVICE_TYPE_LABELS[lead.serviceType]} for ${leadDisplayName(lead.name)}. Open the back office.`,
      },
    });
  }
  await queueOperatorPush(
    tx,
    `alert:${raised.id}`,
    {
      title: `Needs attention: ${SERVICE_TYPE_LABELS[lead.serviceType]} for ${leadDisplayName(lead.name)}`,
      body: words,
      url: `/admin/leads/${lead.id}`,
      tag: `lead-${lead.id}`,
    },
    lead.id,
    context.now,
  );
  await recordActivity(tx, {
    actor: NIGHT_WATCH_ACTOR,
    entity: "lead",
    entityId: lead.id,
    action: "alert_raised",
    after: {
      alertId: raised.id,
      rule: alert.rule,
      text: words,
      since: alert.since.toISOString(),
      onCallName: onCall.name,
      texted: Boolean(message),
      calling,
    },
    leadId: lead.id,
  });
  return raised;
}
