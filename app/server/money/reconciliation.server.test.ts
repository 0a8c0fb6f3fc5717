import { expect, it } from "vitest";
import Stripe from "stripe";
import { presetPeriod } from "~/lib/time/chicago-period";
import { FakeStripe, FAKE_STRIPE_ENV } from "../../../tests/helpers/fake-stripe";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { jobs } from "../db/business-tables.server";
import { openPayLink, refundOverpayment, takePaidSession } from "./pay-links.server";
import { readReconciliation } from "./reconciliation.server";
import { setJobPricing, setJobStatus } from "./jobs.server";
import { stripePayLinks } from "./stripe.server";

describeEachDatabase("the reconciliation of a month (fake Stripe through the SDK)", (t) => {
  const db = () => t.handle.db;

  /** A completed pay-link job at `cents`. */
  async function payLinkJob(clientName: string, cents: number) {
    const [job] = await db()
      .insert(jobs)
      .values({
        clientName,
        jobType: "automotive",
        status: "completed",
        completedAt: new Date(),
        finalPriceCents: cents,
        theirCutPercent: 60,
        theirCutCents: (cents * 6) / 10,
        yourCutCents: (cents * 4) / 10,
        paymentMethod: "pay_link",
      })
      .returning();
    return job!;
  }

  /** The customer opens the pay link and pays; the webhook records it. */
  async function pay(stripe: FakeStripe, jobId: string) {
    const service = stripePayLinks(FAKE_STRIPE_ENV, stripe.httpClient)!;
    await openPayLink(db(), service, jobId, "http://localhost:3000/t/x");
    const session = stripe.pay(stripe.sessions.at(-1)!);
    const event = stripe.paidEvent(session);
    const paid = service.readWebhook(Buffer.from(event.payload), event.signature)!;
    return { service, session, recorded: await takePaidSession(db(), service, paid, null) };
  }

  it("lists every difference between Stripe and the jobs, with totals on both sides", async () => {
    const stripe = new FakeStripe();
    const service = stripePayLinks(FAKE_STRIPE_ENV, stripe.httpClient)!;
    const month = presetPeriod("this_month", new Date());

    // All is well: paid $185 for a $185 job.
    const fine = await payLinkJob("Ana Fine", 18_500);
    await pay(stripe, fine.id);
    // Paid $185, the office lowered the price to $160 and refunded the $25 in one tap.
    const lowered = await payLinkJob("Bo Lowered", 18_500);
    const { recorded } = await pay(stripe, lowered.id);
    expect(recorded.outcome).toBe("for_price");
    await setJobPricing(db(), lowered.id, { finalPriceCents: 16_000 }, TEST_ACTOR);
    await refundOverpayment(db(), service, lowered.id, TEST_ACTOR, null);
    // Paid, then cancelled, and not refunded.
    const cancelled = await payLinkJob("Cy Cancelled", 12_000);
    await pay(stripe, cancelled.id);
    await setJobStatus(db(), cancelled.id, "cancelled", TEST_ACTOR);
    // Recorded here, but Stripe lost it (a charge that is not there).
    const lost = await payLinkJob("Di Lost", 9_000);
    const { session: lostSession } = await pay(stripe, lost.id);
    stripe.charges.splice(
      stripe.charges.findIndex((one) => one.payment_intent === lostSession.payment_intent),
      1,
    );
    // Money Stripe took that no job asked for.
    const stray = stripe.charge(4_200);
    // A refund made in Stripe's dashboard, not through us.
    stripe.refunds.push({
      id: "re_dashboard",
      payment_intent: stray.payment_intent!,
      amount: 1_000,
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
    });

    const view = await readReconciliation(db(), service, month);
    expect(view.state).toBe("ready");
    if (view.state !== "ready") return;
    const { reconciliation } = view;
    expect(reconciliation.stripe).toEqual({
      payments: 4,
      paidCents: 18_500 + 18_500 + 12_000 + 4_200,
      refunds: 2,
      refundedCents: 2_500 + 1_000,
      netCents: 18_500 + 18_500 + 12_000 + 4_200 - 3_500,
    });
    expect(reconciliation.ours).toEqual({
      payments: 4,
      paidCents: 18_500 + 18_500 + 12_000 + 9_000,
      refunds: 1,
      refundedCents: 2_500,
      netCents: 18_500 + 18_500 + 12_000 + 9_000 - 2_500,
    });
    expect(reconciliation.matched).toBe(4);
    const said = reconciliation.differences.map((d) => [d.kind, d.clientName, d.text]);
    expect(said).toEqual(
      expect.arrayContaining([
        [
          "cancelled_job",
          "Cy Cancelled",
          "Paid on a job that is cancelled: $120.00 kept, not refunded.",
        ],
        [
          "ours_only_payment",
          "Di Lost",
          "The job recorded a payment of $90.00 Stripe does not have.",
        ],
        ["stripe_only_payment", null, "Stripe has a payment of $42.00 we have no record of."],
        ["stripe_only_refund", null, "Stripe has a refund of $10.00 we have no record of."],
      ]),
    );
    expect(said).toHaveLength(4);
  });

  it("pages through every charge Stripe lists, and leaves out other months", async () => {
    const stripe = new FakeStripe();
    const service = stripePayLinks(FAKE_STRIPE_ENV, stripe.httpClient)!;
    // April 2026 in Chicago: 230 charges, more than two pages of 100.
    const april = {
      start: new Date("2026-04-01T05:00:00Z"),
      end: new Date("2026-05-01T05:00:00Z"),
    };
    let at = april.start.getTime() + 3_600_000;
    stripe.clock = () => at;
    for (let i = 0; i < 230; i++) {
      stripe.charge(100 + i);
      at += 60_000;
    }
    // One in March (outside, beyond the margin) and one on May 1st, 00:30 Chicago.
    at = april.start.getTime() - 10 * 86_400_000;
    stripe.charge(99_999);
    at = april.end.getTime() + 30 * 60_000;
    stripe.charge(77_777);

    const view = await readReconciliation(db(), service, april);
    expect(view.state).toBe("ready");
    if (view.state !== "ready") return;
    expect(view.reconciliation.stripe.payments).toBe(230);
    expect(view.reconciliation.stripe.paidCents).toBe(230 * 100 + (229 * 230) / 2);
    expect(view.reconciliation.differences).toHaveLength(230);
    expect(view.truncated).toBe(false);
    // Charges (3 pages: 231 in the window) and refunds (1 page).
    expect(stripe.listPages).toBe(4);
  });

  it("says when Stripe is not configured or does not answer", async () => {
    const month = presetPeriod("this_month", new Date());
    expect((await readReconciliation(db(), undefined, month)).state).toBe("not_configured");
    const down = stripePayLinks(
      FAKE_STRIPE_ENV,
      Stripe.createFetchHttpClient(() => Promise.reject(new Error("connection refused"))),
    )!;
    const view = await readReconciliation(db(), down, month);
    expect(view.state).toBe("unreachable");
    // Our side is still shown (the first test's payments, this month).
    if (view.state === "unreachable") expect(view.ours.payments.length).toBeGreaterThan(0);
  });
});
