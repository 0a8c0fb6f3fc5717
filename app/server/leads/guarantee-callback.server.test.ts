import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { GUARANTEE_CALLBACK_SOURCE, GUARANTEE_TEXT } from "~/lib/money/guarantee";
import { lastDaysPeriod } from "~/lib/time/chicago-period";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { expectRollupsToMatchRecords } from "../../../tests/helpers/report-rollups";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { jobs } from "../db/business-tables.server";
import { readCustomerPage } from "../customers/customer-page.server";
import { readJobListItem } from "../money/jobs.server";
import { readReports } from "../reports/reports.server";
import { openGuaranteeCallback } from "./guarantee-callback.server";

/*
 * Guarantee call-backs (issue 45, decision 0065): a lead linked to a completed job, within
 * its guarantee; its job priced $0; a price above $0 only with a reason (and the office's
 * confirmation); counted by the reports.
 */
describeEachDatabase("guarantee call-backs", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);

  async function completedJob(price = 18_500) {
    const smith = await w.locksmith("Marcus Reed", 60);
    const lead = await w.lead({ consent: true, serviceType: "residential", name: "Rosa Diaz" });
    const token = w.tokenOf(await w.dispatch(lead.id, smith.id));
    await w.act(token, { intent: "accept" });
    await w.quoteAndComplete(token, price);
    const [job] = await w.jobsOf(lead.id);
    return { smith, lead, job: job! };
  }

  it("opens one lead linked to the job, free, both ways linked, and counted in the reports", async () => {
    const { smith, lead, job } = await completedJob();
    const { lead: callBack, existed } = await openGuaranteeCallback(db(), job.id, TEST_ACTOR);
    expect(existed).toBe(false);
    expect(callBack).toMatchObject({
      name: "Rosa Diaz",
      phone: lead.phone,
      serviceType: "residential",
      address: lead.address,
      zip: lead.zip,
      textConsent: true,
      status: "new",
      sourceName: GUARANTEE_CALLBACK_SOURCE,
      guaranteeJobId: job.id,
    });
    // A second click finds the open one.
    const again = await openGuaranteeCallback(db(), job.id, TEST_ACTOR);
    expect(again).toMatchObject({ existed: true, lead: { id: callBack.id } });
    expect((await readJobListItem(db(), job.id))?.callbackLeadId).toBe(callBack.id);

    // Dispatched and accepted: its job is priced $0 from the start.
    const token = w.tokenOf(await w.dispatch(callBack.id, smith.id));
    await w.act(token, { intent: "accept" });
    const [callBackJob] = await w.jobsOf(callBack.id);
    expect(callBackJob).toMatchObject({ finalPriceCents: 0, theirCutCents: 0, yourCutCents: 0 });
    expect((await readJobListItem(db(), callBackJob!.id))?.guaranteeJobId).toBe(job.id);
    expect((await w.page(token))?.usualRange).toBe("$0.00: a guarantee call-back is free");

    // Completed at $0 with no quote at all: nothing to approve, nothing to check.
    expect(await w.complete(token, 0, { paymentMethod: "cash", collectedBy: "locksmith" })).toBe(
      "complete",
    );
    const [done] = await db().select().from(jobs).where(eq(jobs.id, callBackJob!.id));
    expect(done).toMatchObject({ status: "completed", finalPriceCents: 0, priceFlag: null });

    const [bySource] = await readReports(db(), lastDaysPeriod(new Date(), 1), ["source"]);
    expect(bySource!.total.guaranteeCallbacks).toBe(1);
    expect(bySource!.rows.find((row) => row.label === GUARANTEE_CALLBACK_SOURCE)).toMatchObject({
      leads: 1,
      guaranteeCallbacks: 1,
      completed: 1,
      revenueCents: 0,
    });
    await expectRollupsToMatchRecords(db(), lastDaysPeriod(new Date(), 1));
  });

  it("a price above $0 needs a reason and waits for the office; completing above $0 unapproved is refused", async () => {
    const { smith, job } = await completedJob();
    const { lead: callBack } = await openGuaranteeCallback(db(), job.id, TEST_ACTOR);
    const token = w.tokenOf(await w.dispatch(callBack.id, smith.id));
    await w.act(token, { intent: "accept" });
    await w.act(token, { intent: "arrived" });
    await expect(
      w.act(token, { intent: "quote", lines: [], total: 4_000, reason: null }),
    ).rejects.toThrow(GUARANTEE_TEXT.reason);
    expect(
      await w.act(token, {
        intent: "quote",
        lines: [],
        total: 4_000,
        reason: "A new cylinder: the old one was broken by a break-in",
      }),
    ).toBe("quote_held");
    // Without the customer's approval, completing above $0 is refused.
    await expect(w.complete(token, 4_000)).rejects.toThrow(/above the approved quote \(\$0\.00\)/);
    // The customer's page says the call-back is free, beside nothing to approve yet.
    const customerToken = (await w.textsOf(callBack.id))
      .map((row) => /\/t\/([A-Za-z0-9_-]{43})/.exec(row.body)?.[1])
      .find(Boolean);
    expect(customerToken).toBeDefined();
    expect((await readCustomerPage(db(), customerToken!))?.usualPrice).toBe(
      GUARANTEE_TEXT.usualPrice,
    );
  });

  it("is refused for a job not completed, and after the guarantee, with the day it ended", async () => {
    const { job } = await completedJob();
    const completedAt = job.completedAt!;
    const late = new Date(completedAt.getTime() + 92 * 24 * 3_600_000);
    await expect(openGuaranteeCallback(db(), job.id, TEST_ACTOR, late)).rejects.toThrow(
      /^The guarantee on this job ended on [A-Z][a-z]{2} \d{1,2}, \d{4}: new work is a new paid job\. Add it as a new lead\.$/,
    );
    const open = await w.lead();
    const smith = await w.locksmith("Dana Cole", 60);
    const token = w.tokenOf(await w.dispatch(open.id, smith.id));
    await w.act(token, { intent: "accept" });
    const [inProgress] = await w.jobsOf(open.id);
    await expect(openGuaranteeCallback(db(), inProgress!.id, TEST_ACTOR)).rejects.toThrow(
      GUARANTEE_TEXT.notCompleted,
    );
    // Nothing half-written: no call-back lead exists for either job.
    expect((await readJobListItem(db(), job.id))?.callbackLeadId).toBeNull();
  });
});
