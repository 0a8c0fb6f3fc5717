import type { Actor } from "~/lib/activity";
import { completePriceList, type PriceList } from "~/lib/money/price-list";
import { sitePrices, type SitePrices } from "~/lib/money/site-prices";
import { readSetting, writeSetting } from "../db/app-settings.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";

/* The office's price list (Settings → Prices), kept as one setting. */

const KEY = "price_list";

export async function readPriceList(db: Db): Promise<PriceList> {
  return completePriceList(await readSetting<unknown>(db, KEY));
}

/** The list as the website words it: every price a public page states comes from here. */
export async function readSitePrices(db: Db): Promise<SitePrices> {
  return sitePrices(await readPriceList(db));
}

export async function savePriceList(db: Db, list: PriceList, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readPriceList(tx);
    await writeSetting(tx, KEY, list);
    await recordActivity(tx, {
      actor,
      entity: "settings",
      entityId: KEY,
      action: "prices_changed",
      before: { ...before },
      after: { ...list },
    });
  });
}
