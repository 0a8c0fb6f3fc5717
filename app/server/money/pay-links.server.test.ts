import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { configuredTexts } from "../../../tests/helpers/texting";
import { FakeStripe, FAKE_STRIPE_ENV } from "../../../tests/helpers/fake-stripe";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { locksmithEarnings, payLinks } from "../db/business-tables.server";
import { stripePayLinks, type PayLinkService } from "./stripe.server";
import { listLeadActivity } from "../activity/activity.server";
import { customerPageJob, readCustomerPage } from "../customers/customer-page.server";
import {
  confirmReturnedSession,
  expireStaleSessions,
  openPayLink,
  openPaymentAlerts,
  PAY_LINK_RULE,
  readJobBalance,
  recordPaidSession,
  refundOverpayment,
  takePaidSession,
} from "./pay-links.server";
import { StripeAmountOutOfRange } from "./stripe.server";
import { setJobPricing, setJobStatus } from "./jobs.server";
import { priceJobAsOffice } from "./office-pricing.server";
import { jobs } from "../db/business-tables.server";
import { moneyByLocksmith, unsettledJobs } from "./payouts.server";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { readReceipt } from "./receipts.server";
import { receiptPdf } from "./receipt-pdf.server";
import { pdfText } from "../../../tests/helpers/pdf-text";
import { buildReceipt, receiptTime } from "~/lib/money/receipt";
import { leadTimeline } from "~/lib/leads/timeline";

const RECEIPT_BUSINESS = { name: "Lockline", phone: "(312) 555-0147", email: "a@b.example" };

describeEachDatabase("the card pay link (fake Stripe through the SDK)", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);
  const texts = configuredTexts();
  let stripe: FakeStripe;
  let service: PayLinkService;

  beforeEach(() => {
    stripe = new FakeStripe();
    service = stripePayLinks(FAKE_STRIPE_ENV, stripe.httpClient)!;
  });

  /** A job completed at $185 with "pay link", and the customer's page token. */
  async function payLinkJob(method: "pay_link" | "cash" = "pay_link") {
    const smith = await w.locksmith("Jo Pay", 60);
    const lead = await w.lead({ consent: true, serviceType: "automotive" });
    const dispatch = await w.dispatch(lead.id, smith.id);
    const token = w.tokenOf(dispatch);
    const [text] = (await w.textsOf(lead.id)).filter((row) => row.purpose === "customer_finding");
    const customer = /\/t\/([A-Za-z0-9_-]{43})/.exec(text!.body)![1]!;
    await w.act(token, { intent: "accept" });
    await w.act(token, { intent: "quote", lines: [], total: 18_500, reason: null });
    const page = (await readCustomerPage(db(), customer))!;
    const { actOnCustomerPage } = await import("../customers/customer-page.server");
    await actOnCustomerPage(
      db(),
      customer,
      { intent: "approve", quoteId: page.quote!.id },
      configuredTexts(),
    );
    await w.complete(token, 18_500, {
      paymentMethod: method,
      collectedBy: method === "pay_link" ? "business" : "locksmith",
    });
    const job = (await customerPageJob(db(), customer))!;
    return { smith, lead, customer, job };
  }

  /** The $185 session paid late, after the price became `cents` and a new session was paid. */
  async function payOldThenNew(jobId: string, cents: number) {
    await openPayLink(db(), service, jobId, "x");
    const old = stripe.pay(stripe.sessions[0]!);
    await setJobPricing(db(), jobId, { finalPriceCents: cents }, TEST_ACTOR);
    await expireStaleSessions(db(), service, jobId);
    await openPayLink(db(), service, jobId, "x");
    return { old, fresh: stripe.pay(stripe.sessions[1]!) };
  }

  const earned = async (locksmithId: string) =>
    (
      await db()
        .select()
        .from(locksmithEarnings)
        .where(eq(locksmithEarnings.locksmithId, locksmithId))
    )[0]?.earnedCents;

  it("makes one Checkout Session for the final price and reuses it while it is open", async () => {
    const { job, customer } = await payLinkJob();
    const url = await openPayLink(db(), service, job.id, `http://localhost:3000/t/${customer}`);
    expect(stripe.sessions).toHaveLength(1);
    expect(stripe.sessions[0]).toMatchObject({
      amount_total: 18_500,
      currency: "usd",
      client_reference_id: job.id,
      success_url: `http://localhost:3000/t/${customer}?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(url).toBe(stripe.sessions[0]!.url);
    expect(await openPayLink(db(), service, job.id, "x")).toBe(url);
    expect(stripe.creates).toBe(1);
    expect(await readCustomerPage(db(), customer, new Date(), { payLinks: true })).toMatchObject({
      payLink: { amountCents: 18_500, paidAt: null, url },
    });
  });

  it("marks the job paid once from a verified event: a replay or a forged amount changes nothing", async () => {
    const { job, customer, smith, lead } = await payLinkJob();
    await openPayLink(db(), service, job.id, "http://localhost:3000/t/x");
    const session = stripe.sessions[0]!;
    const owedBefore = await earned(smith.id);

    const wrongAmount = stripe.paidEvent(session, { amount: 100 });
    const paidWrong = service.readWebhook(Buffer.from(wrongAmount.payload), wrongAmount.signature);
    expect((await recordPaidSession(db(), paidWrong!, texts)).outcome).toBe("ignored");

    const event = stripe.paidEvent(session, { eventId: "evt_once" });
    const paid = service.readWebhook(Buffer.from(event.payload), event.signature)!;
    expect(paid).toMatchObject({ eventId: "evt_once", sessionId: session.id, amountCents: 18_500 });
    expect((await recordPaidSession(db(), paid, texts)).outcome).toBe("for_price");
    expect((await recordPaidSession(db(), paid, texts)).outcome).toBe("ignored");

    const [link] = await db().select().from(payLinks).where(eq(payLinks.jobId, job.id));
    expect(link).toMatchObject({ paidByEvent: "evt_once", paidAt: expect.any(Date) });
    const page = await readCustomerPage(db(), customer, new Date(), { payLinks: true });
    expect(page?.payLink).toMatchObject({ paidAt: expect.any(Date), url: null });
    const entries = (await listLeadActivity(db(), lead.id)).filter(
      (entry) => entry.action === "paid_by_pay_link",
    );
    expect(entries).toHaveLength(1);
    // The ledger follows collection (decision 0050): the locksmith's cut is owed once paid.
    expect(owedBefore ?? 0).toBe(0);
    expect(await earned(smith.id)).toBe(11_100);
    await expect(openPayLink(db(), service, job.id, "x")).rejects.toThrow(PAY_LINK_RULE.paid);
  });

  it("says on the receipt (page and PDF) and the timeline that the card payment came", async () => {
    const { job, customer, lead } = await payLinkJob();
    await openPayLink(db(), service, job.id, "http://localhost:3000/t/x");
    expect((await readReceipt(db(), job.id))?.cardMoney).toEqual([]);
    const unpaid = (await readCustomerPage(db(), customer))!.receipt!;
    const built = (facts: typeof unpaid) => buildReceipt(facts, RECEIPT_BUSINESS);
    // Nothing came in: no payment, nobody "holds" anything, the whole price is due.
    expect(built(unpaid).payments).toEqual([]);
    expect(built(unpaid).balance).toEqual(["Balance due", "$185.00"]);

    const event = stripe.paidEvent(stripe.sessions[0]!);
    const paidAt = new Date("2026-11-26T21:05:00Z");
    await recordPaidSession(
      db(),
      service.readWebhook(Buffer.from(event.payload), event.signature)!,
      texts,
      paidAt,
    );
    const receipt = (await readCustomerPage(db(), customer))!.receipt!;
    expect(receipt).toMatchObject({ paymentMethod: "pay_link", collectedBy: "business" });
    const paid = built(receipt);
    expect(paid.payments).toEqual([
      {
        date: receiptTime(paidAt),
        what: "Paid: card (pay link)",
        amount: "$185.00",
        heldBy: "Lockline, the business",
      },
    ]);
    expect(paid.balance).toEqual(["Balance due", "$0.00"]);
    expect(pdfText(await receiptPdf(paid, "Lockline", paidAt))).toContain(receiptTime(paidAt));

    const timeline = leadTimeline(await listLeadActivity(db(), lead.id));
    expect(timeline.find((item) => item.what.startsWith("Customer paid"))).toMatchObject({
      who: "Stripe",
      what: "Customer paid $185.00 by card (pay link)",
    });
  });

  it("refuses a forged, altered or stale signature", async () => {
    const { job } = await payLinkJob();
    await openPayLink(db(), service, job.id, "x");
    const session = stripe.sessions[0]!;
    const forged = stripe.paidEvent(session, { secret: "whsec_someoneelse0000" });
    expect(() => service.readWebhook(Buffer.from(forged.payload), forged.signature)).toThrow();
    const good = stripe.paidEvent(session);
    const altered = good.payload.replace("18500", "18501");
    expect(() => service.readWebhook(Buffer.from(altered), good.signature)).toThrow();
    const stale = stripe.paidEvent(session, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => service.readWebhook(Buffer.from(stale.payload), stale.signature)).toThrow();
  });

  it("offers no pay link for a job paid another way, and says so when Stripe is down", async () => {
    const cash = await payLinkJob("cash");
    await expect(openPayLink(db(), service, cash.job.id, "x")).rejects.toThrow(
      PAY_LINK_RULE.notPayLink,
    );
    expect(
      (await readCustomerPage(db(), cash.customer, new Date(), { payLinks: true }))?.payLink,
    ).toBeNull();
    const card = await payLinkJob();
    stripe.failNext = 5;
    await expect(openPayLink(db(), service, card.job.id, "x")).rejects.toThrow(
      PAY_LINK_RULE.unavailable,
    );
    expect(await db().select().from(payLinks).where(eq(payLinks.jobId, card.job.id))).toHaveLength(
      0,
    );
  });

  /** Stripe's signed event for a session, read as the webhook route reads it. */
  const webhook = (session: (typeof stripe.sessions)[number]) => {
    const event = stripe.paidEvent(session);
    return service.readWebhook(Buffer.from(event.payload), event.signature)!;
  };
  const jobRow = async (jobId: string) =>
    (await db().select().from(jobs).where(eq(jobs.id, jobId)))[0]!;
  const balanceOf = async (jobId: string) => readJobBalance(db(), await jobRow(jobId));

  it("refuses a signed event whose amount is out of range", async () => {
    const { job } = await payLinkJob();
    await openPayLink(db(), service, job.id, "x");
    for (const literal of ["1e400", "-100", "18500.5", "9007199254740993"]) {
      const event = stripe.paidEvent(stripe.sessions[0]!, { amountLiteral: literal });
      expect(() => service.readWebhook(Buffer.from(event.payload), event.signature)).toThrow(
        StripeAmountOutOfRange,
      );
    }
  });

  it("binds a session to the price version; a price change expires it at Stripe", async () => {
    const { job, customer } = await payLinkJob();
    const first = await openPayLink(db(), service, job.id, "x");
    expect(stripe.sessions[0]!.metadata).toMatchObject({ job_id: job.id });
    await setJobPricing(db(), job.id, { finalPriceCents: 16_000 }, TEST_ACTOR);
    expect(await expireStaleSessions(db(), service, job.id)).toBe(1);
    expect(stripe.expired).toEqual([stripe.sessions[0]!.id]);
    expect(stripe.sessions[0]!.status).toBe("expired");
    const page = await readCustomerPage(db(), customer, new Date(), { payLinks: true });
    expect(page?.payLink).toMatchObject({ amountCents: 16_000, url: null });
    const second = await openPayLink(db(), service, job.id, "x");
    expect(second).not.toBe(first);
    expect(stripe.sessions[1]!.amount_total).toBe(16_000);
  });

  it("records an old session paid after a price change as what it is; the office refunds the difference in one tap", async () => {
    const { job, customer } = await payLinkJob();
    await openPayLink(db(), service, job.id, "x");
    const old = stripe.pay(stripe.sessions[0]!);
    // The customer paid $185 on Stripe's page; the webhook is late; the office lowers the price.
    await setJobPricing(db(), job.id, { finalPriceCents: 16_000 }, TEST_ACTOR);
    expect(await expireStaleSessions(db(), service, job.id)).toBe(0);
    expect((await takePaidSession(db(), service, webhook(old), texts)).outcome).toBe("old_amount");
    expect(await balanceOf(job.id)).toMatchObject({ paidCents: 18_500, balanceCents: -2_500 });
    const [alert] = await openPaymentAlerts(db(), job.id);
    expect(alert).toMatchObject({ verdict: "old_amount", amountCents: 18_500 });
    // The page does not say "$160.00 paid": it says what came in and that a refund is due.
    const page = await readCustomerPage(db(), customer, new Date(), { payLinks: true });
    expect(page?.payLink).toMatchObject({ amountCents: 0, url: null });
    expect(page?.payLink?.balance.balanceCents).toBe(-2_500);

    const [refund] = await refundOverpayment(db(), service, job.id, TEST_ACTOR, texts);
    expect(refund).toMatchObject({ amountCents: 2_500, refundState: "succeeded" });
    expect(stripe.refunds).toMatchObject([{ payment_intent: old.payment_intent, amount: 2_500 }]);
    expect(await balanceOf(job.id)).toMatchObject({ balanceCents: 0, refundedCents: 2_500 });
    expect(await openPaymentAlerts(db(), job.id)).toHaveLength(0);
    expect(stripe.netCents()).toBe(16_000);
  });

  it("refunds a second payment automatically: $185 late, then a new $175 session", async () => {
    const { job } = await payLinkJob();
    const { old, fresh } = await payOldThenNew(job.id, 17_500);
    expect((await takePaidSession(db(), service, webhook(old), texts)).outcome).toBe("old_amount");
    expect((await takePaidSession(db(), service, webhook(fresh), texts)).outcome).toBe("duplicate");
    expect(stripe.refunds).toMatchObject([
      { payment_intent: fresh.payment_intent, amount: 17_500 },
    ]);
    // $10 over remains: the office's one tap.
    expect(await balanceOf(job.id)).toMatchObject({ balanceCents: -1_000 });
    const alerts = await openPaymentAlerts(db(), job.id);
    expect(alerts.map((row) => row.verdict)).toEqual(["old_amount"]);
    await refundOverpayment(db(), service, job.id, TEST_ACTOR, texts);
    expect(await balanceOf(job.id)).toMatchObject({ balanceCents: 0 });
    expect(stripe.netCents()).toBe(17_500);
  });

  it("texts the customer at each money moment: the job done with what is left, the payment, each refund", async () => {
    const { job, lead } = await payLinkJob();
    const textsOfKind = async (kind: string) =>
      (await w.textsOf(lead.id)).filter((row) => row.purpose === kind).map((row) => row.body);
    const [done] = await textsOfKind("customer_review_request");
    expect(done).toMatch(
      /^Lockline: your car lock service is done, \$185\.00\. Thank you for choosing us\.\nLeft to pay by card: \$185\.00\nYour receipt: https:\/\/\S+\/t\/[A-Za-z0-9_-]{43}\nHow did Jo Pay do\? Tell us in a minute: https:\/\/\S+\/review\/\S+\nReply STOP to opt out\.$/,
    );
    expect(await textsOfKind("customer_payment_received")).toEqual([]);

    const { old, fresh } = await payOldThenNew(job.id, 17_500);
    await takePaidSession(db(), service, webhook(old), texts);
    await takePaidSession(db(), service, webhook(fresh), texts);
    // A replay of an event is no second payment, and no second text.
    await takePaidSession(db(), service, webhook(fresh), texts);
    expect(await textsOfKind("customer_payment_received")).toEqual([
      expect.stringMatching(
        /^Lockline: we received your card payment of \$185\.00 for your car lock service\. Thank you\. Your receipt: https:\/\/\S+\/t\/[A-Za-z0-9_-]{43}\n/,
      ),
      expect.stringMatching(/card payment of \$175\.00 /),
    ]);
    // The duplicate went back at once; the $10 over goes back on the office's tap.
    expect(await textsOfKind("customer_refunded")).toEqual([
      `Lockline: we refunded $175.00 to your card for your car lock service. Banks take 5 to 10 days to show it. Questions? Call ${texts.business.phone}.\nReply STOP to opt out.`,
    ]);
    await refundOverpayment(db(), service, job.id, TEST_ACTOR, texts);
    expect((await textsOfKind("customer_refunded")).at(-1)).toMatch(
      /^Lockline: we refunded \$10\.00 /,
    );
  });

  it("texts no refund Stripe did not make", async () => {
    const { job, lead } = await payLinkJob();
    await openPayLink(db(), service, job.id, "x");
    const paid = stripe.pay(stripe.sessions[0]!);
    await takePaidSession(db(), service, webhook(paid), texts);
    await setJobPricing(db(), job.id, { finalPriceCents: 16_000 }, TEST_ACTOR);
    stripe.failRefunds = 2; // the request and the SDK's one retry
    await expect(refundOverpayment(db(), service, job.id, TEST_ACTOR, texts)).rejects.toThrow();
    const refunded = (await w.textsOf(lead.id)).filter(
      (row) => row.purpose === "customer_refunded",
    );
    expect(refunded).toEqual([]);
  });

  it("records a payment for a cancelled job as such, for the office to refund whole", async () => {
    const { job } = await payLinkJob();
    await openPayLink(db(), service, job.id, "x");
    const paid = stripe.pay(stripe.sessions[0]!);
    await setJobStatus(db(), job.id, "cancelled", TEST_ACTOR);
    expect((await takePaidSession(db(), service, webhook(paid), texts)).outcome).toBe(
      "cancelled_job",
    );
    expect(await openPaymentAlerts(db(), job.id)).toHaveLength(1);
    expect(await balanceOf(job.id)).toMatchObject({ priceCents: 0, balanceCents: -18_500 });
    await refundOverpayment(db(), service, job.id, TEST_ACTOR, texts);
    expect(stripe.netCents()).toBe(0);
  });

  it("records the payment from the return page at once; the late webhook changes nothing", async () => {
    const { job, customer } = await payLinkJob();
    await openPayLink(db(), service, job.id, "x");
    const session = stripe.pay(stripe.sessions[0]!);
    expect(await confirmReturnedSession(db(), service, "someone-else", session.id, texts)).toBe(
      "ignored",
    );
    expect(await confirmReturnedSession(db(), service, job.id, session.id, texts)).toBe(
      "for_price",
    );
    const page = await readCustomerPage(db(), customer, new Date(), { payLinks: true });
    expect(page?.payLink).toMatchObject({ amountCents: 0, paidAt: expect.any(Date) });
    expect((await takePaidSession(db(), service, webhook(session), texts)).outcome).toBe("ignored");
    expect(await confirmReturnedSession(db(), service, job.id, session.id, texts)).toBe("ignored");
    expect(await balanceOf(job.id)).toMatchObject({ paidCents: 18_500, balanceCents: 0 });
    expect(stripe.refunds).toHaveLength(0);
  });

  it("asks what is left after the customer approves a raise on a paid job, and takes it as for the price", async () => {
    const { job, customer } = await payLinkJob();
    await openPayLink(db(), service, job.id, "x");
    await takePaidSession(db(), service, webhook(stripe.pay(stripe.sessions[0]!)), texts);
    // The office raises $185 to $200: it waits on the customer, who approves it on their page.
    await priceJobAsOffice(db(), job.id, { finalPriceCents: 20_000 }, TEST_ACTOR, texts);
    const page = (await readCustomerPage(db(), customer))!;
    const { actOnCustomerPage } = await import("../customers/customer-page.server");
    await actOnCustomerPage(db(), customer, { intent: "approve", quoteId: page.quote!.id }, texts);
    await expireStaleSessions(db(), service, job.id);
    await openPayLink(db(), service, job.id, "x");
    expect(stripe.sessions.map((one) => one.amount_total)).toEqual([18_500, 1_500]);
    const rest = await takePaidSession(
      db(),
      service,
      webhook(stripe.pay(stripe.sessions[1]!)),
      texts,
    );
    expect(rest.outcome).toBe("for_price");
    expect(await openPaymentAlerts(db(), job.id)).toHaveLength(0);
    expect(await balanceOf(job.id)).toMatchObject({ paidCents: 20_000, balanceCents: 0 });
    expect(stripe.refunds).toHaveLength(0);
  });

  it("owes the locksmith their cut of a pay-link job only once it is paid, and not once it is cancelled", async () => {
    const { job, smith } = await payLinkJob();
    const period = {
      start: new Date(Date.now() - 86_400_000),
      end: new Date(Date.now() + 86_400_000),
      firstDay: "2000-01-01",
      lastDay: "2100-01-01",
    };
    const row = async () =>
      (await moneyByLocksmith(db(), period)).find((one) => one.locksmithId === smith.id);
    expect(await unsettledJobs(db(), smith.id)).toEqual([]);
    expect(await row()).toMatchObject({ awaitingPaymentCents: 11_100, businessOwesCents: 0 });
    expect((await earned(smith.id)) ?? 0).toBe(0);
    await openPayLink(db(), service, job.id, "x");
    const session = stripe.pay(stripe.sessions[0]!);
    await takePaidSession(db(), service, webhook(session), texts);
    expect((await unsettledJobs(db(), smith.id)).map((one) => one.id)).toEqual([job.id]);
    expect(await row()).toMatchObject({ awaitingPaymentCents: 0, businessOwesCents: 11_100 });
    expect(await earned(smith.id)).toBe(11_100);
    // A cancelled job's payment is refunded: the job no longer counts either way.
    await setJobStatus(db(), job.id, "cancelled", TEST_ACTOR);
    expect(await earned(smith.id)).toBe(0);
  });

  it("is absent without Stripe configured", () => {
    expect(stripePayLinks({ ...FAKE_STRIPE_ENV, STRIPE_SECRET_KEY: undefined })).toBeUndefined();
  });
});
