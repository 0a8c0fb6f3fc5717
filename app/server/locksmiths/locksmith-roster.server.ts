import { and, asc, eq, gt, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { LIVE_STATES, type LiveState } from "~/lib/dispatch/assignment-machine";
import { jobPagePath } from "~/lib/dispatch/job-page-link";
import { formatShifts, type OnCallShift } from "~/lib/dispatch/on-call";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { presenceAt, shiftEnd, type ShiftHours } from "~/lib/locksmiths/shift";
import { RULE } from "~/lib/ui-text";
import { assignments, leads, locksmiths } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import type { Message } from "../db/messaging-tables.server";
import { hashLinkToken, isLinkToken, newLinkToken } from "../links/link-tokens.server";
import { notFound } from "../rule-error.server";
import { recordActivity } from "../activity/activity.server";
import { queueText, type TextContext } from "../texting/outbox.server";

export type Presence = "available" | "off";

/** Available for a shift of the hours chosen, or Off. */
export type PresenceChoice = { presence: "available"; hours: ShiftHours } | { presence: "off" };

/**
 * Sets a locksmith Available (until the end of the shift they chose) or Off, from their own
 * page or the office, in one conditional statement: a second tap on Off changes nothing and
 * keeps the first "since"; Available again moves the shift's end and keeps "since" while
 * the shift runs. Logged when it changed something.
 */
export async function setLocksmithPresence(
  db: Db,
  id: string,
  choice: PresenceChoice,
  actor: Actor,
  now = new Date(),
): Promise<{ presence: Presence; presenceChangedAt: Date; availableUntil: Date | null }> {
  if (!isUuid(id)) throw notFound(RULE.locksmithGone);
  const returned = {
    presence: locksmiths.presence,
    presenceChangedAt: locksmiths.presenceChangedAt,
    availableUntil: locksmiths.availableUntil,
  };
  return db.transaction(async (tx) => {
    const offNow = or(eq(locksmiths.presence, "off"), lte(locksmiths.availableUntil, now)) as SQL;
    const [changed] =
      choice.presence === "off"
        ? await tx
            .update(locksmiths)
            .set({ presence: "off", presenceChangedAt: now, availableUntil: null })
            .where(and(eq(locksmiths.id, id), ne(locksmiths.presence, "off")))
            .returning(returned)
        : await tx
            .update(locksmiths)
            .set({
              presence: "available",
              availableUntil: shiftEnd(now, choice.hours),
              // A shift that runs keeps its start; one after Off (or a lapsed one) starts now.
              presenceChangedAt: sql`case when ${offNow} then ${now.toISOString()}::timestamptz else ${locksmiths.presenceChangedAt} end`,
            })
            .where(eq(locksmiths.id, id))
            .returning(returned);
    if (changed) {
      await recordActivity(tx, {
        actor,
        entity: "locksmith",
        entityId: id,
        action: choice.presence === "off" ? "set_off" : "set_available",
        after:
          choice.presence === "off"
            ? { presence: "off" }
            : { presence: "available", until: changed.availableUntil?.toISOString() ?? null },
      });
      return changed;
    }
    const [row] = await tx.select(returned).from(locksmiths).where(eq(locksmiths.id, id));
    if (!row) throw notFound(RULE.locksmithGone);
    return row;
  });
}

/** Replaces a locksmith's weekly on-call schedule (already read by parseShifts). */
export async function setOnCallShifts(
  db: Db,
  id: string,
  shifts: readonly OnCallShift[],
  actor: Actor,
): Promise<void> {
  if (!isUuid(id)) throw notFound(RULE.locksmithGone);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ onCallShifts: locksmiths.onCallShifts })
      .from(locksmiths)
      .where(eq(locksmiths.id, id))
      .for("update");
    if (!before) throw notFound(RULE.locksmithGone);
    await tx
      .update(locksmiths)
      .set({ onCallShifts: [...shifts] })
      .where(eq(locksmiths.id, id));
    await recordActivity(tx, {
      actor,
      entity: "locksmith",
      entityId: id,
      action: "schedule_changed",
      before: { onCall: formatShifts(before.onCallShifts) },
      after: { onCall: formatShifts(shifts) },
    });
  });
}

/** How long a locksmith's own link opens their page; sending a new one ends the old one. */
export const LOCKSMITH_LINK_DAYS = 90;

/** Their page's address for a token. */
export function locksmithPagePath(token: string): string {
  return `/l/${token}`;
}

/**
 * A new personal link for the locksmith (the old one stops opening), texted to them through
 * the outbox, in one transaction. The link is answered too, for the office to copy when the
 * text cannot go (texting not configured, or this kind switched off).
 */
export async function sendLocksmithLink(
  db: Db,
  id: string,
  texts: TextContext,
  actor: Actor,
  now = new Date(),
): Promise<{ name: string; link: string; message: Message | undefined }> {
  if (!isUuid(id)) throw notFound(RULE.locksmithGone);
  const { token, hash } = newLinkToken();
  const link = `${texts.siteUrl}${locksmithPagePath(token)}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(locksmiths)
      .set({
        linkTokenHash: hash,
        linkExpiresAt: new Date(now.getTime() + LOCKSMITH_LINK_DAYS * 24 * 60 * 60 * 1000),
      })
      .where(and(eq(locksmiths.id, id), eq(locksmiths.active, true)))
      .returning();
    if (!row) throw notFound(RULE.locksmithGone);
    const message = await queueText(tx, texts, {
      kind: "locksmith_link",
      to: row.phone,
      values: { locksmith: row.name, roster_link: link },
      locksmithId: row.id,
    });
    await recordActivity(tx, {
      actor,
      entity: "locksmith",
      entityId: id,
      action: "link_sent",
      after: { messageId: message?.id ?? null },
    });
    return { name: row.name, link, message };
  });
}

/** Whether a token opens a locksmith's own page now: one read, before anything is counted. */
export async function isLocksmithLink(db: Db, token: string, now = new Date()): Promise<boolean> {
  return (await locksmithByLink(db, token, now)) !== undefined;
}

/** The locksmith a personal link opens: active, and the link not past its time. */
async function locksmithByLink(db: Db, token: string, now: Date) {
  if (!isLinkToken(token)) return undefined;
  const [row] = await db
    .select()
    .from(locksmiths)
    .where(
      and(
        eq(locksmiths.linkTokenHash, hashLinkToken(token)),
        eq(locksmiths.active, true),
        gt(locksmiths.linkExpiresAt, now),
      ),
    );
  return row;
}

export interface LocksmithPageJob {
  assignmentId: string;
  state: LiveState;
  service: string;
  zip: string | null;
  since: Date;
  /** An offer's deadline: past it the offer is gone. Null once accepted. */
  answerBy: Date | null;
}

/** What their own page shows: who, Available or Off since when, their open jobs. */
export async function readLocksmithPage(db: Db, token: string, now = new Date()) {
  const locksmith = await locksmithByLink(db, token, now);
  if (!locksmith) return undefined;
  const open = await db
    .select({
      assignmentId: assignments.id,
      state: assignments.state,
      expiresAt: assignments.expiresAt,
      serviceType: leads.serviceType,
      zip: leads.zip,
      since: assignments.createdAt,
    })
    .from(assignments)
    .innerJoin(leads, eq(leads.id, assignments.leadId))
    .where(and(eq(assignments.locksmithId, locksmith.id), inArray(assignments.state, LIVE_STATES)))
    .orderBy(asc(assignments.createdAt));
  const jobs: LocksmithPageJob[] = open
    // An offer past its time is not theirs to take any more.
    .filter((job) => job.state !== "offered" || job.expiresAt > now)
    .map((job) => ({
      assignmentId: job.assignmentId,
      state: job.state as LiveState,
      service: SERVICE_TYPE_LABELS[job.serviceType],
      zip: job.zip,
      since: job.since,
      answerBy: job.state === "offered" ? job.expiresAt : null,
    }));
  const presence = presenceAt(locksmith, now);
  return {
    id: locksmith.id,
    name: locksmith.name,
    presence: presence.presence,
    presenceChangedAt: presence.since,
    availableUntil: presence.until,
    jobs,
  };
}

/** Available or Off, set by the locksmith through their link; undefined for a dead link. */
export async function setPresenceByLink(
  db: Db,
  token: string,
  choice: PresenceChoice,
  now = new Date(),
) {
  const locksmith = await locksmithByLink(db, token, now);
  if (!locksmith) return undefined;
  return setLocksmithPresence(
    db,
    locksmith.id,
    choice,
    { kind: "locksmith", id: locksmith.id, name: locksmith.name },
    now,
  );
}

/**
 * A fresh link to one of their open jobs' page, from their own page: the texted job link
 * is not kept (only its hash), so a second one is made (assignments.roster_link_hash; the
 * texted one keeps working). Undefined for a dead link or a job that is not theirs or over.
 */
export async function openJobFromLocksmithPage(
  db: Db,
  token: string,
  assignmentId: string,
  now = new Date(),
): Promise<string | undefined> {
  const locksmith = await locksmithByLink(db, token, now);
  if (!locksmith || !isUuid(assignmentId)) return undefined;
  const { token: jobToken, hash } = newLinkToken();
  const [row] = await db
    .update(assignments)
    .set({ rosterLinkHash: hash })
    .where(
      and(
        eq(assignments.id, assignmentId),
        eq(assignments.locksmithId, locksmith.id),
        inArray(assignments.state, LIVE_STATES),
      ),
    )
    .returning({ id: assignments.id });
  return row && jobPagePath(jobToken);
}
