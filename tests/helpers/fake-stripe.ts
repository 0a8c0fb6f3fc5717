import crypto from "node:crypto";
import http from "node:http";
import Stripe from "stripe";

/*
 * Stripe's Checkout Sessions API, answered in memory: handed to the real `stripe` SDK as its
 * HTTP client (Stripe.createFetchHttpClient over this fake's fetch), or served on a local
 * port for a server in another process (STRIPE_API_BASE). Webhooks are signed with the SDK's
 * own test helper, so the app verifies them exactly as it would Stripe's. Never the network.
 */

export const FAKE_STRIPE_KEY = "sk_test_fakefakefake0123456789";
export const FAKE_WEBHOOK_SECRET = "whsec_fakefakefake0123456789";

/** The settings the app reads for Stripe, pointed at a fake (with its `httpClient`). */
export const FAKE_STRIPE_ENV = {
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  STRIPE_API_BASE: undefined,
  SITE_URL: "http://localhost:3000",
};

export interface FakeSession {
  id: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  success_url: string;
  url: string;
  expires_at: number;
  /** open until paid (complete) or expired. */
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
}

export interface FakeRefund {
  id: string;
  payment_intent: string;
  amount: number;
  status: "succeeded" | "pending" | "failed" | "canceled";
  /** Seconds since the epoch, as Stripe dates objects. */
  created: number;
}

/** A charge: what a paid session leaves at Stripe (and what a reconciliation lists). */
export interface FakeCharge {
  id: string;
  payment_intent: string | null;
  amount: number;
  currency: string;
  paid: boolean;
  status: "succeeded" | "failed" | "pending";
  created: number;
}

/** Objects a list endpoint pages through, newest first, as Stripe orders them. */
function listPage<T extends { id: string; created: number }>(
  all: readonly T[],
  object: string,
  url: URL,
): Response {
  const bound = (name: string) => {
    const value = url.searchParams.get(`created[${name}]`);
    return value === null ? undefined : Number(value);
  };
  const [gte, gt, lte, lt] = [bound("gte"), bound("gt"), bound("lte"), bound("lt")];
  const limit = Math.min(100, Math.max(1, Number(url.searchParams.get("limit") ?? 10)));
  const sorted = all
    .map((item, index) => ({ item, index }))
    .filter(
      ({ item: { created } }) =>
        (gte === undefined || created >= gte) &&
        (gt === undefined || created > gt) &&
        (lte === undefined || created <= lte) &&
        (lt === undefined || created < lt),
    )
    .sort((a, b) => b.item.created - a.item.created || b.index - a.index)
    .map(({ item }) => item);
  const after = url.searchParams.get("starting_after");
  const from = after ? sorted.findIndex((item) => item.id === after) + 1 : 0;
  if (after && from === 0) return notFound();
  const data = sorted.slice(from, from + limit).map((item) => ({ object, ...item }));
  return Response.json({
    object: "list",
    url: url.pathname,
    has_more: from + limit < sorted.length,
    data,
  });
}

const notFound = () => Response.json({ error: { type: "invalid_request_error" } }, { status: 404 });

export class FakeStripe {
  readonly sessions: FakeSession[] = [];
  readonly refunds: FakeRefund[] = [];
  readonly charges: FakeCharge[] = [];
  /** Pages the list endpoints answered (a reconciliation pages through them all). */
  listPages = 0;
  /** Stripe's clock, in milliseconds: what `created` says of new objects. */
  clock: () => number = () => Date.now();
  /** Sessions expired through the API, by id. */
  readonly expired: string[] = [];
  /** Session creates answered, counting replays of one idempotency key once. */
  creates = 0;
  /** Answer the next creates with 500 (Stripe down). */
  failNext = 0;
  /** Answer the next refund requests with 500 (Stripe down), retries included. */
  failRefunds = 0;
  private byKey = new Map<string, FakeSession>();
  private refundKeys = new Map<string, FakeRefund>();

  constructor(private readonly origin = "https://checkout.example.test") {}

  /** The SDK's HTTP client. */
  get httpClient(): Stripe.HttpClient {
    return Stripe.createFetchHttpClient((input, init) => this.fetch(String(input), init));
  }

  private get created(): number {
    return Math.floor(this.clock() / 1000);
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const parsed = new URL(url);
    const { pathname } = parsed;
    const headers = new Headers(init.headers);
    if (headers.get("authorization") !== `Bearer ${FAKE_STRIPE_KEY}`) {
      return Response.json({ error: { type: "invalid_request_error" } }, { status: 401 });
    }
    if ((init.method ?? "GET") === "GET" && pathname === "/v1/charges") {
      this.listPages++;
      return listPage(this.charges, "charge", parsed);
    }
    if ((init.method ?? "GET") === "GET" && pathname === "/v1/refunds") {
      this.listPages++;
      return listPage(this.refunds, "refund", parsed);
    }
    if (init.method === "POST" && pathname === "/v1/checkout/sessions") {
      if (this.failNext > 0) {
        this.failNext--;
        return Response.json({ error: { type: "api_error" } }, { status: 500 });
      }
      const key = headers.get("idempotency-key");
      const known = key ? this.byKey.get(key) : undefined;
      if (known) return Response.json({ object: "checkout.session", ...known });
      const form = new URLSearchParams(String(init.body ?? ""));
      const id = `cs_test_${crypto.randomBytes(12).toString("hex")}`;
      const session: FakeSession = {
        id,
        amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
        currency: form.get("line_items[0][price_data][currency]") ?? "",
        metadata: {
          job_id: form.get("metadata[job_id]") ?? "",
          pay_link_id: form.get("metadata[pay_link_id]") ?? "",
        },
        client_reference_id: form.get("client_reference_id"),
        success_url: form.get("success_url") ?? "",
        url: `${this.origin}/pay/${id}`,
        expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
      };
      this.creates++;
      this.sessions.push(session);
      if (key) this.byKey.set(key, session);
      return Response.json({ object: "checkout.session", ...session });
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(pathname);
    const session = sessionPath && this.sessions.find((one) => one.id === sessionPath[1]);
    if (sessionPath && !session) return notFound();
    if (session && init.method === "POST" && sessionPath?.[2]) {
      // Stripe expires only an open session; a paid one answers 400.
      if (session.status !== "open") {
        return Response.json(
          { error: { type: "invalid_request_error", message: "Only open sessions expire." } },
          { status: 400 },
        );
      }
      session.status = "expired";
      this.expired.push(session.id);
      return Response.json({ object: "checkout.session", ...session });
    }
    if (session && (init.method ?? "GET") === "GET" && !sessionPath?.[2]) {
      return Response.json({ object: "checkout.session", ...session });
    }
    if (init.method === "POST" && pathname === "/v1/refunds") {
      if (this.failRefunds > 0) {
        this.failRefunds--;
        return Response.json({ error: { type: "api_error" } }, { status: 500 });
      }
      const key = headers.get("idempotency-key");
      const form = new URLSearchParams(String(init.body ?? ""));
      const paymentIntent = form.get("payment_intent") ?? "";
      const paid = this.sessions.find((one) => one.payment_intent === paymentIntent);
      if (!paid) return notFound();
      const known = key ? this.refundKeys.get(key) : undefined;
      if (known) return Response.json({ object: "refund", ...known });
      const amount = Number(form.get("amount") ?? paid.amount_total);
      const before = this.refunds
        .filter((one) => one.payment_intent === paymentIntent)
        .reduce((sum, one) => sum + one.amount, 0);
      if (amount + before > paid.amount_total) {
        return Response.json(
          { error: { type: "invalid_request_error", code: "amount_too_large" } },
          { status: 400 },
        );
      }
      const refund: FakeRefund = {
        id: `re_${crypto.randomBytes(12).toString("hex")}`,
        payment_intent: paymentIntent,
        amount,
        status: "succeeded",
        created: this.created,
      };
      this.refunds.push(refund);
      if (key) this.refundKeys.set(key, refund);
      return Response.json({ object: "refund", ...refund });
    }
    return notFound();
  }

  /** The customer pays the session on Stripe's page (an expired one cannot be paid). */
  pay(session: FakeSession): FakeSession {
    if (session.status === "expired") throw new Error(`${session.id} is expired`);
    session.status = "complete";
    session.payment_status = "paid";
    if (!session.payment_intent) {
      session.payment_intent = `pi_${crypto.randomBytes(12).toString("hex")}`;
      this.charge(session.amount_total, session.payment_intent);
    }
    return session;
  }

  /**
   * A succeeded charge at Stripe: a paid session's, or (called alone) money Stripe took that
   * no session of ours asked for.
   */
  charge(
    amount: number,
    paymentIntent = `pi_${crypto.randomBytes(12).toString("hex")}`,
  ): FakeCharge {
    const charge: FakeCharge = {
      id: `ch_${crypto.randomBytes(12).toString("hex")}`,
      payment_intent: paymentIntent,
      amount,
      currency: "usd",
      paid: true,
      status: "succeeded",
      created: this.created,
    };
    this.charges.push(charge);
    return charge;
  }

  /** What Stripe holds: paid less refunded, in cents. */
  netCents(): number {
    const paid = this.sessions
      .filter((one) => one.payment_status === "paid")
      .reduce((sum, one) => sum + one.amount_total, 0);
    return paid - this.refunds.reduce((sum, one) => sum + one.amount, 0);
  }

  /** A `checkout.session.completed` event for a session, as Stripe sends it, and its header. */
  paidEvent(
    session: FakeSession,
    options: {
      amount?: number;
      /** The amount as raw JSON text ("1e400"), for what JSON.stringify cannot write. */
      amountLiteral?: string;
      eventId?: string;
      secret?: string;
      timestamp?: number;
    } = {},
  ): { payload: string; signature: string } {
    if (session.status !== "expired") this.pay(session);
    let payload = JSON.stringify({
      id: options.eventId ?? `evt_${crypto.randomBytes(12).toString("hex")}`,
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          object: "checkout.session",
          ...session,
          amount_total: options.amount ?? session.amount_total,
          payment_status: "paid",
          status: "complete",
        },
      },
    });
    if (options.amountLiteral !== undefined) {
      payload = payload.replace(/"amount_total":[^,}]+/, `"amount_total":${options.amountLiteral}`);
    }
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? FAKE_WEBHOOK_SECRET,
      timestamp: options.timestamp,
    });
    return { payload, signature };
  }

  /** Serves the API on a local port, for a server in another process; answers the closer. */
  listen(port: number): Promise<() => Promise<void>> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (typeof value === "string") headers.set(name, value);
        }
        void this.fetch(`http://127.0.0.1${req.url}`, {
          method: req.method,
          headers,
          body: Buffer.concat(chunks).toString(),
        }).then(async (answer) => {
          res.writeHead(answer.status, { "content-type": "application/json" });
          res.end(await answer.text());
        });
      });
    });
    return new Promise((resolve) => {
      server.listen(port, "127.0.0.1", () =>
        resolve(() => new Promise((done) => server.close(() => done()))),
      );
    });
  }
}
