import { eq } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import type { TaxPayerForm, W9Form } from "~/lib/schemas/tax";
import { maskTin, tinLast4 } from "~/lib/tax/tin";
import { EMPTY_W9, type W9View } from "~/lib/tax/w9";
import { RULE } from "~/lib/ui-text";
import { recordActivity } from "../activity/activity.server";
import { readSetting, writeSetting } from "../db/app-settings.server";
import { locksmiths } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { isUuid } from "../db/list-query.server";
import { locksmithTaxDetails } from "../db/tax-tables.server";
import { notFound, RuleError } from "../rule-error.server";
import { TIN_KEY_TEXT, type TinCipher } from "./tin-cipher.server";

/*
 * W-9 details (issue 49, decision 0070): each locksmith's, and the business's own as the
 * payer. Saved by owners only; the full number is sealed before it reaches the database and
 * read back only by the IRIS export (year-end.server.ts). Every change is in the activity log
 * with the fields that changed and the number as its mask, never the number.
 */

/** The columns a screen may read: everything but the sealed number. */
export const W9_VIEW_COLUMNS = {
  legalName: locksmithTaxDetails.legalName,
  businessName: locksmithTaxDetails.businessName,
  tinType: locksmithTaxDetails.tinType,
  tinLast4: locksmithTaxDetails.tinLast4,
  street: locksmithTaxDetails.street,
  street2: locksmithTaxDetails.street2,
  city: locksmithTaxDetails.city,
  state: locksmithTaxDetails.state,
  zip: locksmithTaxDetails.zip,
};

export const W9_TEXT = {
  retypeForNewType:
    "Enter the number again: the one on file is of another kind, and the kind and the number change together",
} as const;

/** A locksmith's W-9 as the office sees it; null when none was ever saved. */
export async function readW9(db: Db, locksmithId: string): Promise<W9View | null> {
  if (!isUuid(locksmithId)) return null;
  const [row] = await db
    .select(W9_VIEW_COLUMNS)
    .from(locksmithTaxDetails)
    .where(eq(locksmithTaxDetails.locksmithId, locksmithId));
  return row ?? null;
}

/** What the activity log keeps of a W-9: its fields, the number only as its mask. */
function logged(w9: W9View): Record<string, unknown> {
  const { tinLast4: last4, ...rest } = w9;
  return { ...rest, tin: last4 && w9.tinType ? maskTin(w9.tinType, last4) : null };
}

/** The W-9 fields that differ between two versions (the number by its mask and seal). */
function changedFields(before: W9View, after: W9View, newNumber: boolean): (keyof W9View)[] {
  const fields = (Object.keys(EMPTY_W9) as (keyof W9View)[]).filter(
    (field) => (before[field] ?? null) !== (after[field] ?? null),
  );
  if (newNumber && !fields.includes("tinLast4")) fields.push("tinLast4");
  return fields;
}

/**
 * The fields of a form, the number sealed with the cipher (refused, next to its field, when
 * there is none) or the stored one kept; a new kind needs the number typed again.
 */
function sealedFields(
  form: W9Form | TaxPayerForm,
  before: W9View,
  cipher: TinCipher | null,
  aad: string,
) {
  if (form.tin && !cipher) throw new RuleError(TIN_KEY_TEXT.missing, { field: "tin" });
  if (!form.tin && before.tinLast4 && form.tinType !== before.tinType) {
    throw new RuleError(W9_TEXT.retypeForNewType, { field: "tin" });
  }
  const view: W9View = {
    legalName: form.legalName,
    businessName: form.businessName,
    tinType: form.tinType,
    tinLast4: form.tin ? tinLast4(form.tin) : before.tinLast4,
    street: form.street,
    street2: form.street2,
    city: form.city,
    state: form.state,
    zip: form.zip,
  };
  return { view, sealed: form.tin && cipher ? cipher.encrypt(form.tin, aad) : undefined };
}

/** Saves a locksmith's W-9 (owners: the route checks), with its activity entry. */
export async function saveW9(
  db: Db,
  cipher: TinCipher | null,
  locksmithId: string,
  form: W9Form,
  actor: Actor,
): Promise<{ changed: (keyof W9View)[] }> {
  if (!isUuid(locksmithId)) throw notFound(RULE.locksmithGone);
  return db.transaction(async (tx) => {
    const [locksmith] = await tx
      .select({ id: locksmiths.id, name: locksmiths.name })
      .from(locksmiths)
      .where(eq(locksmiths.id, locksmithId))
      .for("update");
    if (!locksmith) throw notFound(RULE.locksmithGone);
    const before = (await readW9(tx, locksmithId)) ?? EMPTY_W9;
    const { view, sealed } = sealedFields(form, before, cipher, locksmithId);
    const values = { ...view, ...(sealed ? { tinSealed: sealed } : {}) };
    await tx
      .insert(locksmithTaxDetails)
      .values({ locksmithId, ...values })
      .onConflictDoUpdate({ target: locksmithTaxDetails.locksmithId, set: values });
    const changed = changedFields(before, view, Boolean(sealed));
    if (changed.length > 0) {
      await recordActivity(tx, {
        actor,
        entity: "locksmith",
        entityId: locksmithId,
        action: "w9_updated",
        before: logged(before),
        after: { ...logged(view), locksmithName: locksmith.name, changed },
      });
    }
    return { changed };
  });
}

/** The business as the payer on its 1099s (app_settings "tax_payer"). */
export interface TaxPayerSetting extends W9View {
  phone: string | null;
  tinSealed: string | null;
}

export const PAYER_KEY = "tax_payer";
/** The additional data the payer's number is sealed with (a locksmith's is their id). */
export const PAYER_AAD = "tax_payer";

export async function readTaxPayer(db: Db): Promise<TaxPayerSetting | null> {
  return (await readSetting<TaxPayerSetting>(db, PAYER_KEY)) ?? null;
}

/** The payer's details as a screen may show them: without the sealed number. */
export function payerView(
  payer: TaxPayerSetting | null,
): (W9View & { phone: string | null }) | null {
  if (!payer) return null;
  const { tinSealed: _sealed, ...view } = payer;
  return view;
}

/** Saves the business's payer details (owners), with an activity entry without the number. */
export async function saveTaxPayer(
  db: Db,
  cipher: TinCipher | null,
  form: TaxPayerForm,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = await readTaxPayer(tx);
    const before: W9View = stored ?? EMPTY_W9;
    const { view, sealed } = sealedFields(form, before, cipher, PAYER_AAD);
    await writeSetting(tx, PAYER_KEY, {
      ...view,
      phone: form.phone,
      tinSealed: sealed ?? stored?.tinSealed ?? null,
    } satisfies TaxPayerSetting);
    await recordActivity(tx, {
      actor,
      entity: "settings",
      entityId: PAYER_KEY,
      action: "tax_payer_updated",
      before: stored ? { ...logged(before), phone: stored.phone } : null,
      after: { ...logged(view), phone: form.phone },
    });
  });
}
