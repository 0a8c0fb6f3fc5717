import { addDays, chicagoDay, formatDay } from "~/lib/time/chicago-period";
import { scheduleDocumentReminders } from "../compliance/compliance.server";
import { complianceDocuments } from "../db/compliance-tables.server";
import type { Db } from "../db/database.server";

/*
 * The demo's compliance files (issue 45): every locksmith insured, most bonded and checked,
 * from their index alone (no draws, so the rest of the demo does not shift). One insurance
 * runs out within 30 days (its reminders are scheduled); the locksmith whose license already
 * ran out (index 3) let their insurance run out too. No files: those are uploaded by people.
 */

const INSURERS = ["Great Lakes Mutual", "Prairie State Casualty", "Lakeshore Indemnity"];
const SURETIES = ["Midwest Surety Co.", "Illinois Bonding Partners"];
const CHECKERS = ["Checkr", "Sterling"];

export async function insertDemoCompliance(
  db: Db,
  crew: readonly { id: string }[],
  now: Date,
): Promise<void> {
  const today = chicagoDay(now);
  const day = (days: number) => formatDay(addDays(today, days));
  const rows: (typeof complianceDocuments.$inferInsert)[] = [];
  crew.forEach(({ id }, index) => {
    const insuranceEnds =
      index === 3 ? day(-9) : index === 5 ? day(18) : day(60 + ((index * 37) % 300));
    rows.push({
      locksmithId: id,
      kind: "insurance",
      provider: INSURERS[index % INSURERS.length]!,
      reference: `GL-${String(204_100 + index * 13)}`,
      amountCents: (index % 4 === 0 ? 2_000_000 : 1_000_000) * 100,
      expiresOn: insuranceEnds,
    });
    if (index % 5 !== 4) {
      rows.push({
        locksmithId: id,
        kind: "bond",
        provider: SURETIES[index % SURETIES.length]!,
        reference: `SB-${String(77_000 + index * 7)}`,
        amountCents: 1_000_000,
        expiresOn: day(120 + ((index * 53) % 400)),
      });
    }
    if (index % 7 !== 6) {
      rows.push({
        locksmithId: id,
        kind: "background_check",
        provider: CHECKERS[index % CHECKERS.length]!,
        checkedOn: day(-(30 + ((index * 41) % 700))),
      });
    }
  });
  rows.push(
    {
      locksmithId: null,
      kind: "insurance",
      provider: "Great Lakes Mutual",
      reference: "GL-BUS-5521",
      amountCents: 200_000_000,
      expiresOn: day(210),
    },
    {
      locksmithId: null,
      kind: "bond",
      provider: "Midwest Surety Co.",
      reference: "SB-BUS-118",
      amountCents: 2_500_000,
      expiresOn: day(150),
    },
  );
  const saved = await db.insert(complianceDocuments).values(rows).returning();
  for (const { id, expiresOn } of saved) {
    if (expiresOn) await scheduleDocumentReminders(db, { id, expiresOn }, now);
  }
}
