import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { configuredTexts } from "../../../tests/helpers/texting";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { latestLicenseExpiry, licenseToday } from "~/lib/locksmiths/license";
import { buildReceipt } from "~/lib/money/receipt";
import { customerLinks, leads, locksmiths, quotes } from "../db/business-tables.server";
import { reviewRequests } from "../db/app-tables.server";
import { hashLinkToken } from "../links/link-tokens.server";
import { listLeadActivity } from "../activity/activity.server";
import { CUSTOMER_LINK_DAYS } from "./customer-links.server";
import { actOnCustomerPage, readCustomerPage } from "./customer-page.server";
import { QUOTE_RULE } from "../money/quotes.server";
import { receiptPdf } from "../money/receipt-pdf.server";

const RECEIPT_BUSINESS = { name: "Lockline", phone: "(312) 555-0147", email: "a@b.example" };

describeEachDatabase("the customer's page", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);

  /** Offered to Marcus with the customer's consent: both links (the customer's from "finding"). */
  async function dispatched() {
    const smith = await w.locksmith("Marcus Reed", 60);
    const lead = await w.lead({ consent: true, serviceType: "automotive" });
    const dispatch = await w.dispatch(lead.id, smith.id);
    const [text] = (await w.textsOf(lead.id)).filter((row) => row.purpose === "customer_finding");
    const customer = /\/t\/([A-Za-z0-9_-]{43})/.exec(text!.body)![1]!;
    return { smith, lead, token: w.tokenOf(dispatch), customer };
  }

  it("is texted at dispatch only to a customer who agreed to texts", async () => {
    const { customer, token, lead } = await dispatched();
    // An offer names nobody: the customer hears a name once the locksmith accepts.
    expect(await readCustomerPage(db(), customer)).toMatchObject({
      stage: "finding",
      locksmithFirstName: null,
      quote: null,
      receipt: null,
    });
    await w.act(token, { intent: "accept" });
    expect(await readCustomerPage(db(), customer)).toMatchObject({
      stage: "assigned",
      locksmithFirstName: "Marcus",
    });
    const [assigned] = (await w.textsOf(lead.id)).filter(
      (row) => row.purpose === "customer_dispatched",
    );
    expect(assigned!.body).toContain("a locksmith, Marcus Reed, is assigned");
    const smith = await w.locksmith("Dee Park");
    const quiet = await w.lead({ consent: false });
    await w.dispatch(quiet.id, smith.id);
    const toCustomer = (await w.textsOf(quiet.id)).filter((row) =>
      row.purpose.startsWith("customer_"),
    );
    expect(toCustomer).toHaveLength(0);
    expect(
      await db().select().from(customerLinks).where(eq(customerLinks.leadId, quiet.id)),
    ).toHaveLength(0);
  });

  it("follows the visit: on the way with the estimate, the quote, approval, the receipt", async () => {
    const { token, customer, lead } = await dispatched();
    await w.act(token, { intent: "accept" });
    await w.act(token, { intent: "on_my_way", minutes: 20 });
    expect(await readCustomerPage(db(), customer)).toMatchObject({
      stage: "on_the_way",
      etaMinutes: 20,
      onTheWayAt: expect.any(Date),
    });
    await w.act(token, { intent: "arrived" });
    await w.act(token, { intent: "quote", lines: [], total: 18_500, reason: null });
    const page = (await readCustomerPage(db(), customer))!;
    expect(page).toMatchObject({
      stage: "arrived",
      quote: { amountCents: 18_500, state: "pending" },
    });
    expect(
      await actOnCustomerPage(
        db(),
        customer,
        { intent: "approve", quoteId: page.quote!.id },
        configuredTexts(),
      ),
    ).toEqual({
      done: "approve",
    });
    expect(await w.page(token)).toMatchObject({
      quote: { state: "approved", approvedWay: "customer_page" },
    });
    const approval = (await listLeadActivity(db(), lead.id)).find(
      (entry) => entry.action === "quote_approved",
    );
    expect(approval).toMatchObject({
      actorKind: "customer",
      after: expect.objectContaining({ way: "customer_page" }),
    });

    await w.complete(token, 18_000, { paymentMethod: "cash", collectedBy: "locksmith" });
    const done = (await readCustomerPage(db(), customer))!;
    expect(done).toMatchObject({
      stage: "done",
      reviewOpen: true,
      receipt: {
        locksmithName: "Marcus Reed",
        approvedQuote: { amountCents: 18_500 },
        finalPriceCents: 18_000,
        paymentMethod: "cash",
        collectedBy: "locksmith",
        address: "6118 S Pulaski Rd, 60629",
      },
    });
    const pdf = Buffer.from(
      await receiptPdf(buildReceipt(done.receipt!, RECEIPT_BUSINESS), "Lockline", new Date()),
    );
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    // The review button gives a fresh link to the job's review form (the texted one retires).
    const [before] = await db()
      .select()
      .from(reviewRequests)
      .where(eq(reviewRequests.jobId, done.receipt!.jobId));
    const review = await actOnCustomerPage(db(), customer, { intent: "review" }, configuredTexts());
    expect(review).toMatchObject({ reviewToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const [after] = await db()
      .select()
      .from(reviewRequests)
      .where(eq(reviewRequests.jobId, done.receipt!.jobId));
    expect(after!.tokenHash).toBe(hashLinkToken((review as { reviewToken: string }).reviewToken));
    expect(after!.tokenHash).not.toBe(before!.tokenHash);
  });

  it("records a decline once, and refuses a stale, repeated or late answer without recording", async () => {
    const { token, customer, lead } = await dispatched();
    await w.act(token, { intent: "accept" });
    await w.act(token, { intent: "quote", lines: [], total: 15_000, reason: null });
    const first = (await readCustomerPage(db(), customer))!.quote!;
    await w.act(token, { intent: "quote", lines: [], total: 16_000, reason: null });
    await expect(
      actOnCustomerPage(
        db(),
        customer,
        { intent: "approve", quoteId: first.id },
        configuredTexts(),
      ),
    ).rejects.toMatchObject({ message: QUOTE_RULE.changed });
    const second = (await readCustomerPage(db(), customer))!.quote!;
    await actOnCustomerPage(
      db(),
      customer,
      { intent: "decline", quoteId: second.id },
      configuredTexts(),
    );
    await expect(
      actOnCustomerPage(
        db(),
        customer,
        { intent: "approve", quoteId: second.id },
        configuredTexts(),
      ),
    ).rejects.toMatchObject({ message: QUOTE_RULE.decided });
    const [job] = await w.jobsOf(lead.id);
    expect(
      (await db().select().from(quotes).where(eq(quotes.jobId, job!.id)))
        .map((row) => row.state)
        .sort(),
    ).toEqual(["declined", "superseded"]);
    const answers = (await listLeadActivity(db(), lead.id)).filter(
      (entry) => entry.action.startsWith("quote_") && entry.action !== "quote_given",
    );
    expect(answers.map((entry) => entry.action)).toEqual(["quote_declined"]);
    // A declined quote leaves the locksmith to quote again; completing is still refused.
    await expect(w.complete(token, 15_000)).rejects.toMatchObject({ field: "price" });
  });

  it("names the locksmith's own license while it is live, and on the receipt as it stood on the day of the work", async () => {
    const { token, customer, smith } = await dispatched();
    await w.act(token, { intent: "accept" });
    expect((await readCustomerPage(db(), customer))!.locksmithLicense).toBeNull();
    const setLicense = (expiresOn: string | null) =>
      db()
        .update(locksmiths)
        .set({ licenseNumber: "153.012345", licenseExpiresOn: expiresOn })
        .where(eq(locksmiths.id, smith.id));
    await setLicense(null);
    expect((await readCustomerPage(db(), customer))!.locksmithLicense).toBe("153.012345");
    // Its last day: still shown; the day after: not, on the page as on a receipt.
    const now = new Date("2026-11-26T18:00:00Z");
    await setLicense("2026-11-26");
    expect((await readCustomerPage(db(), customer, now))!.locksmithLicense).toBe("153.012345");
    await setLicense("2026-11-25");
    expect((await readCustomerPage(db(), customer, now))!.locksmithLicense).toBeNull();

    await w.act(token, { intent: "quote", lines: [], total: 18_500, reason: null });
    const quote = (await readCustomerPage(db(), customer))!.quote!;
    await actOnCustomerPage(
      db(),
      customer,
      { intent: "approve", quoteId: quote.id },
      configuredTexts(),
    );
    await w.complete(token, 18_500, { paymentMethod: "cash", collectedBy: "locksmith" });
    // The receipt reads the license against the day of the work: good then, named; run out
    // before it, not.
    await setLicense(latestLicenseExpiry(licenseToday()));
    const done = (await readCustomerPage(db(), customer))!;
    expect(done.receipt!.locksmithLicense).toBe("153.012345");
    expect(buildReceipt(done.receipt!, RECEIPT_BUSINESS).job).toContainEqual([
      "Locksmith's license",
      "153.012345",
    ]);
    await setLicense("2020-01-01");
    expect((await readCustomerPage(db(), customer))!.receipt!.locksmithLicense).toBeNull();
  });

  it("shows no service address once the lead is cancelled (issue 47)", async () => {
    const { customer, lead } = await dispatched();
    await db()
      .update(leads)
      .set({ address: "6118 S Pulaski Rd", zip: "60629" })
      .where(eq(leads.id, lead.id));
    expect((await readCustomerPage(db(), customer))?.address).toBe("6118 S Pulaski Rd, 60629");
    await db().update(leads).set({ status: "cancelled" }).where(eq(leads.id, lead.id));
    expect(await readCustomerPage(db(), customer)).toMatchObject({
      stage: "closed",
      address: null,
    });
  });

  it("does not open for unknown or expired links", async () => {
    const { customer } = await dispatched();
    expect(await readCustomerPage(db(), "x".repeat(43))).toBeUndefined();
    expect(await readCustomerPage(db(), "short")).toBeUndefined();
    const later = new Date(Date.now() + (CUSTOMER_LINK_DAYS + 1) * 86_400_000);
    expect(await readCustomerPage(db(), customer, later)).toBeUndefined();
    await expect(
      actOnCustomerPage(db(), customer, { intent: "review" }, configuredTexts(), later),
    ).rejects.toMatchObject({ status: 404 });
  });
});
