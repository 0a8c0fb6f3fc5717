import type { Actor } from "~/lib/activity";
import { storedPhoneSettings, type PhoneSettings } from "~/lib/phones/phone-settings";
import { readSetting, writeSetting } from "../db/app-settings.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";

/** Settings → Phone, kept in app_settings; whatever is missing or unreadable is the default. */
const KEY = "phone";

export async function readPhoneSettings(db: Db): Promise<PhoneSettings> {
  return storedPhoneSettings.parse((await readSetting(db, KEY)) ?? {});
}

/** Saves Settings → Phone with who changed it (before → after) in the activity log. */
export async function savePhoneSettings(
  db: Db,
  settings: PhoneSettings,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readPhoneSettings(tx);
    await writeSetting(tx, KEY, settings);
    await recordActivity(tx, {
      actor,
      entity: "settings",
      entityId: KEY,
      action: "phone_settings_changed",
      before: { ...before },
      after: { ...settings },
    });
  });
}
