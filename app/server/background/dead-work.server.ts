import { eq } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { describeWork, errorInWords } from "~/lib/background/failed-work";
import { leads, locksmiths } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import type { Message } from "../db/messaging-tables.server";
import { timers, type Timer } from "../db/night-watch-tables.server";
import { recordActivity } from "../activity/activity.server";

/*
 * Background work gone dead is said at once (decision 0060), in the transaction that buried
 * it: an activity entry (on the lead's timeline when it was about one), and a notice to the
 * operators' phones the way the night watch's alerts reach them (an operator_push timer,
 * decision 0033), which opens the owner's Failed background work list. A notice that itself
 * dies is only recorded: it must not notify about itself for ever.
 */

export const FAILED_WORK_PATH = "/admin/settings/failed-work";

const BACKGROUND_ACTOR: Actor = { kind: "system", name: "Background work" };

export type DeadWork = { work: "timer"; timer: Timer } | { work: "text"; message: Message };

export async function reportDeadWork(tx: Db, dead: DeadWork): Promise<void> {
  const leadId = dead.work === "timer" ? dead.timer.leadId : dead.message.leadId;
  const leadName = leadId ? await nameOf(tx, leadId) : null;
  const what =
    dead.work === "timer"
      ? describeWork({ work: "timer", kind: dead.timer.kind, leadName })
      : describeWork({
          work: "text",
          to: dead.message.toPhone,
          leadName,
          locksmithName: dead.message.locksmithId
            ? await locksmithNameOf(tx, dead.message.locksmithId)
            : null,
        });
  const row = dead.work === "timer" ? dead.timer : dead.message;
  await recordActivity(tx, {
    actor: BACKGROUND_ACTOR,
    entity: dead.work === "timer" ? "timer" : "message",
    entityId: row.id,
    action: "background_work_dead",
    after: { what, attempts: row.attempts, error: errorInWords(row.lastError) },
    leadId,
  });
  if (dead.work === "timer" && dead.timer.kind === "operator_push") return;
  const at = new Date();
  await tx
    .insert(timers)
    .values({
      kind: "operator_push",
      key: `operator_push:dead:${row.id}:${at.getTime()}`,
      dueAt: at,
      leadId,
      payload: {
        title: "Background work failed",
        body: `${what}: ${errorInWords(row.lastError)}`,
        url: FAILED_WORK_PATH,
        tag: "failed-work",
      },
    })
    .onConflictDoNothing({ target: timers.key });
}

async function nameOf(tx: Db, leadId: string): Promise<string | null> {
  const [lead] = await tx.select({ name: leads.name }).from(leads).where(eq(leads.id, leadId));
  return lead?.name ?? null;
}

async function locksmithNameOf(tx: Db, id: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: locksmiths.name })
    .from(locksmiths)
    .where(eq(locksmiths.id, id));
  return row?.name ?? null;
}
