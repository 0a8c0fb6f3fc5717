import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import type { PayoutMethod } from "~/lib/money/payouts";
import { irisNecCsv, type IrisPayer, type IrisRecipient } from "~/lib/tax/iris-csv";
import { necStanding, type NecStanding } from "~/lib/tax/payout-counting";
import { necThreshold } from "~/lib/tax/threshold";
import { w9Missing, type W9View } from "~/lib/tax/w9";
import { recordActivity } from "../activity/activity.server";
import { locksmiths, payouts } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { locksmithTaxDetails } from "../db/tax-tables.server";
import { RuleError } from "../rule-error.server";
import { TIN_KEY_TEXT, type TinCipher } from "./tin-cipher.server";
import { PAYER_AAD, payerView, readTaxPayer, W9_VIEW_COLUMNS } from "./w9.server";

/*
 * The year-end 1099 pack (issue 49, decision 0070): each locksmith's payouts of a calendar
 * year (paid_on, the day the money went, Chicago's calendar) by method, what counts toward
 * the 1099-NEC against the year's threshold, and the IRIS file for those at or above it.
 * Payouts are the business's payments TO the locksmith, not undone; money the locksmith
 * handed to the business is not a payment to them and is left out.
 */

export interface YearEndRow extends NecStanding {
  locksmithId: string;
  name: string;
  byMethod: Partial<Record<PayoutMethod, number>>;
  w9: W9View | null;
  /** W-9 fields a 1099-NEC needs that are not on file, in words. */
  missing: string[];
}

const firstDay = (year: number) => `${year}-01-01`;
const lastDay = (year: number) => `${year}-12-31`;

/** Every locksmith paid in the year, by name. */
export async function yearEndReport(db: Db, year: number): Promise<YearEndRow[]> {
  const sums = await db
    .select({
      locksmithId: payouts.locksmithId,
      method: payouts.method,
      cents: sql<number>`sum(${payouts.amountCents})::bigint`,
    })
    .from(payouts)
    .where(
      and(
        isNull(payouts.undoneAt),
        eq(payouts.direction, "to_locksmith"),
        sql`${payouts.paidOn} between ${firstDay(year)} and ${lastDay(year)}`,
      ),
    )
    .groupBy(payouts.locksmithId, payouts.method);
  if (sums.length === 0) return [];
  const people = await db
    .select({
      locksmithId: locksmiths.id,
      name: locksmiths.name,
      hasW9: sql<boolean>`${locksmithTaxDetails.locksmithId} is not null`,
      ...W9_VIEW_COLUMNS,
    })
    .from(locksmiths)
    .leftJoin(locksmithTaxDetails, eq(locksmithTaxDetails.locksmithId, locksmiths.id))
    .where(
      sql`${locksmiths.id} in (select locksmith_id from payouts where paid_on between ${firstDay(year)} and ${lastDay(year)})`,
    )
    .orderBy(asc(locksmiths.name), asc(locksmiths.id));
  return people
    .map(({ locksmithId, name, hasW9, ...details }) => {
      const byMethod: Partial<Record<PayoutMethod, number>> = {};
      for (const sum of sums) {
        if (sum.locksmithId === locksmithId) byMethod[sum.method] = Number(sum.cents);
      }
      const w9 = hasW9 ? details : null;
      return {
        locksmithId,
        name,
        byMethod,
        w9,
        missing: w9Missing(w9),
        ...necStanding({ byMethod }, year),
      };
    })
    .filter((row) => Object.keys(row.byMethod).length > 0);
}

/** The years that have payouts, newest first, with the current one always there. */
export async function payoutYears(db: Db, currentYear: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: sql<number>`extract(year from ${payouts.paidOn})::int` })
    .from(payouts)
    .where(isNull(payouts.undoneAt));
  const years = new Set([currentYear, ...rows.map((row) => Number(row.year))]);
  return [...years].sort((a, b) => b - a);
}

export const EXPORT_TEXT = {
  noPayer:
    "Fill in the business's own details (the payer) first: its legal name, taxpayer number, address and phone go on every form.",
  payerMissing: (missing: string[]) => `The payer's details lack: ${missing.join(", ")}.`,
  noneDue: (year: number) =>
    `No locksmith reached the ${year} threshold: there is nothing to file.`,
  noneReady: (count: number) =>
    `None of the ${count} locksmiths due a 1099-NEC has a complete W-9 yet: complete theirs first.`,
  leftOut: (names: string[]) =>
    `Left out of the file until their W-9 is complete: ${names.join(", ")}. File theirs in a later upload.`,
} as const;

/** The locksmiths due a 1099-NEC whose W-9 is complete: the file's rows. */
export function readyForms(rows: readonly YearEndRow[]): YearEndRow[] {
  return rows.filter((row) => row.due && row.missing.length === 0);
}

/** The names of those due whose W-9 is not complete (left out of the file, said on the page). */
export function leftOutNames(rows: readonly YearEndRow[]): string[] {
  return rows.filter((row) => row.due && row.missing.length > 0).map((row) => row.name);
}

/** Why the IRIS file cannot be made now, or null when it can. */
export async function exportProblem(
  db: Db,
  cipher: TinCipher | null,
  year: number,
  rows?: YearEndRow[],
): Promise<string | null> {
  if (!cipher) return TIN_KEY_TEXT.exportMissing;
  const payer = payerView(await readTaxPayer(db));
  if (!payer) return EXPORT_TEXT.noPayer;
  const payerMissing = [...w9Missing(payer), ...(payer.phone ? [] : ["phone"])];
  if (payerMissing.length > 0) return EXPORT_TEXT.payerMissing(payerMissing);
  const report = rows ?? (await yearEndReport(db, year));
  const due = report.filter((row) => row.due);
  if (due.length === 0) return EXPORT_TEXT.noneDue(year);
  if (readyForms(report).length === 0) return EXPORT_TEXT.noneReady(due.length);
  return null;
}

/**
 * The IRIS 1099-NEC CSV of a year: one row per locksmith at or above the threshold whose W-9
 * is complete (the others are named on the page, for a later upload). The one
 * place a full taxpayer number leaves the database: each is decrypted here, into the file,
 * and nowhere else (not logged, not kept). The download is in the activity log, without them.
 */
export async function irisExport(
  db: Db,
  cipher: TinCipher | null,
  year: number,
  actor: Actor,
): Promise<{ csv: string; forms: number }> {
  const rows = await yearEndReport(db, year);
  const problem = await exportProblem(db, cipher, year, rows);
  if (problem || !cipher)
    throw new RuleError(problem ?? TIN_KEY_TEXT.exportMissing, { status: 409 });
  const due = readyForms(rows);
  const sealed = new Map(
    (
      await db
        .select({
          locksmithId: locksmithTaxDetails.locksmithId,
          tinSealed: locksmithTaxDetails.tinSealed,
        })
        .from(locksmithTaxDetails)
        .where(sql`${locksmithTaxDetails.locksmithId} in ${due.map((row) => row.locksmithId)}`)
    ).map((row) => [row.locksmithId, row.tinSealed]),
  );
  const stored = (await readTaxPayer(db))!;
  const payer: IrisPayer = {
    ...partyOf(stored),
    tin: cipher.decrypt(stored.tinSealed!, PAYER_AAD),
    phone: stored.phone!,
  };
  const forms = due.map((row) => ({
    recipient: {
      ...partyOf(row.w9!),
      tin: cipher.decrypt(sealed.get(row.locksmithId)!, row.locksmithId),
      accountNumber: row.locksmithId.slice(0, 8),
    } satisfies IrisRecipient,
    box1Cents: row.countedCents,
  }));
  await recordActivity(db, {
    actor,
    entity: "settings",
    entityId: `iris_1099_nec:${year}`,
    action: "iris_exported",
    after: {
      year,
      forms: forms.length,
      thresholdCents: necThreshold(year).cents,
      locksmithIds: due.map((row) => row.locksmithId),
    },
  });
  return { csv: irisNecCsv(year, payer, forms), forms: forms.length };
}

function partyOf(w9: W9View): Omit<IrisRecipient, "tin" | "accountNumber"> {
  return {
    tinType: w9.tinType!,
    legalName: w9.legalName!,
    businessName: w9.businessName,
    address: {
      street: w9.street!,
      street2: w9.street2,
      city: w9.city!,
      state: w9.state!,
      zip: w9.zip!,
    },
  };
}
