import { z } from "zod";
import type { Actor } from "~/lib/activity";
import {
  AUTO_OFFER_MODES,
  DEFAULT_NIGHT_WATCH,
  type NightWatchSettings,
} from "~/lib/night-watch/clock-rules";
import { readSetting, writeSetting } from "../db/app-settings.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";

/** Settings → Night watch, kept in app_settings; whatever is missing or unreadable is the default. */
const KEY = "night_watch";

const d = DEFAULT_NIGHT_WATCH;
const wakeBy = z.object({
  push: z.boolean().catch(true),
  text: z.boolean().catch(true),
  call: z.boolean().catch(true),
});
const stored = z.object({
  newUntouchedMinutes: z.number().int().positive().catch(d.newUntouchedMinutes),
  notOnTheWayMinutes: z.number().int().positive().catch(d.notOnTheWayMinutes),
  notCompletedMinutes: z.number().int().positive().catch(d.notCompletedMinutes),
  autoOffers: z
    .object({
      mode: z.enum(AUTO_OFFER_MODES).catch(d.autoOffers.mode),
      from: z.string().catch(d.autoOffers.from),
      to: z.string().catch(d.autoOffers.to),
      offerSeconds: z.number().int().positive().catch(d.autoOffers.offerSeconds),
      maxOffers: z.number().int().positive().catch(d.autoOffers.maxOffers),
    })
    .catch(d.autoOffers),
  onCall: z
    .object({ name: z.string().nullable().catch(null), phone: z.string().nullable().catch(null) })
    .catch(d.onCall),
  ladder: z
    .object({
      everyMinutes: z.number().int().positive().catch(d.ladder.everyMinutes),
      rounds: z.number().int().positive().catch(d.ladder.rounds),
      onCallBy: wakeBy.catch(d.ladder.onCallBy),
      backups: z
        .array(
          wakeBy.extend({
            name: z.string().nullable().catch(null),
            phone: z.string().nullable().catch(null),
          }),
        )
        .catch(d.ladder.backups),
    })
    .catch(d.ladder),
});

export async function readNightWatchSettings(db: Db): Promise<NightWatchSettings> {
  return stored.parse((await readSetting(db, KEY)) ?? {});
}

export async function saveNightWatchSettings(
  db: Db,
  settings: NightWatchSettings,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readNightWatchSettings(tx);
    await writeSetting(tx, KEY, settings);
    await recordActivity(tx, {
      actor,
      entity: "settings",
      entityId: KEY,
      action: "night_watch_changed",
      before: { ...before },
      after: { ...settings },
    });
  });
}
