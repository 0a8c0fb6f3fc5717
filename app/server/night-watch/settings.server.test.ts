import { expect, it } from "vitest";
import { DEFAULT_NIGHT_WATCH } from "~/lib/night-watch/clock-rules";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { watchSettings } from "../../../tests/helpers/night-watch";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { writeSetting } from "../db/app-settings.server";
import { listEntityActivity } from "../activity/activity.server";
import { readNightWatchSettings, saveNightWatchSettings } from "./settings.server";

describeEachDatabase("night watch settings", (t) => {
  const db = () => t.handle.db;

  it("reads the defaults until saved, then what was saved, with who changed it", async () => {
    expect(await readNightWatchSettings(db())).toEqual(DEFAULT_NIGHT_WATCH);
    const mine = watchSettings({ mode: "window", offerSeconds: 90 });
    await saveNightWatchSettings(db(), mine, TEST_ACTOR);
    expect(await readNightWatchSettings(db())).toEqual(mine);
    const [entry] = await listEntityActivity(db(), "settings", "night_watch");
    expect(entry).toMatchObject({ action: "night_watch_changed", actorName: "Test Operator" });
  });

  it("a damaged stored value falls back field by field, never to an error", async () => {
    await writeSetting(db(), "night_watch", {
      newUntouchedMinutes: "soon",
      autoOffers: { mode: "sometimes", offerSeconds: 30 },
    });
    const read = await readNightWatchSettings(db());
    expect(read.newUntouchedMinutes).toBe(DEFAULT_NIGHT_WATCH.newUntouchedMinutes);
    expect(read.autoOffers).toMatchObject({ mode: "off", offerSeconds: 30, maxOffers: 3 });
    expect(read.onCall).toEqual({ name: null, phone: null });
  });
});
