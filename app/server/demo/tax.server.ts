import { writeSetting } from "../db/app-settings.server";
import type { Db } from "../db/database.server";
import { locksmithTaxDetails } from "../db/tax-tables.server";
import type { TinCipher } from "../tax/tin-cipher.server";
import { yearEndReport } from "../tax/year-end.server";
import { chicagoDay } from "~/lib/time/chicago-period";
import { PAYER_AAD, type TaxPayerSetting } from "../tax/w9.server";
import type { LocksmithRow } from "./rows.server";

/*
 * The demo's W-9s (issue 49): most locksmiths' complete, one in four a business with an EIN,
 * some with no address yet and a few with no W-9 at all, so the year-end page shows each
 * case; and the business's own payer details. Numbers are made up, of the right shape, and
 * stored only when the server has TIN_ENCRYPTION_KEY (sealed like any other): without it
 * the page says they are missing, as it would in a real install. The first locksmith due a
 * 1099-NEC for the year just ended always lacks an address, so whatever the random payouts,
 * the page shows someone left out of the file until their W-9 is complete.
 */

const DEMO_STREETS = ["W 63rd St", "S Kedzie Ave", "W 95th St", "S Ashland Ave", "W 111th St"];

/** A made-up number of the type's shape, the same for the same index. */
function demoTin(type: "ssn" | "ein", i: number): string {
  if (type === "ein")
    return `36${String(1_000_003 + i * 7_919)
      .padStart(7, "0")
      .slice(-7)}`;
  const area = 100 + ((i * 37) % 500);
  const group = 10 + ((i * 13) % 89);
  const serial = 1000 + ((i * 7_331) % 8999);
  return `${area}${group}${serial}`;
}

export async function insertDemoTaxDetails(
  db: Db,
  crew: readonly LocksmithRow[],
  cipher: TinCipher | null,
  now: Date,
): Promise<void> {
  const lastYear = chicagoDay(now).year - 1;
  const due = new Set(
    (await yearEndReport(db, lastYear)).filter((row) => row.due).map((row) => row.locksmithId),
  );
  const leftOut = crew.find((smith) => due.has(smith.id))?.id;
  const rows = crew.flatMap((smith, i) => {
    if (i % 7 === 3) return [];
    const business = i % 4 === 2;
    const type = business ? ("ein" as const) : ("ssn" as const);
    const last = smith.name.split(" ").at(-1)!;
    const tin = demoTin(type, i);
    const address =
      i % 5 === 1 || smith.id === leftOut
        ? {}
        : {
            street: `${1200 + i * 37} ${DEMO_STREETS[i % DEMO_STREETS.length]}`,
            city: "Chicago",
            state: "IL",
            zip: `606${String(20 + (i % 40)).padStart(2, "0")}`,
          };
    return [
      {
        locksmithId: smith.id,
        legalName: business ? `${last} Lock & Key LLC` : smith.name,
        businessName: business ? null : i % 3 === 0 ? `${last} Locksmith` : null,
        tinType: type,
        ...(cipher ? { tinLast4: tin.slice(-4), tinSealed: cipher.encrypt(tin, smith.id) } : {}),
        ...address,
      },
    ];
  });
  if (rows.length) await db.insert(locksmithTaxDetails).values(rows);
  await writeSetting(db, "tax_payer", {
    legalName: "Lockline Locksmith LLC",
    businessName: null,
    tinType: "ein",
    tinLast4: cipher ? "0147" : null,
    tinSealed: cipher ? cipher.encrypt("361230147", PAYER_AAD) : null,
    street: "100 N State St",
    street2: "Suite 500",
    city: "Chicago",
    state: "IL",
    zip: "60602",
    phone: "3125550147",
  } satisfies TaxPayerSetting);
}
