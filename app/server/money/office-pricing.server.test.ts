import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts } from "../../../tests/helpers/texting";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { actOnCustomerPage, readCustomerPage } from "../customers/customer-page.server";
import { customerLinks } from "../db/business-tables.server";
import { listJobs } from "./jobs.server";
import { OFFICE_RAISE_REASON, priceJobAsOffice } from "./office-pricing.server";

/*
 * Edit Pricing bound by the customer's approval (issue 44, case 4): the office can lower a
 * price (the customer is told), never raise it past what the customer approved without
 * their new approval.
 */
describeEachDatabase("the office's pricing, bound by the customer's approval", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);

  /** A car job the locksmith quoted and completed at $210, its quote approved. */
  async function jobCompletedAt210(smithName: string, consent: boolean) {
    const smith = await w.locksmith(smithName, 60);
    const lead = await w.lead({ consent, serviceType: "automotive" });
    const token = w.tokenOf(await w.dispatch(lead.id, smith.id));
    await w.act(token, { intent: "accept" });
    await w.quoteAndComplete(token, 21_000);
    const [job] = await w.jobsOf(lead.id);
    return { lead, job: job! };
  }

  /** The office sets a job's price in Edit Pricing. */
  const officePrices = (jobId: string, cents: number) =>
    priceJobAsOffice(db(), jobId, { finalPriceCents: cents }, TEST_ACTOR, configuredTexts());

  it("a raise above the approved quote waits for the customer; approved, it is the price; a cut is told", async () => {
    const { lead, job } = await jobCompletedAt210("Marcus Reed", true);
    const { rows } = await listJobs(db(), { q: job.id.slice(0, 8) });
    expect(rows.find((row) => row.id === job.id)?.approvedQuoteCents).toBe(21_000);

    // $260 asked by the office: not the price, a quote the customer is texted to approve.
    const raised = await officePrices(job.id, 26_000);
    expect(raised).toMatchObject({
      kind: "waiting",
      quote: { amountCents: 26_000, state: "pending", reason: OFFICE_RAISE_REASON },
    });
    expect((await w.jobsOf(lead.id))[0]).toMatchObject({ finalPriceCents: 21_000 });
    // The locksmith's quote was texted first; the office's raise is the latest.
    const waiting = (await w.textsOf(lead.id))
      .filter((row) => row.purpose === "customer_quote_waiting")
      .at(-1);
    expect(waiting?.body).toMatch(
      /^Lockline: the price for your car lock service is \$260\.00\. It waits for your approval, and nothing is charged unless you approve it: https:\/\/\S+\/t\/[A-Za-z0-9_-]{43}\n/,
    );

    // The customer approves it on their page: now it is the price, and the split follows.
    const customer = /\/t\/([A-Za-z0-9_-]{43})/.exec(waiting!.body)![1]!;
    const page = (await readCustomerPage(db(), customer))!;
    expect(page).toMatchObject({ stage: "done", quote: { amountCents: 26_000, state: "pending" } });
    await actOnCustomerPage(
      db(),
      customer,
      { intent: "approve", quoteId: page.quote!.id },
      configuredTexts(),
    );
    expect((await w.jobsOf(lead.id))[0]).toMatchObject({
      finalPriceCents: 26_000,
      theirCutCents: 15_600,
    });

    // A correction down is saved at once, and the customer is told.
    const lowered = await officePrices(job.id, 25_000);
    expect(lowered).toMatchObject({ kind: "priced", job: { finalPriceCents: 25_000 } });
    expect(
      (await w.textsOf(lead.id)).find((row) => row.purpose === "customer_price_lowered")?.body,
    ).toMatch(/^Lockline: we lowered the price of your car lock service to \$250\.00\./);
  });

  it("a lower price withdraws the office's raise that waits: the approval stands and the page asks nothing", async () => {
    const { lead, job } = await jobCompletedAt210("Ana Ruiz", true);
    await officePrices(job.id, 26_000);
    const waiting = (await w.textsOf(lead.id))
      .filter((row) => row.purpose === "customer_quote_waiting")
      .at(-1);
    const customer = /\/t\/([A-Za-z0-9_-]{43})/.exec(waiting!.body)![1]!;
    const raise = (await readCustomerPage(db(), customer))!.quote!;
    expect(raise).toMatchObject({ amountCents: 26_000, state: "pending" });

    await officePrices(job.id, 20_000);
    expect((await w.jobsOf(lead.id))[0]).toMatchObject({ finalPriceCents: 20_000 });
    expect((await readCustomerPage(db(), customer))!.quote).toMatchObject({
      amountCents: 21_000,
      state: "approved",
    });
    // The raise the customer still had on screen cannot be approved any more.
    await expect(
      actOnCustomerPage(
        db(),
        customer,
        { intent: "approve", quoteId: raise.id },
        configuredTexts(),
      ),
    ).rejects.toThrow();
    expect((await w.jobsOf(lead.id))[0]).toMatchObject({ finalPriceCents: 20_000 });
  });

  it("a raise for a customer who never agreed to texts waits unsent, and makes no link nobody would receive", async () => {
    const { lead, job } = await jobCompletedAt210("Lee Park", false);
    const links = async () =>
      (await db().select().from(customerLinks).where(eq(customerLinks.leadId, lead.id))).length;
    const linksBefore = await links();

    const raised = await officePrices(job.id, 26_000);
    expect(raised).toMatchObject({ kind: "waiting", quote: { amountCents: 26_000 } });
    expect(
      (await w.textsOf(lead.id)).filter((row) => row.purpose === "customer_quote_waiting"),
    ).toHaveLength(0);
    expect(await links()).toBe(linksBefore);
  });
});
