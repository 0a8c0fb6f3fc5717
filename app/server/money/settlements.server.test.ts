import { eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { netBalance } from "~/lib/money/collection";
import { PAYOUT_RULE } from "~/lib/money/payouts";
import { formatCents } from "~/lib/money/money";
import { presetPeriod, formatDay, periodRange } from "~/lib/time/chicago-period";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { jobs, payouts } from "../db/business-tables.server";
import {
  moneyByLocksmith,
  readStatement,
  recordPayout,
  totalOwed,
  unsettledJobs,
} from "./payouts.server";

const NOW = new Date();
const PERIOD = periodRange(presetPeriod("this_week", NOW));
const TODAY = formatDay(presetPeriod("today", NOW).first);

describeEachDatabase("settlements both ways", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);

  /** A locksmith (60%) with one job the business collected and one cash job they kept. */
  async function bothWays(businessCents: number, cashCents: number) {
    const smith = await w.locksmith(`Sam Settle ${crypto.randomUUID().slice(0, 6)}`, 60);
    for (const [cents, collectedBy] of [
      [businessCents, "business"],
      [cashCents, "locksmith"],
    ] as const) {
      const lead = await w.lead({ serviceType: "automotive" });
      const token = w.tokenOf(await w.dispatch(lead.id, smith.id));
      await w.act(token, { intent: "accept" });
      await w.quoteAndComplete(token, cents, {
        paymentMethod: collectedBy === "business" ? "card_on_site" : "cash",
        collectedBy,
      });
    }
    return smith;
  }
  const row = async (id: string) =>
    (await moneyByLocksmith(db(), PERIOD)).find((money) => money.locksmithId === id)!;
  const settle = (locksmithId: string, amountCents: number, extra = {}) =>
    recordPayout(
      db(),
      {
        locksmithId,
        amountCents,
        paidOn: TODAY,
        method: "cash",
        reference: null,
        partial: false,
        jobIds: [],
        direction: "from_locksmith",
        ...extra,
      },
      TEST_ACTOR,
    );

  it("nets both directions: the cash job's business cut against the card job's locksmith cut", async () => {
    // Card $150 → the business owes $90; cash $400 → the locksmith owes $160; net: they owe $70.
    const smith = await bothWays(15_000, 40_000);
    expect(await row(smith.id)).toMatchObject({
      jobs: 2,
      businessOwesCents: 9_000,
      locksmithOwesCents: 16_000,
      owedCents: -7_000,
    });
    // Only the business-collected job is one a payout to them could settle.
    expect((await unsettledJobs(db(), smith.id)).map((job) => job.finalPriceCents)).toEqual([
      15_000,
    ]);
  });

  it("records a payment from the locksmith once, never more than they owe, and then it is settled", async () => {
    const smith = await bothWays(15_000, 40_000);
    const before = await totalOwed(db());
    await expect(settle(smith.id, 7_001)).rejects.toMatchObject({
      field: "amount",
      message: PAYOUT_RULE.overLocksmithOwes(formatCents(7_000)),
    });
    await expect(settle(smith.id, 0)).rejects.toMatchObject({ message: PAYOUT_RULE.positive });
    // A payout *to* them is refused too: on balance they owe, so nothing is owed to them.
    await expect(
      settle(smith.id, 9_000, { direction: "to_locksmith", partial: true }),
    ).rejects.toMatchObject({ field: "amount" });
    expect(await db().select().from(payouts).where(eq(payouts.locksmithId, smith.id))).toHaveLength(
      0,
    );

    // A double click: the same form token records one payment.
    const requestId = crypto.randomUUID();
    const results = await Promise.all([
      settle(smith.id, 7_000, { requestId }),
      settle(smith.id, 7_000, { requestId }),
    ]);
    expect(new Set(results.map((result) => result.payoutId)).size).toBe(1);
    const rows = await db().select().from(payouts).where(eq(payouts.locksmithId, smith.id));
    expect(rows).toMatchObject([
      { direction: "from_locksmith", amountCents: 7_000, partial: false },
    ]);
    expect(await row(smith.id)).toMatchObject({ paidByCents: 7_000, owedCents: 0 });
    // The dashboard's total owed to locksmiths moves by what they paid in.
    expect(await totalOwed(db())).toBe(before + 7_000);
    await expect(settle(smith.id, 1)).rejects.toMatchObject({
      message: PAYOUT_RULE.locksmithOwesNothing,
    });

    const statement = (await readStatement(db(), smith.id, PERIOD))!;
    expect(statement.totals).toMatchObject({
      businessOwesCents: 9_000,
      locksmithOwesCents: 16_000,
      paidCents: 0,
      paidByCents: 7_000,
    });
    expect(statement.owedCents).toBe(0);
  });

  it("keeps each balance equal to the sum from scratch, after payments both ways", async () => {
    const smith = await bothWays(50_000, 10_000);
    // Card $500 → owed $300; cash $100 → they owe $40; net: the business owes $260.
    expect((await row(smith.id)).owedCents).toBe(26_000);
    await settle(smith.id, 20_000, { direction: "to_locksmith", partial: true });
    const done = await db().select().from(jobs).where(eq(jobs.locksmithId, smith.id));
    const paid = await db()
      .select()
      .from(payouts)
      .where(inArray(payouts.locksmithId, [smith.id]));
    const scratch = netBalance(
      done.map((job) => ({
        collectedBy: job.collectedBy,
        theirCutCents: job.theirCutCents!,
        yourCutCents: job.yourCutCents!,
      })),
      paid.map((payout) => ({ direction: payout.direction, amountCents: payout.amountCents })),
    );
    expect(scratch.netCents).toBe(6_000);
    expect((await row(smith.id)).owedCents).toBe(scratch.netCents);
  });
});
