import { and, desc, eq, inArray } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { describeWork, errorInWords } from "~/lib/background/failed-work";
import { RULE } from "~/lib/ui-text";
import { leads, locksmiths } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { messages } from "../db/messaging-tables.server";
import { timers } from "../db/night-watch-tables.server";
import { recordActivity } from "../activity/activity.server";
import { notFound, RuleError } from "../rule-error.server";

/*
 * Settings → Failed background work (decision 0060), for owners: the timers that went dead
 * and the texts that did not go (failed, undelivered, interrupted), newest first, each said
 * in words, with Retry now and Drop. A text's buttons are the outbox's Resend and Drop; a
 * timer's are here.
 */

/** The text statuses the list shows: what did not go, and is not the office's own choice. */
const FAILED_TEXT_STATUSES = ["failed", "undelivered", "interrupted"] as const;

/** The most rows of each kind listed: more than this is a fault to fix, not to click through. */
const LIST_LIMIT = 100;

export interface FailedWork {
  work: "timer" | "text";
  id: string;
  what: string;
  /** When it went dead (a timer), or when it was queued (a text). */
  at: Date;
  attempts: number;
  error: string;
  leadId: string | null;
}

export async function listFailedWork(db: Db): Promise<FailedWork[]> {
  const [deadTimers, failedTexts] = await Promise.all([
    db
      .select({ timer: timers, leadName: leads.name })
      .from(timers)
      .leftJoin(leads, eq(leads.id, timers.leadId))
      .where(eq(timers.state, "dead"))
      .orderBy(desc(timers.firedAt))
      .limit(LIST_LIMIT),
    db
      .select({ message: messages, leadName: leads.name, locksmithName: locksmiths.name })
      .from(messages)
      .leftJoin(leads, eq(leads.id, messages.leadId))
      .leftJoin(locksmiths, eq(locksmiths.id, messages.locksmithId))
      .where(inArray(messages.status, FAILED_TEXT_STATUSES))
      .orderBy(desc(messages.createdAt))
      .limit(LIST_LIMIT),
  ]);
  const listed: FailedWork[] = [
    ...deadTimers.map(({ timer, leadName }) => ({
      work: "timer" as const,
      id: timer.id,
      what: describeWork({ work: "timer", kind: timer.kind, leadName }),
      at: timer.firedAt ?? timer.dueAt,
      attempts: timer.attempts,
      error: errorInWords(timer.lastError),
      leadId: timer.leadId,
    })),
    ...failedTexts.map(({ message, leadName, locksmithName }) => ({
      work: "text" as const,
      id: message.id,
      what: describeWork({ work: "text", to: message.toPhone, leadName, locksmithName }),
      at: message.createdAt,
      attempts: message.attempts,
      error: errorInWords(message.lastError),
      leadId: message.leadId,
    })),
  ];
  return listed.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** Retry now: the dead timer is due at once, with its tries counted afresh. */
export async function retryDeadTimer(db: Db, id: string, actor: Actor): Promise<void> {
  await changeDeadTimer(db, id, actor, "background_work_retried", {
    state: "pending",
    dueAt: new Date(),
    tries: 0,
  });
}

/** Drop: the owner gave up on it; it is pruned with the finished timers. */
export async function dropDeadTimer(db: Db, id: string, actor: Actor): Promise<void> {
  await changeDeadTimer(db, id, actor, "background_work_dropped", {
    state: "cancelled",
    firedAt: new Date(),
  });
}

async function changeDeadTimer(
  db: Db,
  id: string,
  actor: Actor,
  action: "background_work_retried" | "background_work_dropped",
  set: Partial<typeof timers.$inferInsert>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(timers)
      .set(set)
      .where(and(eq(timers.id, id), eq(timers.state, "dead")))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: timers.id }).from(timers).where(eq(timers.id, id));
      if (!exists) throw notFound(RULE.backgroundWorkGone);
      throw new RuleError(RULE.backgroundWorkNotDead);
    }
    await recordActivity(tx, {
      actor,
      entity: "timer",
      entityId: row.id,
      action,
      after: { kind: row.kind, state: row.state },
      leadId: row.leadId,
    });
  });
}
