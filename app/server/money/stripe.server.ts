import Stripe from "stripe";
import { QUOTE_MAX_CENTS } from "~/lib/money/quote";
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
  /** The job's price version the session is for (also in the session's metadata). */
  priceVersion: number;
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
  /** What a refund names. */
  paymentIntent: string | null;
}

export interface RefundRequest {
  paymentIntent: string;
  amountCents: number;
  /** Our refund row's id: a retried refund is one refund at Stripe. */
  key: string;
}

export interface StripeRefund {
  refundId: string;
  state: "succeeded" | "pending" | "failed";
}

/**
 * A signed event whose amount no payment of ours can have (not a whole, non-negative, safe
 * number of cents, or above the largest quote): refused with 400 and logged, never stored.
 */
export class StripeAmountOutOfRange extends Error {
  constructor(
    readonly eventId: string,
    readonly amount: unknown,
  ) {
    super(`Stripe event ${eventId} carries an amount out of range`);
  }
}

/** Whole cents from 0 to the largest quote: JSON's 1e400 (Infinity), -5 or 1.5 are not. */
export function isCardAmount(value: unknown): value is number {
  return (
    typeof value === "number" &&
    Number.isSafeInteger(value) &&
    value >= 0 &&
    value <= QUOTE_MAX_CENTS
  );
}

export interface PayLinkService {
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Verifies the signature (throws Stripe's SignatureVerificationError when it fails) and the
   * amount (throws StripeAmountOutOfRange).
   */
  readWebhook(rawBody: Buffer, signature: string): PaidSession | null;
  /** The session as Stripe has it now: paid (for the return page), or null if not paid. */
  retrievePaid(sessionId: string): Promise<PaidSession | null>;
  /** Closes an open session so it can no longer be paid; false if it was not open. */
  expireCheckout(sessionId: string): Promise<boolean>;
  refund(request: RefundRequest): Promise<StripeRefund>;
}

/** A session's payment intent, whether Stripe sent its id or the expanded object. */
function intentOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

/** What a paid session tells us, its amount checked (see StripeAmountOutOfRange). */
function paidSession(eventId: string, session: Stripe.Checkout.Session): PaidSession | null {
  if (session.payment_status !== "paid") return null;
  const amount: unknown = session.amount_total ?? 0;
  if (!isCardAmount(amount)) throw new StripeAmountOutOfRange(eventId, amount);
  return {
    eventId,
    sessionId: session.id,
    amountCents: amount,
    currency: session.currency ?? "",
    paymentIntent: intentOf(session),
  };
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
          metadata: {
            job_id: request.jobId,
            pay_link_id: request.payLinkId,
            price_version: String(request.priceVersion),
            amount_cents: String(request.amountCents),
          },
          // Stripe fills in the session's id: the page asks Stripe at once, not the webhook.
          success_url: `${request.returnUrl}?session_id={CHECKOUT_SESSION_ID}`,
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
      return paidSession(event.id, event.data.object);
    },
    async retrievePaid(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return paidSession(`return:${session.id}`, session);
    },
    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return true;
      } catch (error) {
        // Paid or expired already: Stripe answers 400 and there is nothing to close.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw error;
      }
    },
    async refund(request) {
      const refund = await stripe.refunds.create(
        { payment_intent: request.paymentIntent, amount: request.amountCents },
        { idempotencyKey: `refund-${request.key}` },
      );
      const state =
        refund.status === "succeeded"
          ? "succeeded"
          : refund.status === "failed" || refund.status === "canceled"
            ? "failed"
            : "pending";
      return { refundId: refund.id, state };
    },
  };
}
