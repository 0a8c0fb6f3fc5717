import { z } from "zod";
import type { Actor } from "~/lib/activity";
import { TAX_RATE_MAX, type TaxRates } from "~/lib/money/receipt";
import { readSetting, writeSetting } from "../db/app-settings.server";
import type { Db } from "../db/database.server";
import { recordActivity } from "../activity/activity.server";

/*
 * Settings → Receipts (decision 0053): the business's legal name and address for receipts,
 * and the tax rate per kind of line (none by default). The name, phone, e-mail and license
 * stay in the server's configuration, as the Settings page shows them.
 */

const KEY = "receipt_business";

const rate = z.number().int().min(0).max(TAX_RATE_MAX).optional().catch(undefined);
const stored = z.object({
  legalName: z.string().max(120).nullable().catch(null).default(null),
  address: z.string().max(200).nullable().catch(null).default(null),
  taxRates: z.object({ labor: rate, parts: rate }).catch({}).default({}),
});

export interface ReceiptSettings {
  legalName: string | null;
  address: string | null;
  taxRates: TaxRates;
}

const defined = (rates: TaxRates): TaxRates =>
  Object.fromEntries(Object.entries(rates).filter(([, value]) => value !== undefined));

export async function readReceiptSettings(db: Db): Promise<ReceiptSettings> {
  const parsed = stored.parse((await readSetting(db, KEY)) ?? {});
  return { ...parsed, taxRates: defined(parsed.taxRates) };
}

export async function saveReceiptSettings(
  db: Db,
  settings: ReceiptSettings,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readReceiptSettings(tx);
    const after = { ...settings, taxRates: defined(settings.taxRates) };
    await writeSetting(tx, KEY, after);
    await recordActivity(tx, {
      actor,
      entity: "settings",
      entityId: KEY,
      action: "receipt_settings_changed",
      before: { ...before },
      after: { ...after },
    });
  });
}
