import { and, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "~/lib/activity";
import { DEFAULT_KEEP_DONE_DAYS, MAX_KEEP_DONE_DAYS } from "~/lib/background/retry-policy";
import { readSetting, writeSetting } from "../db/app-settings.server";
import type { Db } from "../db/database.server";
import { timers } from "../db/night-watch-tables.server";
import { recordActivity } from "../activity/activity.server";
import { pruneFinished } from "./claims.server";

/*
 * How long finished background work is kept (decision 0060), in app_settings; whatever is
 * missing or unreadable is the default. Done and cancelled timers older than that are
 * deleted by the prune_finished timer; dead ones stay until an owner retries or drops them.
 * Texts are not pruned: they are the business's record of what it told whom.
 */

const KEY = "background_work";

const keepDoneDays = z.coerce.number().int().min(1).max(MAX_KEEP_DONE_DAYS);

const stored = z.object({ keepDoneDays: keepDoneDays.catch(DEFAULT_KEEP_DONE_DAYS) });

export type BackgroundWorkSettings = z.infer<typeof stored>;

export async function readBackgroundWorkSettings(db: Db): Promise<BackgroundWorkSettings> {
  return stored.parse((await readSetting(db, KEY)) ?? {});
}

export async function saveBackgroundWorkSettings(
  db: Db,
  settings: BackgroundWorkSettings,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readBackgroundWorkSettings(tx);
    await writeSetting(tx, KEY, settings);
    await recordActivity(tx, {
      actor,
      entity: "settings",
      entityId: KEY,
      action: "background_work_changed",
      before: { ...before },
      after: { ...settings },
    });
  });
}

/** Deletes the timers that finished more than the kept days before `now`. Returns how many. */
export async function pruneFinishedTimers(db: Db, now: Date): Promise<number> {
  const { keepDoneDays: days } = await readBackgroundWorkSettings(db);
  const before = new Date(now.getTime() - days * 86_400_000);
  return pruneFinished(
    db,
    timers,
    and(inArray(timers.state, ["done", "cancelled"]), lt(timers.firedAt, before))!,
  );
}
