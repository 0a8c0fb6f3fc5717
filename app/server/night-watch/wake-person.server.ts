import { eq } from "drizzle-orm";
import type { NightWatchSettings } from "~/lib/night-watch/clock-rules";
import type { Rung, WakeBy } from "~/lib/night-watch/escalation-ladder";
import { leadDisplayName, SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { formatPhone } from "~/lib/phone";
import { leads } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { queueText, type TextContext } from "../texting/outbox.server";
import { queueOperatorPush } from "../push/push-subscriptions.server";
import { scheduleTimer } from "../background/timers.server";

/** What the night watch's effects read: the texts' context, the settings, the moment. */
export interface NotifyContext {
  texts: TextContext;
  settings: NightWatchSettings;
  now: Date;
}

export interface Wake {
  leadId: string;
  /** Who, and how: a text and a call need a phone; a push goes to every operator's devices. */
  person: Rung;
  /** What is wrong, in a few words. */
  words: string;
  /** Names this wake-up's call and push timers (each placed once). */
  key: string;
  context: NotifyContext;
}

/**
 * Wakes one person about a lead, in the caller's transaction: a text through the outbox
 * (waiting in Messages, with Copy, without Twilio), a call saying it (a timer, placed once
 * after this commits, with Twilio) and a push to the operators' devices (decision 0033).
 * Returns which of them went out.
 */
export async function wakePerson(tx: Db, wake: Wake): Promise<WakeBy> {
  const { person, context, words } = wake;
  const [lead] = await tx.select().from(leads).where(eq(leads.id, wake.leadId));
  if (!lead) return { text: false, call: false, push: false };
  const who = `${SERVICE_TYPE_LABELS[lead.serviceType]} for ${leadDisplayName(lead.name)}`;
  const message =
    person.text && person.phone
      ? await queueText(tx, context.texts, {
          kind: "operator_alert",
          to: person.phone,
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
  const calling = Boolean(person.call && person.phone && context.texts.sender.configured);
  if (calling) {
    await scheduleTimer(tx, {
      kind: "voice_call",
      key: `voice_call:${wake.key}`,
      dueAt: context.now,
      leadId: lead.id,
      payload: {
        to: person.phone,
        say: `${context.texts.business.name} night watch. ${words}. ${who}. Open the back office.`,
      },
    });
  }
  if (person.push) {
    await queueOperatorPush(
      tx,
      wake.key,
      {
        title: `Needs attention: ${who}`,
        body: words,
        url: `/admin/leads/${lead.id}`,
        tag: `lead-${lead.id}`,
      },
      lead.id,
      context.now,
    );
  }
  return { text: Boolean(message), call: calling, push: person.push };
}
