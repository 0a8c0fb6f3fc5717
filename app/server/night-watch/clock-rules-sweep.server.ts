import { brokenRules, alertRuleText } from "~/lib/night-watch/clock-rules";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";
import { NIGHT_WATCH_ACTOR } from "./auto-dispatch.server";
import { closeAlert, listOpenAlertRows, readWatchedLeads } from "./alerts.server";
import { notifyOperators, type NotifyContext } from "./notify-operators.server";

/*
 * The `clock_rules` timer (recurring, a few seconds apart): every watched lead checked
 * against the clock rules; a rule newly broken raises its alert (once: notifyOperators), an
 * open alert whose rule no longer holds (someone acted) is cleared, on the timeline too.
 */

export async function sweepClockRules(tx: Db, context: NotifyContext): Promise<void> {
  const watched = await readWatchedLeads(tx, context.now);
  const broken = new Set<string>();
  for (const { lead, facts } of watched) {
    for (const found of brokenRules(facts, context.settings, context.now)) {
      broken.add(`${lead.id}:${found.rule}`);
      await notifyOperators(tx, { leadId: lead.id, rule: found.rule, since: found.since }, context);
    }
  }
  for (const open of await listOpenAlertRows(tx)) {
    if (broken.has(`${open.leadId}:${open.rule}`)) continue;
    const cleared = await closeAlert(tx, open.id, context.now);
    if (!cleared) continue;
    await recordActivity(tx, {
      actor: NIGHT_WATCH_ACTOR,
      entity: "lead",
      entityId: open.leadId,
      action: "alert_cleared",
      after: {
        alertId: open.id,
        rule: open.rule,
        text: alertRuleText(open.rule, context.settings),
      },
      leadId: open.leadId,
    });
  }
}
