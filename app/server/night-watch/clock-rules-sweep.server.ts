import { inArray } from "drizzle-orm";
import { brokenRules, alertRuleText, refusalStillWaits } from "~/lib/night-watch/clock-rules";
import { leads } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";
import { NIGHT_WATCH_ACTOR } from "./auto-dispatch.server";
import { closeAlert, listOpenAlertRows, readWatchedLeads } from "./alerts.server";
import { notifyOperators, type NotifyContext } from "./notify-operators.server";
import { startLadder } from "./escalation-ladder.server";
import { tellCustomerRunningLate } from "../dispatch/customer-updates.server";
import { FIRST_WAKE_EARLY_MS, FIRST_WAKE_LOOKAHEAD_MS } from "~/lib/night-watch/escalation-ladder";

/*
 * The `clock_rules` timer (recurring, a few seconds apart): every watched lead checked
 * against the clock rules; a rule newly broken raises its alert (once: notifyOperators; a
 * passed estimate also texts the customer that their locksmith is late), an
 * open alert whose rule no longer holds (someone acted) is cleared, on the timeline too.
 */

export async function sweepClockRules(tx: Db, context: NotifyContext): Promise<void> {
  const watched = await readWatchedLeads(tx, context.now);
  const broken = new Set<string>();
  const soon = new Date(context.now.getTime() + FIRST_WAKE_LOOKAHEAD_MS);
  for (const { lead, facts } of watched) {
    // The first wake-up is due one timer poll before the untouched limit, so it lands by
    // the limit whatever the phase of the sweep and the poll (decision 0051).
    for (const found of brokenRules(facts, context.settings, soon)) {
      if (found.rule !== "new_untouched" || found.since <= context.now) continue;
      const words = alertRuleText(found.rule, context.settings);
      await startLadder(tx, lead.id, words, new Date(found.since.getTime() - FIRST_WAKE_EARLY_MS));
    }
    for (const found of brokenRules(facts, context.settings, context.now)) {
      broken.add(`${lead.id}:${found.rule}`);
      const raised = await notifyOperators(
        tx,
        { leadId: lead.id, rule: found.rule, since: found.since },
        context,
      );
      // The office is alerted; the customer waiting at the door hears it too.
      if (raised && found.rule === "eta_passed") {
        await tellCustomerRunningLate(tx, context.texts, lead.id, NIGHT_WATCH_ACTOR, context.now);
      }
    }
  }
  const openAlerts = await listOpenAlertRows(tx);
  const refusedLeads = await leadStatuses(
    tx,
    openAlerts.filter((alert) => alert.rule === "door_refused").map((alert) => alert.leadId),
  );
  for (const open of openAlerts) {
    if (broken.has(`${open.leadId}:${open.rule}`)) continue;
    if (refusalStillWaits(open, refusedLeads.get(open.leadId), context.now)) continue;
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

/** The status of each of these leads (a few: those with a refusal at the door in the queue). */
async function leadStatuses(tx: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: leads.id, status: leads.status })
    .from(leads)
    .where(inArray(leads.id, ids));
  return new Map(rows.map((row) => [row.id, row.status]));
}
