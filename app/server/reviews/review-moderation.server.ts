import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "~/lib/activity";
import { MODERATION_HOURS, publicationByRule, publicationDue } from "~/lib/reviews/moderation";
import { readSetting, writeSetting } from "../db/app-settings.server";
import { reviews } from "../db/app-tables.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";
import { scheduleTimer } from "../background/timers.server";

/*
 * Reviews publish by rule (app/lib/reviews/moderation.ts): each verified review with the
 * customer's consent gets a night-watch timer (decision 0028) at the end of its moderation
 * window, which publishes it unless the office hid it for a listed reason meanwhile.
 */

const KEY = "review_moderation";
const stored = z.object({
  hours: z
    .number()
    .int()
    .min(MODERATION_HOURS.min)
    .max(MODERATION_HOURS.max)
    .catch(MODERATION_HOURS.default),
});

/** The moderation window in hours (Settings → Reviews); the default when never set. */
export async function readModerationHours(db: Db): Promise<number> {
  return stored.parse((await readSetting(db, KEY)) ?? {}).hours;
}

export async function saveModerationHours(db: Db, hours: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readModerationHours(tx);
    await writeSetting(tx, KEY, { hours });
    await recordActivity(tx, {
      actor,
      entity: "settings",
      entityId: KEY,
      action: "review_moderation_changed",
      before: { hours: before },
      after: { hours },
    });
  });
}

/** In the transaction that stores a verified review: its publication at the window's end. */
export async function schedulePublication(tx: Db, reviewId: string, receivedAt: Date) {
  await scheduleTimer(tx, {
    kind: "review_publish",
    key: `review_publish:${reviewId}`,
    dueAt: publicationDue(receivedAt, await readModerationHours(tx)),
    payload: { reviewId },
  });
}

const BY_RULE: Actor = { kind: "system", name: "Moderation window" };

/** The timer's effect: publishes the review when the rule says so; nothing otherwise. */
export async function publishByRule(tx: Db, reviewId: string): Promise<boolean> {
  const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
  if (!review || publicationByRule(review) !== "publish") return false;
  await tx.update(reviews).set({ published: true }).where(eq(reviews.id, reviewId));
  await recordActivity(tx, {
    actor: BY_RULE,
    entity: "review",
    entityId: reviewId,
    action: "published",
    after: { byRule: true },
  });
  return true;
}
