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

export interface FakeSession {
  id: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  success_url: string;
  url: string;
  expires_at: number;
}

export class FakeStripe {
  readonly sessions: FakeSession[] = [];
  /** Session creates answered, counting replays of one idempotency key once. */
  creates = 0;
  /** Answer the next creates with 500 (Stripe down). */
  failNext = 0;
  private byKey = new Map<string, FakeSession>();

  constructor(private readonly origin = "https://checkout.example.test") {}

  /** The SDK's HTTP client. */
  get httpClient(): Stripe.HttpClient {
    return Stripe.createFetchHttpClient((input, init) => this.fetch(String(input), init));
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const { pathname } = new URL(url);
    const headers = new Headers(init.headers);
    if (headers.get("authorization") !== `Bearer ${FAKE_STRIPE_KEY}`) {
      return Response.json({ error: { type: "invalid_request_error" } }, { status: 401 });
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
      };
      this.creates++;
      this.sessions.push(session);
      if (key) this.byKey.set(key, session);
      return Response.json({ object: "checkout.session", ...session });
    }
    return Response.json({ error: { type: "invalid_request_error" } }, { status: 404 });
  }

  /** A `checkout.session.completed` event for a session, as Stripe sends it, and its header. */
  paidEvent(
    session: FakeSession,
    options: { amount?: number; eventId?: string; secret?: string; timestamp?: number } = {},
  ): { payload: string; signature: string } {
    const payload = JSON.stringify({
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
