import Stripe from "stripe";
import { QUOTE_MAX_CENTS } from "~/lib/money/quote";
import {
  STRIPE_LIST_CAP,
  type Range,
  type StripePayment,
  type StripeRefundItem,
} from "~/lib/money/reconciliation";
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
  /**
   * Succeeded charges and refunds Stripe created in the range, every page of them (the
   * SDK's auto-pagination), up to STRIPE_LIST_CAP each (decision 0054).
   */
  listCardMoney(range: Range): Promise<StripeCardMoney>;
}

export interface StripeCardMoney {
  payments: StripePayment[];
  refunds: StripeRefundItem[];
  /** A list stopped at STRIPE_LIST_CAP. */
  truncated: boolean;
}

/** Stripe's refund status as ours: canceled gives nothing back; requires_action waits. */
function refundStateOf(status: string | null): StripeRefund["state"] {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
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
      return { refundId: refund.id, state: refundStateOf(refund.status) };
    },
    async listCardMoney(range) {
      const created = {
        gte: Math.floor(range.start.getTime() / 1000),
        lt: Math.ceil(range.end.getTime() / 1000),
      };
      const [charges, refunds] = await Promise.all([
        stripe.charges.list({ created, limit: 100 }).autoPagingToArray({ limit: STRIPE_LIST_CAP }),
        stripe.refunds.list({ created, limit: 100 }).autoPagingToArray({ limit: STRIPE_LIST_CAP }),
      ]);
      const intentId = (intent: string | { id: string } | null) =>
        typeof intent === "string" ? intent : (intent?.id ?? null);
      return {
        payments: charges
          .filter((charge) => charge.paid && charge.status === "succeeded")
          .map((charge) => ({
            id: charge.id,
            paymentIntent: intentId(charge.payment_intent),
            amountCents: charge.amount,
            createdAt: new Date(charge.created * 1000),
          })),
        refunds: refunds.map((refund) => ({
          id: refund.id,
          paymentIntent: intentId(refund.payment_intent),
          amountCents: refund.amount,
          state: refundStateOf(refund.status),
          createdAt: new Date(refund.created * 1000),
        })),
        truncated: charges.length >= STRIPE_LIST_CAP || refunds.length >= STRIPE_LIST_CAP,
      };
    },
  };
}
