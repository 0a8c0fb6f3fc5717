import { alertRuleText, type AlertRule } from "~/lib/night-watch/clock-rules";
import type { Db } from "../db/database.server";
import type { NightWatchAlert } from "../db/night-watch-tables.server";
import { recordActivity } from "../activity/activity.server";
import { NIGHT_WATCH_ACTOR } from "./auto-dispatch.server";
import { openAlert } from "./alerts.server";
import { startLadder } from "./escalation-ladder.server";
import { wakePerson, type NotifyContext } from "./wake-person.server";

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

export type { NotifyContext };

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
  const words = [alertRuleText(alert.rule, context.settings), alert.detail]
    .filter(Boolean)
    .join(": ");
  const onCall = context.settings.onCall;
  // A request nobody took climbs the escalation ladder (decision 0051), which wakes the
  // on-call operator first and then the backups; other alerts wake the on-call operator once.
  const ladder = LADDER_RULES.includes(alert.rule);
  const woke = ladder
    ? { text: false, call: false, push: false }
    : await wakePerson(tx, {
        leadId: alert.leadId,
        person: { ...onCall, text: true, call: true, push: true },
        words,
        key: `alert:${raised.id}`,
        context,
      });
  if (ladder) await startLadder(tx, alert.leadId, words, context.now);
  await recordActivity(tx, {
    actor: NIGHT_WATCH_ACTOR,
    entity: "lead",
    entityId: alert.leadId,
    action: "alert_raised",
    after: {
      alertId: raised.id,
      rule: alert.rule,
      text: words,
      since: alert.since.toISOString(),
      onCallName: onCall.name,
      texted: woke.text,
      calling: woke.call,
      ladder,
    },
    leadId: alert.leadId,
  });
  return raised;
}

/** The alerts about a request nobody has taken: they climb the ladder. */
const LADDER_RULES: AlertRule[] = ["new_untouched", "offer_unanswered", "auto_offers_failed"];
