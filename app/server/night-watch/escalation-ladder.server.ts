import { and, eq, inArray, sql } from "drizzle-orm";
import { LIVE_STATES } from "~/lib/dispatch/assignment-machine";
import {
  ladderRungs,
  ladderStopText,
  nextWakeAt,
  rungLabel,
  stepAt,
  WAKE_CHANNELS,
  type LadderStop,
} from "~/lib/night-watch/escalation-ladder";
import { isClosedLead } from "~/lib/business-enums";
import { assignments, leads } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { autoDispatches, timers, type Timer } from "../db/night-watch-tables.server";
import { recordActivity } from "../activity/activity.server";
import { finishTimer } from "../background/timers.server";
import { NIGHT_WATCH_ACTOR } from "./auto-dispatch.server";
import { wakePerson, type NotifyContext } from "./wake-person.server";
import { ladderKey } from "./ladder-stop.server";

/*
 * The escalation ladder's timer (decision 0051): one `escalation` timer per lead, keyed
 * `ladder:<lead>`, that wakes one rung each time it fires and sets itself again
 * `everyMinutes` later (the clock rules' recurring pattern, so each wake-up commits once with
 * its fenced "done"). It stops when someone opens the lead, dispatches it or answers a
 * wake-up, when a locksmith takes the request, or when the ladder is spent; a customer's
 * new word while nobody has the request starts it again from the first rung, at once.
 */

interface LadderPayload {
  /** The next wake-up (0 = the first). */
  step: number;
  /** Why it (re)started: an alert's words, or the customer writing again. */
  reason: string;
  /** When it (re)started: names this climb's texts, calls and pushes. */
  startedAt: string;
}

/**
 * Nobody has the request: no live assignment, or only an automatic offer still standing.
 * (An office's offer is a person acting: the ladder stopped when it was made.)
 */
async function untaken(tx: Db, leadId: string): Promise<boolean> {
  const [row] = await tx
    .select({ status: leads.status, live: assignments.state, chain: autoDispatches.state })
    .from(leads)
    .leftJoin(
      assignments,
      and(eq(assignments.leadId, leads.id), inArray(assignments.state, LIVE_STATES)),
    )
    .leftJoin(autoDispatches, eq(autoDispatches.leadId, leads.id))
    .where(eq(leads.id, leadId))
    .limit(1);
  if (!row || isClosedLead(row.status)) return false;
  return row.live === null || (row.live === "offered" && row.chain === "running");
}

/**
 * Starts the lead's ladder now (an alert about a request nobody took). A ladder already
 * climbing goes on as it is; one that stopped earlier starts again from the first rung.
 */
export async function startLadder(
  tx: Db,
  leadId: string,
  reason: string,
  now: Date,
  options: { restart?: boolean } = {},
): Promise<boolean> {
  const payload: LadderPayload = { step: 0, reason, startedAt: now.toISOString() };
  const restart = options.restart ? sql`true` : sql`${timers.state} not in ('pending', 'claimed')`;
  const [row] = await tx
    .insert(timers)
    .values({
      kind: "escalation",
      key: ladderKey(leadId),
      dueAt: now,
      leadId,
      payload: { ...payload },
    })
    .onConflictDoUpdate({
      target: timers.key,
      // A restart while a worker holds the claim: its finish no longer matches and rolls back.
      set: {
        state: "pending",
        dueAt: now,
        leaseUntil: null,
        payload: { ...payload },
        attempts: sql`${timers.attempts} + 1`,
      },
      setWhere: restart,
    })
    .returning({ id: timers.id });
  return Boolean(row);
}

/**
 * A customer wrote again (a repeat request, a text reply) while nobody has their request:
 * the ladder starts over at once, from the first rung.
 */
export async function restartLadderForCustomer(tx: Db, leadId: string, now: Date): Promise<void> {
  if (!(await untaken(tx, leadId))) return;
  const started = await startLadder(tx, leadId, "The customer wrote again", now, {
    restart: true,
  });
  if (!started) return;
  await recordActivity(tx, {
    actor: NIGHT_WATCH_ACTOR,
    entity: "lead",
    entityId: leadId,
    action: "ladder_restarted",
    after: { reason: "customer" },
    leadId,
  });
}

/** The `escalation` timer fired: wake the next rung, or stop. Runs in the timer's transaction. */
export async function runLadderStep(tx: Db, timer: Timer, context: NotifyContext): Promise<void> {
  const payload = timer.payload as unknown as LadderPayload & { woken?: string[] };
  const leadId = timer.leadId;
  const stop = async (why: LadderStop) => {
    if (leadId) {
      await recordActivity(tx, {
        actor: NIGHT_WATCH_ACTOR,
        entity: "lead",
        entityId: leadId,
        action: "ladder_stopped",
        after: { stop: why, text: ladderStopText(why) },
        leadId,
      });
    }
    await finishTimer(tx, timer);
  };
  if (!leadId || !(await untaken(tx, leadId))) return stop("taken");
  const { ladder, onCall } = context.settings;
  const rungs = ladderRungs(ladder, onCall);
  const step = stepAt(payload.step, rungs.length, ladder.rounds);
  if (!step) return stop("spent");
  const rung = rungs[step.rung]!;
  const woke = await wakePerson(tx, {
    leadId,
    person: rung,
    words: payload.reason,
    key: `ladder:${leadId}:${payload.startedAt}:${payload.step}`,
    context,
  });
  await recordActivity(tx, {
    actor: NIGHT_WATCH_ACTOR,
    entity: "lead",
    entityId: leadId,
    action: "ladder_woke",
    after: {
      who: rungLabel(rung, step.rung),
      how: WAKE_CHANNELS.filter((channel) => woke[channel]),
      step: payload.step + 1,
      of: rungs.length * ladder.rounds,
    },
    leadId,
  });
  const woken = new Set(payload.woken ?? []);
  if (rung.phone) woken.add(rung.phone);
  await finishTimer(tx, timer, nextWakeAt(context.now, ladder), {
    ...payload,
    step: payload.step + 1,
    woken: [...woken],
  });
}
