import type { Actor } from "~/lib/activity";
import { AFTER_HOURS_OFF, type AfterHoursRate } from "~/lib/money/line-kinds";
import { readSetting, writeSetting } from "../db/app-settings.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";

/*
 * The after-hours rate (Settings → Prices, owners only): off until an owner turns it on. While
 * it is off a quote may carry no after-hours line and the site says "one price around the
 * clock"; once on, the public pages state the rate (issue 45, decision 0066).
 */

const KEY = "after_hours_rate";

export async function readAfterHours(db: Db): Promise<AfterHoursRate> {
  const stored = await readSetting<Partial<AfterHoursRate>>(db, KEY);
  return stored?.enabled === true && Number.isSafeInteger(stored.cents) && stored.cents! > 0
    ? { enabled: true, cents: stored.cents! }
    : AFTER_HOURS_OFF;
}

export async function saveAfterHours(db: Db, rate: AfterHoursRate, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readAfterHours(tx);
    await writeSetting(tx, KEY, rate);
    await recordActivity(tx, {
      actor,
      entity: "settings",
      entityId: KEY,
      action: "after_hours_changed",
      before: { ...before },
      after: { ...rate },
    });
  });
}
