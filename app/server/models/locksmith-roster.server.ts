import { and, eq, ne } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { formatShifts, type OnCallShift } from "~/lib/dispatch/on-call";
import { RULE } from "~/lib/ui-text";
import { locksmiths } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import { notFound } from "../rule-error.server";
import { recordActivity } from "./activity.server";

export type Presence = "available" | "off";

/**
 * Sets a locksmith Available or Off (from their own page, or the office), in one
 * conditional statement: a second tap on the same button changes nothing and keeps the
 * first "since". Logged only when it changed something.
 */
export async function setLocksmithPresence(
  db: Db,
  id: string,
  presence: Presence,
  actor: Actor,
  now = new Date(),
): Promise<{ presence: Presence; presenceChangedAt: Date }> {
  if (!isUuid(id)) throw notFound(RULE.locksmithGone);
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(locksmiths)
      .set({ presence, presenceChangedAt: now })
      .where(and(eq(locksmiths.id, id), ne(locksmiths.presence, presence)))
      .returning({
        presence: locksmiths.presence,
        presenceChangedAt: locksmiths.presenceChangedAt,
      });
    if (changed) {
      await recordActivity(tx, {
        actor,
        entity: "locksmith",
        entityId: id,
        action: presence === "off" ? "set_off" : "set_available",
        after: { presence },
      });
      return changed;
    }
    const [row] = await tx
      .select({ presence: locksmiths.presence, presenceChangedAt: locksmiths.presenceChangedAt })
      .from(locksmiths)
      .where(eq(locksmiths.id, id));
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
