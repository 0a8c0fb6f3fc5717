import http from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { fireDueReplies } from "../../../tests/helpers/partner-replies";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { activityLog } from "../db/activity-tables.server";
import { leads } from "../db/business-tables.server";
import {
  leadInboxConnections,
  partnerLeads,
  partnerMessages,
} from "../db/partner-lead-tables.server";
import { timers } from "../db/night-watch-tables.server";
import { marketingSources } from "../db/source-tables.server";
import { ANNOUNCED_ENTRIES } from "../live/lead-announcements.server";
import { readConnections, setConnection } from "./thumbtack-angi-store.server";
import { THUMBTACK_AUTH_TEXT } from "./thumbtack-auth.server";
import {
  fireThumbtackReply,
  queueThumbtackReply,
  readThumbtackThread,
  thumbtackApiFromEnv,
  THUMBTACK_REPLY_TRIES,
  type ThumbtackApi,
} from "./thumbtack-replies.server";
import { handleThumbtackWebhook } from "./thumbtack-webhook.server";

const SECRET = "thumbtack-webhook-secret-1234";
const OAUTH_SECRET = "tt-client-secret";
const env = { THUMBTACK_WEBHOOK_SECRET: SECRET };

/** Thumbtack's NegotiationCreatedV4 delivery, in the shape its docs show. */
const NEGOTIATION = {
  event: { eventID: "evt-1", eventType: "NegotiationCreatedV4" },
  data: {
    negotiationID: "519153480500518912",
    businessID: "1337",
    customer: { customerID: "519153480034934784", displayName: "Olivia Y.", phone: "3125550166" },
    request: {
      category: { name: "Locksmith" },
      title: "Locksmith",
      description: "Locked out of my car at the gym",
      location: { address1: "100 W Randolph St", city: "Chicago", state: "IL", zipCode: "60601" },
    },
  },
};

const MESSAGE = {
  event: { eventID: "evt-2", eventType: "MessageCreatedV4" },
  data: {
    messageID: "519153481515696128",
    negotiationID: "519153480500518912",
    customer: { customerID: "519153480034934784", displayName: "Olivia Y." },
    from: "Customer",
    text: "Are you available in the next hour?",
    attachments: [],
    sentAt: "2026-11-29T17:18:01Z",
  },
};

function post(body: unknown, password = SECRET) {
  return new Request("http://localhost/api/webhooks/thumbtack", {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`thumbtack:${password}`).toString("base64")}`,
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
  });
}

/**
 * A local Thumbtack API: records each message posted; answers with `status` while set. Its
 * token endpoint (POST /token) renews an access token from the refresh token as Thumbtack's
 * does (form body, client id and secret in it), or refuses (`invalid_grant`) while `refuse`
 * is set; a renewed token is taken by the messages endpoint until `expire()`.
 */
const fake = {
  posted: [] as { path: string; auth: string | undefined; body: { text: string } }[],
  status: 200,
  base: "",
  server: undefined as http.Server | undefined,
  tokenRequests: [] as Record<string, string>[],
  refuse: false,
  issued: new Set<string>(),
  expire() {
    this.issued.clear();
  },
};

beforeAll(async () => {
  fake.server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.url === "/token") {
        const form = Object.fromEntries(new URLSearchParams(raw));
        fake.tokenRequests.push(form);
        if (
          fake.refuse ||
          form.grant_type !== "refresh_token" ||
          form.client_secret !== OAUTH_SECRET ||
          !form.refresh_token
        ) {
          send(400, { error: "invalid_grant", error_description: "The refresh token is invalid." });
          return;
        }
        const token = `tt-oauth-${fake.tokenRequests.length}`;
        fake.issued.add(token);
        send(200, { access_token: token, token_type: "Bearer", expires_in: 3600 });
        return;
      }
      const bearer = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
      if (bearer.startsWith("tt-oauth-") && !fake.issued.has(bearer)) {
        send(401, { error: { message: "token expired" } });
        return;
      }
      if (fake.status !== 200) {
        send(fake.status, { error: { message: "unavailable" } });
        return;
      }
      fake.posted.push({
        path: req.url ?? "",
        auth: req.headers.authorization,
        body: JSON.parse(raw) as { text: string },
      });
      send(200, {
        messageID: `out-${fake.posted.length}`,
        negotiationID: "519153480500518912",
        from: "Business",
        text: (JSON.parse(raw) as { text: string }).text,
      });
    });
  });
  await new Promise<void>((resolve) => fake.server!.listen(0, "127.0.0.1", resolve));
  const address = fake.server.address() as { port: number };
  fake.base = `http://127.0.0.1:${address.port}`;
});

afterAll(() => fake.server?.close());

describe("thumbtack webhook secret", () => {
  it("answers 404 while the secret is not set, without reading the body", async () => {
    const answer = await handleThumbtackWebhook(post(NEGOTIATION), undefined as never, {});
    expect(answer.status).toBe(404);
  });
});

describeEachDatabase("Thumbtack leads", (t) => {
  const db = () => t.handle.db;

  beforeEach(async () => {
    await db().delete(timers);
    await db().delete(partnerMessages);
    await db().delete(partnerLeads);
    await db().delete(leadInboxConnections);
    await db().delete(leads);
    fake.posted = [];
    fake.status = 200;
    fake.tokenRequests = [];
    fake.refuse = false;
    fake.expire();
    await setConnection(db(), "thumbtack", true, TEST_ACTOR, () => "unused");
  });

  it("refuses a wrong password (401) and makes nothing", async () => {
    const answer = await handleThumbtackWebhook(
      post(NEGOTIATION, "wrong-password-123456"),
      db(),
      env,
    );
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toMatch(/^Basic/);
    expect(await db().$count(leads)).toBe(0);
  });

  it("makes a lead with the source Thumbtack once: a replay makes no second lead", async () => {
    const first = await handleThumbtackWebhook(post(NEGOTIATION), db(), env);
    expect(await first.json()).toEqual({ received: true, outcome: "created" });
    const again = await handleThumbtackWebhook(post(NEGOTIATION), db(), env);
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });

    const rows = await db().select().from(leads);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Olivia Y.",
      phone: "+13125550166",
      source: "web",
      sourceName: "Thumbtack",
      serviceType: "automotive",
      zip: "60601",
      address: "100 W Randolph St, Chicago, IL 60601",
      details: "Locksmith: Locked out of my car at the gym",
    });
    // The source exists in Settings → Sources, and the lead is announced like a web request.
    const sources = await db().select().from(marketingSources);
    expect(sources.map((source) => source.name)).toContain("Thumbtack");
    const created = await db()
      .select()
      .from(activityLog)
      .where(eq(activityLog.leadId, rows[0]!.id));
    expect(created.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["created", "lead_received"]),
    );
    const [connection] = (await readConnections(db())).filter((c) => c.provider === "thumbtack");
    expect(connection!.lastLeadAt).toBeInstanceOf(Date);
    // The dashboard announces it live, as it does a website request.
    const announced = await db()
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(and(eq(activityLog.leadId, rows[0]!.id), ANNOUNCED_ENTRIES));
    expect(announced).toEqual([{ action: "created" }]);
  });

  it("keeps a lead that came while Thumbtack is off out, and says so in Settings", async () => {
    await setConnection(db(), "thumbtack", false, TEST_ACTOR, () => "unused");
    const answer = await handleThumbtackWebhook(post(NEGOTIATION), db(), env);
    expect(await answer.json()).toEqual({ received: true, outcome: "ignored" });
    expect(await db().$count(leads)).toBe(0);
    const [connection] = await readConnections(db());
    expect(connection!.lastError).toMatch(/turned off: not taken/);
  });

  it("keeps the customer's messages once, in the lead's thread", async () => {
    await handleThumbtackWebhook(post(NEGOTIATION), db(), env);
    await handleThumbtackWebhook(post(MESSAGE), db(), env);
    const again = await handleThumbtackWebhook(post(MESSAGE), db(), env);
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    const [lead] = await db().select().from(leads);
    const thread = await readThumbtackThread(db(), lead!.id);
    expect(thread?.messages.map((m) => [m.direction, m.body, m.authorName])).toEqual([
      ["in", "Are you available in the next hour?", "Olivia Y."],
    ]);
  });

  it("answers 400 to a body that is not a Thumbtack event, and records the failure", async () => {
    const answer = await handleThumbtackWebhook(post({ hello: "world" }), db(), env);
    expect(answer.status).toBe(400);
    const [connection] = await readConnections(db());
    expect(connection!.lastError).toBe("Thumbtack sent an event without its type.");
  });

  /** The static token (THUMBTACK_ACCESS_TOKEN), unless a test sets the OAuth client. */
  let api = (): ThumbtackApi => ({ base: fake.base, token: "tt-access-token" });
  beforeEach(() => {
    api = () => ({ base: fake.base, token: "tt-access-token" });
  });
  /** The OAuth client from the env, a refresh token of its own (the access token is kept per one). */
  function useOAuth() {
    const configured = thumbtackApiFromEnv({
      THUMBTACK_API_BASE: fake.base,
      THUMBTACK_CLIENT_ID: "tt-client",
      THUMBTACK_CLIENT_SECRET: OAUTH_SECRET,
      THUMBTACK_REFRESH_TOKEN: `tt-refresh-${crypto.randomUUID()}`,
      THUMBTACK_TOKEN_URL: `${fake.base}/token`,
      // Ignored once the OAuth client is set.
      THUMBTACK_ACCESS_TOKEN: "tt-access-token",
    });
    api = () => configured;
    return configured;
  }

  /** Fires the due replies (a new lead's own timers, its push and offers, are not these tests'). */
  const fireDue = (now: Date) =>
    fireDueReplies(
      db(),
      "thumbtack_reply",
      { thumbtackReply: (timer) => fireThumbtackReply(db(), api(), timer) },
      now,
    );

  it("sends a reply from the lead page through Thumbtack's API", async () => {
    await handleThumbtackWebhook(post(NEGOTIATION), db(), env);
    const [lead] = await db().select().from(leads);
    await queueThumbtackReply(db(), api(), lead!.id, "On my way in 20 minutes.", TEST_ACTOR);
    expect(await fireDue(new Date())).toBe(1);
    expect(fake.posted).toEqual([
      {
        path: "/api/v4/negotiations/519153480500518912/messages",
        auth: "Bearer tt-access-token",
        body: { text: "On my way in 20 minutes." },
      },
    ]);
    const thread = await readThumbtackThread(db(), lead!.id);
    expect(thread?.messages[0]).toMatchObject({ status: "sent", externalId: "out-1" });
    // Thumbtack's webhook echoing our own reply adds nothing.
    const echo = { ...MESSAGE, data: { ...MESSAGE.data, messageID: "out-1", from: "Business" } };
    await handleThumbtackWebhook(post(echo), db(), env);
    expect((await readThumbtackThread(db(), lead!.id))?.messages).toHaveLength(1);
  });

  it("tries a refused reply again, says why in words, and stops after its ceiling", async () => {
    await handleThumbtackWebhook(post(NEGOTIATION), db(), env);
    const [lead] = await db().select().from(leads);
    await queueThumbtackReply(db(), api(), lead!.id, "Hello", TEST_ACTOR);
    fake.status = 503;
    let now = Date.now();
    await fireDue(new Date(now));
    let [message] = (await readThumbtackThread(db(), lead!.id))!.messages;
    expect(message).toMatchObject({ status: "sending", lastError: "Thumbtack answered 503." });
    for (let tries = 2; tries <= THUMBTACK_REPLY_TRIES; tries++) {
      now += 3_600_000;
      expect(await fireDue(new Date(now))).toBe(1);
    }
    [message] = (await readThumbtackThread(db(), lead!.id))!.messages;
    expect(message).toMatchObject({ status: "failed", lastError: "Thumbtack answered 503." });
    const [timer] = await db().select().from(timers);
    expect(timer).toMatchObject({ state: "dead", tries: THUMBTACK_REPLY_TRIES });
    expect(await fireDue(new Date(now + 3_600_000))).toBe(0);
    expect(fake.posted).toEqual([]);
  });

  it("says an expired token in words", async () => {
    await handleThumbtackWebhook(post(NEGOTIATION), db(), env);
    const [lead] = await db().select().from(leads);
    await queueThumbtackReply(db(), api(), lead!.id, "Hello", TEST_ACTOR);
    fake.status = 401;
    await fireDue(new Date());
    const [message] = (await readThumbtackThread(db(), lead!.id))!.messages;
    expect(message!.lastError).toBe(
      "Thumbtack refused the access token (401): it may have expired.",
    );
    const [connection] = await readConnections(db());
    expect(connection!.lastError).toMatch(/^A reply was not sent: Thumbtack refused/);
  });

  it("renews the access token from the refresh token, keeps it, and renews it once on a 401", async () => {
    const configured = useOAuth();
    await handleThumbtackWebhook(post(NEGOTIATION), db(), env);
    const [lead] = await db().select().from(leads);
    await queueThumbtackReply(db(), api(), lead!.id, "First", TEST_ACTOR);
    await fireDue(new Date());
    await queueThumbtackReply(db(), api(), lead!.id, "Second", TEST_ACTOR);
    await fireDue(new Date());
    // One renewal for both: the access token is kept until it expires.
    expect(fake.tokenRequests).toEqual([
      {
        grant_type: "refresh_token",
        refresh_token: configured.oauth!.refreshToken,
        client_id: "tt-client",
        client_secret: OAUTH_SECRET,
      },
    ]);
    // Thumbtack lets the token expire early: the 401 renews it and the reply goes once.
    fake.expire();
    await queueThumbtackReply(db(), api(), lead!.id, "Third", TEST_ACTOR);
    await fireDue(new Date());
    expect(fake.tokenRequests).toHaveLength(2);
    expect(fake.posted.map((p) => [p.body.text, p.auth])).toEqual([
      ["First", "Bearer tt-oauth-1"],
      ["Second", "Bearer tt-oauth-1"],
      ["Third", "Bearer tt-oauth-2"],
    ]);
    const thread = await readThumbtackThread(db(), lead!.id);
    expect(thread?.messages.map((m) => m.status)).toEqual(["sent", "sent", "sent"]);
  });

  it("says a refused renewal in Settings and the log, and keeps the reply to send later", async () => {
    useOAuth();
    await handleThumbtackWebhook(post(NEGOTIATION), db(), env);
    const [lead] = await db().select().from(leads);
    await queueThumbtackReply(db(), api(), lead!.id, "Still coming", TEST_ACTOR);
    fake.refuse = true;
    const now = Date.now();
    await fireDue(new Date(now));
    const words = THUMBTACK_AUTH_TEXT.refused("invalid_grant");
    let [message] = (await readThumbtackThread(db(), lead!.id))!.messages;
    expect(message).toMatchObject({ status: "sending", lastError: words });
    const [connection] = await readConnections(db());
    expect(connection!.lastError).toBe(`A reply was not sent: ${words}`);
    const failures = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, "thumbtack"), eq(activityLog.action, "failed")));
    expect(failures.map((f) => (f.after as { error: string }).error)).toContain(
      `A reply was not sent: ${words}`,
    );
    const [timer] = await db().select().from(timers);
    expect(timer).toMatchObject({ state: "pending", tries: 1 });
    expect(fake.posted).toEqual([]);
    // Renewed once Thumbtack takes the token again: the same reply goes, once.
    fake.refuse = false;
    expect(await fireDue(new Date(now + 3_600_000))).toBe(1);
    [message] = (await readThumbtackThread(db(), lead!.id))!.messages;
    expect(message).toMatchObject({ status: "sent", lastError: null });
    expect(fake.posted.map((p) => p.body.text)).toEqual(["Still coming"]);
  });

  it("refuses a reply to a lead that is not from Thumbtack", async () => {
    const [other] = await db()
      .insert(leads)
      .values({ phone: "+13125550100", serviceType: "residential" })
      .returning();
    await expect(queueThumbtackReply(db(), api(), other!.id, "Hi", TEST_ACTOR)).rejects.toThrow(
      "This lead did not come from Thumbtack.",
    );
  });
});
