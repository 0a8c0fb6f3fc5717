import { eq, isNotNull } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { recordActivity } from "../activity/activity.server";
import { appSettings } from "../db/app-tables.server";
import type { Db } from "../db/database.server";
import { locksmiths } from "../db/business-tables.server";
import { lsaConnection } from "../db/lead-inbox-tables.server";
import { locksmithTaxDetails } from "../db/tax-tables.server";
import { resealRefreshToken } from "../lead-inbox/google-ads.server";
import { TinKeyError, type TinCipher } from "./tin-cipher.server";
import { PAYER_AAD, PAYER_KEY, type TaxPayerSetting } from "./w9.server";

/*
 * Key rotation's second step (decision 0074): every value sealed with TIN_ENCRYPTION_KEY (the
 * locksmiths' W-9 numbers, the business's own as the payer, the Google Local Services refresh
 * token) sealed again under the current key, in one transaction, rows locked. What an old key
 * (TIN_ENCRYPTION_KEY_PREVIOUS) sealed opens and is sealed anew; what the current key sealed
 * stays as it is; what no key opens is left untouched and named, never the value. Once nothing
 * is left under an old key, the old keys can be dropped.
 */

export interface ResealOutcome {
  /** Sealed again under the current key. */
  resealed: number;
  /** Already under the current key. */
  current: number;
  /** What no key opens, in words (whose, never the value). */
  unreadable: string[];
}

export const RESEAL_TEXT = {
  locksmith: (name: string) => `the W-9 number of ${name}`,
  payer: "the business's own taxpayer number (the 1099s' payer)",
  lsa: "the Google Local Services refresh token (reconnect it in Settings → Sources)",
} as const;

export async function resealAll(db: Db, cipher: TinCipher, actor: Actor): Promise<ResealOutcome> {
  return db.transaction(async (tx) => {
    const outcome: ResealOutcome = { resealed: 0, current: 0, unreadable: [] };
    /** Sealed again, or counted current, or named unreadable; the new value when there is one. */
    const again = (reseal: () => string | null, whose: string): string | null => {
      try {
        const value = reseal();
        outcome[value === null ? "current" : "resealed"] += 1;
        return value;
      } catch (error) {
        if (!(error instanceof TinKeyError)) throw error;
        outcome.unreadable.push(whose);
        return null;
      }
    };

    const w9s = await tx
      .select({
        locksmithId: locksmithTaxDetails.locksmithId,
        sealed: locksmithTaxDetails.tinSealed,
        name: locksmiths.name,
      })
      .from(locksmithTaxDetails)
      .innerJoin(locksmiths, eq(locksmiths.id, locksmithTaxDetails.locksmithId))
      .where(isNotNull(locksmithTaxDetails.tinSealed))
      .for("update", { of: locksmithTaxDetails });
    for (const w9 of w9s) {
      const value = again(
        () => cipher.reseal(w9.sealed!, w9.locksmithId),
        RESEAL_TEXT.locksmith(w9.name),
      );
      if (value) {
        await tx
          .update(locksmithTaxDetails)
          .set({ tinSealed: value })
          .where(eq(locksmithTaxDetails.locksmithId, w9.locksmithId));
      }
    }

    const [payerRow] = await tx
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, PAYER_KEY))
      .for("update");
    const payer = payerRow?.value as TaxPayerSetting | undefined;
    if (payer?.tinSealed) {
      const value = again(() => cipher.reseal(payer.tinSealed!, PAYER_AAD), RESEAL_TEXT.payer);
      if (value) {
        await tx
          .update(appSettings)
          .set({ value: { ...payer, tinSealed: value } })
          .where(eq(appSettings.key, PAYER_KEY));
      }
    }

    const [lsa] = await tx.select().from(lsaConnection).for("update");
    if (lsa) {
      const value = again(
        () => resealRefreshToken(cipher, lsa.refreshToken, lsa.customerId),
        RESEAL_TEXT.lsa,
      );
      if (value) {
        await tx
          .update(lsaConnection)
          .set({ refreshToken: value })
          .where(eq(lsaConnection.id, lsa.id));
      }
    }

    await recordActivity(tx, {
      actor,
      entity: "settings",
      entityId: "tin_encryption_key",
      action: "tin_key_resealed",
      after: { ...outcome },
    });
    return outcome;
  });
}
