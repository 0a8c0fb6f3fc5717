import Stripe from "stripe";
import type { Env } from "../env.server";

/*
 * The card pay link through Stripe's official SDK (decision 0036): a Checkout Session for a
 * completed job's final price, and the signed webhook that says it was paid. Configured by
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together; without them there is no pay link.
 * Tests hand in `httpClient` (the SDK's own seam) or point STRIPE_API_BASE at a local fake.
 */

export type StripeEnv = Pick<
  Env,
  "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_BASE" | "SITE_URL"
>;

export interface CheckoutRequest {
  payLinkId: string;
  jobId: string;
  amountCents: number;
  /** What the customer sees they pay for: "Car lockout, Jo's visit on Nov 26". */
  description: string;
  /** Where Stripe sends the customer back: their own page. */
  returnUrl: string;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
  expiresAt: Date;
}

/** What a verified webhook event tells us, or null for an event we do not act on. */
export interface PaidSession {
  eventId: string;
  sessionId: string;
  amountCents: number;
  currency: string;
}

export interface PayLinkService {
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Verifies the signature (throws Stripe's SignatureVerificationError when it fails). */
  readWebhook(rawBody: Buffer, signature: string): PaidSession | null;
}

/** The pay link through Stripe, or undefined when it is not configured. */
export function stripePayLinks(
  env: StripeEnv,
  httpClient?: Stripe.HttpClient,
): PayLinkService | undefined {
  const secretKey = env.STRIPE_SECRET_KEY;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret) return undefined;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  const stripe = new Stripe(secretKey, {
    httpClient,
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === "http:" ? 80 : 443),
      protocol: base.protocol === "http:" ? "http" : "https",
    }),
  });
  return {
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: request.jobId,
          metadata: { job_id: request.jobId, pay_link_id: request.payLinkId },
          success_url: request.returnUrl,
          cancel_url: request.returnUrl,
        },
        // A retried create (a double tap, a lost answer) makes one session, not two.
        { idempotencyKey: `pay-link-${request.payLinkId}` },
      );
      if (!session.url) throw new Error("Stripe made a Checkout Session without a URL");
      return {
        sessionId: session.id,
        url: session.url,
        expiresAt: new Date(session.expires_at * 1000),
      };
    },
    readWebhook(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      if (
        event.type !== "checkout.session.completed" &&
        event.type !== "checkout.session.async_payment_succeeded"
      ) {
        return null;
      }
      const session = event.data.object;
      if (session.payment_status !== "paid") return null;
      return {
        eventId: event.id,
        sessionId: session.id,
        amountCents: session.amount_total ?? 0,
        currency: session.currency ?? "",
      };
    },
  };
}
