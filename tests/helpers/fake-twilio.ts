import crypto from "node:crypto";
import http from "node:http";
import type RequestClient from "twilio/lib/base/RequestClient";
import type Response from "twilio/lib/http/response";

/*
 * Twilio's Messaging API, answered in memory: handed to the real `twilio` SDK as its
 * `httpClient` (the SDK's own seam), so tests run the SDK's code path without a network.
 * Each Messages create can be scripted to fail the ways Twilio and networks fail.
 */

export const FAKE_ACCOUNT_SID = `AC${"a1".repeat(16)}`;
export const FAKE_AUTH_TOKEN = "fake-auth-token-0123456789";

/** What one create request meets. */
export type CreateOutcome =
  | "ok"
  /** Twilio answers 503: nothing was created. */
  | "down"
  /** Twilio answers 400 with error 21211 (invalid To). */
  | "refused"
  /** No answer within the timeout, and Twilio never got it. */
  | "timeout-lost"
  /** Twilio created the message, but the answer never came back. */
  | "timeout-after-create"
  /** The request is taken and never answered (a sender killed while it waits). */
  | "hang";

export interface FakeMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
  dateCreated: Date;
}

type RequestOptions = Parameters<RequestClient["request"]>[0];

export interface FakeCall {
  sid: string;
  to: string;
  from: string;
  twiml: string;
  /** Where Twilio fetches the call's TwiML when it is answered (instead of `twiml`). */
  url: string | null;
  /** When Twilio took it. */
  at: Date;
}

export class FakeTwilio {
  /** Messages Twilio accepted, in order. */
  readonly created: FakeMessage[] = [];
  /** Calls Twilio placed (Voice API), in order. */
  readonly calls: FakeCall[] = [];
  /** Recordings Twilio holds (their SIDs); a DELETE removes one, or answers 404. */
  readonly recordings = new Set<string>();
  /** Recordings deleted through the API, in order. */
  readonly removedRecordings: string[] = [];
  /** Outcomes for the next creates, in order; "ok" once they run out. */
  readonly script: CreateOutcome[] = [];
  creates = 0;
  lists = 0;
  /** The SID the next created message gets, instead of a random one. */
  nextSid: string | undefined;

  /** The SDK's httpClient. */
  get httpClient(): RequestClient {
    return { request: (options: RequestOptions) => this.request(options) } as RequestClient;
  }

  /**
   * Serves the same API over HTTP on a local port (a server started with TWILIO_API_BASE
   * sends its texts here), so a browser test reads what the customer's phone got.
   */
  listen(port: number): Promise<() => Promise<void>> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        const answer = this.request({
          method: (req.method ?? "GET").toLowerCase() as RequestOptions["method"],
          uri: url.href,
          data: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString())),
          params: Object.fromEntries(url.searchParams),
        });
        void answer.then(
          (response) => {
            res.writeHead(response.statusCode, { "content-type": "application/json" });
            res.end(String(response.body));
          },
          () => res.destroy(),
        );
      });
    });
    return new Promise((resolve) => {
      server.listen(port, "127.0.0.1", () =>
        resolve(() => new Promise((done) => server.close(() => done()))),
      );
    });
  }

  /** The texts Twilio took for one phone (E.164 or any spelling of its 10 digits), in order. */
  textsTo(phone: string): string[] {
    const digits = phone.replace(/\D/g, "").slice(-10);
    return this.created
      .filter((message) => message.to.replace(/\D/g, "").endsWith(digits))
      .map((message) => message.body);
  }

  private async request(options: RequestOptions): Promise<Response<unknown>> {
    const url = new URL(options.uri);
    const recording = new RegExp(`/Accounts/${FAKE_ACCOUNT_SID}/Recordings/(RE\\w+)\\.json$`).exec(
      url.pathname,
    );
    if (recording && options.method.toLowerCase() === "delete") {
      if (!this.recordings.delete(recording[1]!)) {
        return json(404, { code: 20404, message: "The requested resource was not found" });
      }
      this.removedRecordings.push(recording[1]!);
      return { statusCode: 204, body: "", headers: {} } as Response<unknown>;
    }
    if (url.pathname.endsWith(`/Accounts/${FAKE_ACCOUNT_SID}/Calls.json`)) {
      return this.placeCall(options.data as Record<string, string>);
    }
    if (!url.pathname.endsWith(`/Accounts/${FAKE_ACCOUNT_SID}/Messages.json`)) {
      return json(404, { code: 20404, message: "The requested resource was not found" });
    }
    if (options.method.toLowerCase() === "post")
      return this.create(options.data as Record<string, string>);
    this.lists += 1;
    const params = (options.params ?? {}) as Record<string, string>;
    const since = params["DateSent>"] ? new Date(params["DateSent>"]) : new Date(0);
    const found = this.created.filter(
      (message) => message.to === params.To && message.dateCreated >= since,
    );
    return json(200, {
      messages: found.map(messageJson),
      first_page_uri: url.pathname,
      next_page_uri: null,
      page: 0,
      page_size: 50,
      previous_page_uri: null,
      uri: url.pathname,
    });
  }

  private async placeCall(data: Record<string, string>): Promise<Response<unknown>> {
    const call: FakeCall = {
      sid: `CA${crypto.randomBytes(16).toString("hex")}`,
      to: data.To!,
      from: data.From!,
      twiml: data.Twiml!,
      url: data.Url ?? null,
      at: new Date(),
    };
    this.calls.push(call);
    return json(201, {
      sid: call.sid,
      account_sid: FAKE_ACCOUNT_SID,
      to: call.to,
      from: call.from,
      status: "queued",
      direction: "outbound-api",
      uri: `/2010-04-01/Accounts/${FAKE_ACCOUNT_SID}/Calls/${call.sid}.json`,
    });
  }

  private async create(data: Record<string, string>): Promise<Response<unknown>> {
    this.creates += 1;
    const outcome = this.script.shift() ?? "ok";
    if (outcome === "down")
      return json(503, { code: 20500, message: "Service Unavailable", status: 503 });
    if (outcome === "refused") {
      return json(400, { code: 21211, message: "Invalid 'To' Phone Number", status: 400 });
    }
    if (outcome === "timeout-lost")
      throw networkError("ECONNABORTED", "timeout of 15000ms exceeded");
    if (outcome === "hang") return new Promise<never>(() => {});
    const message: FakeMessage = {
      sid: this.nextSid ?? `SM${crypto.randomBytes(16).toString("hex")}`,
      to: data.To!,
      from: data.From ?? null,
      messagingServiceSid: data.MessagingServiceSid ?? null,
      body: data.Body!,
      statusCallback: data.StatusCallback ?? null,
      dateCreated: new Date(),
    };
    this.nextSid = undefined;
    this.created.push(message);
    if (outcome === "timeout-after-create") {
      throw networkError("ECONNABORTED", "timeout of 15000ms exceeded");
    }
    return json(201, messageJson(message));
  }
}

/** What the SDK reads of an answer (a plain object: Playwright's ESM loader cannot `new` the SDK's CommonJS class). */
function json(status: number, body: unknown): Response<unknown> {
  return {
    statusCode: status,
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  } as Response<unknown>;
}

function networkError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

function messageJson(message: FakeMessage) {
  return {
    sid: message.sid,
    account_sid: FAKE_ACCOUNT_SID,
    to: message.to,
    from: message.from,
    messaging_service_sid: message.messagingServiceSid,
    body: message.body,
    status: "queued",
    direction: "outbound-api",
    num_segments: "1",
    date_created: message.dateCreated.toUTCString(),
    date_sent: message.dateCreated.toUTCString(),
    date_updated: message.dateCreated.toUTCString(),
    uri: `/2010-04-01/Accounts/${FAKE_ACCOUNT_SID}/Messages/${message.sid}.json`,
  };
}
