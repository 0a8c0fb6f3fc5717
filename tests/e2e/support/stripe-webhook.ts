import type { APIRequestContext } from "@playwright/test";
import { expect } from "./test";

/** Posts Stripe's signed event to the webhook, as Stripe does; the outcome the server gave. */
export async function postStripeWebhook(
  request: APIRequestContext,
  event: { payload: string; signature: string },
): Promise<string> {
  const answer = await request.post("/api/webhooks/stripe", {
    data: event.payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { outcome: string }).outcome;
}
