import { describe, expect, test } from "./support/http-test";
import { FakeStripe, type FakeSession } from "../helpers/fake-stripe";

/*
 * Stripe's webhook answers from what the signed event carries (decision 0036, issue 44): an
 * amount no payment of ours can have is refused with 400, never a 500 from the database.
 */

const session: FakeSession = {
  id: "cs_test_outofrange",
  amount_total: 18_500,
  currency: "usd",
  metadata: { job_id: "00000000-0000-4000-8000-000000000000", pay_link_id: "x" },
  client_reference_id: null,
  success_url: "http://localhost/t/x",
  url: "https://checkout.example.test/pay/cs_test_outofrange",
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  status: "open",
  payment_status: "unpaid",
  payment_intent: null,
};

describe("POST /api/webhooks/stripe", () => {
  const stripe = new FakeStripe();
  for (const literal of ["1e400", "-1e400", "-500", "185.5", "9007199254740993", "10000001"]) {
    test(`refuses a signed event whose amount is ${literal} with 400`, async ({ request }) => {
      const event = stripe.paidEvent(session, { amountLiteral: literal });
      const answer = await request.post("/api/webhooks/stripe", {
        data: event.payload,
        headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
      });
      expect(answer.status()).toBe(400);
      expect(await answer.text()).toBe("Bad Request: the amount is out of range.");
    });
  }

  test("answers a signed event for a session it does not know with 200, changing nothing", async ({
    request,
  }) => {
    const event = stripe.paidEvent(session);
    const answer = await request.post("/api/webhooks/stripe", {
      data: event.payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
    });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ received: true, outcome: "ignored" });
  });
});
