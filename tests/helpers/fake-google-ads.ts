import http from "node:http";
import type { Db } from "~/server/db/database.server";
import { connectLsa } from "~/server/lead-inbox/lsa-connection.server";
import type { TinCipher } from "~/server/tax/tin-cipher.server";
import { TEST_ACTOR } from "./actor";

/*
 * A local fake of the Google Ads API's REST interface and Google's OAuth token endpoint
 * (issue 51): POST /token trades a refresh token for an access token (invalid_grant once the
 * token is revoked); POST /v*\/customers/{id}/googleAds:search answers GAQL over `customer`,
 * `local_services_lead` and `local_services_lead_conversation` with rows shaped as Google
 * documents them (lowerCamelCase JSON, int64 as strings, date-times in the account's zone);
 * POST /v*\/customers/{id}/localServicesLeads/{lead}:provideLeadFeedback records the feedback,
 * answers a credit issuance decision and sets the lead's credit state PENDING;
 * POST /v*\/customers/{id}/localServices:appendLeadConversation takes exactly
 * `{conversations: [{localServicesLead, text}]}` (anything else: 400 INVALID_ARGUMENT) and
 * answers one `ConversationOrError` per conversation: the new conversation's resource name, or
 * a `partialFailureError` for a lead that is not a message lead still open.
 */

export interface FakeLead {
  resourceName: string;
  id: string;
  categoryId: string;
  serviceId: string;
  contactDetails: { phoneNumber?: string; email?: string; consumerName?: string };
  leadType: "PHONE_CALL" | "MESSAGE" | "BOOKING";
  leadStatus: string;
  creationDateTime: string;
  locale: string;
  leadCharged: boolean;
  creditDetails?: { creditState: "PENDING" | "CREDITED"; creditStateLastUpdateDateTime: string };
}

export interface FakeConversation {
  resourceName: string;
  conversationChannel: "PHONE_CALL" | "MESSAGE" | "BOOKING" | "EMAIL" | "SMS";
  participantType: "ADVERTISER" | "CONSUMER";
  lead: string;
  eventDateTime: string;
  phoneCallDetails?: { callDurationMillis: string; callRecordingUrl: string };
  messageDetails?: { text: string; attachmentUrls: string[] };
}

export interface FakeGoogleAds {
  base: string;
  tokenUrl: string;
  customerId: string;
  timeZone: string;
  leads: FakeLead[];
  conversations: FakeConversation[];
  /** Refresh tokens Google no longer takes (expired or revoked). */
  revoked: Set<string>;
  /** What each request asked, in order. */
  searches: string[];
  feedback: { resourceName: string; body: Record<string, unknown> }[];
  tokenRequests: number;
  /** The refresh token each token request carried. */
  refreshTokensSeen: string[];
  /** Each appended conversation as the request named it. */
  appended: { localServicesLead: string; text: string }[];
  /** Google forgets every access token it gave (they expired): the next call gets a 401. */
  expireAccessTokens(): void;
  /** The decision the next feedback gets. */
  decision: string;
  /** Adds a lead (and its conversation) made at `at` (the account's wall clock). */
  addLead(input: {
    type: FakeLead["leadType"];
    at: string;
    phone?: string;
    name?: string;
    text?: string;
    charged?: boolean;
  }): FakeLead;
  close(): Promise<void>;
}

/** The server's Google Ads client settings pointed at the fake (the OAuth client it knows). */
export function fakeAdsClient(fake: Pick<FakeGoogleAds, "base" | "tokenUrl">) {
  return {
    developerToken: "fake-developer-token",
    clientId: "fake-client.apps.googleusercontent.com",
    clientSecret: "fake-secret",
    apiBase: fake.base,
    tokenUrl: fake.tokenUrl,
  };
}

/** Google Local Services connected to the fake's account as the owner does it (connectLsa). */
export function connectFakeLsa(
  db: Db,
  fake: Pick<FakeGoogleAds, "customerId">,
  refreshToken: string,
  cipher: TinCipher | null,
): Promise<void> {
  return connectLsa(db, { customerId: fake.customerId, refreshToken }, TEST_ACTOR, cipher);
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => resolve(body));
  });

const since = (query: string, field: string) =>
  new RegExp(`${field.replace(/\./g, "\\.")} >= '([^']+)'`).exec(query)?.[1];

/** The conversations of an AppendLeadConversation body, or undefined when it is not that shape. */
function appendRequest(body: string): { localServicesLead: string; text: string }[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const request = parsed as { conversations?: unknown };
  if (!request || Object.keys(request).join() !== "conversations") return undefined;
  if (!Array.isArray(request.conversations) || request.conversations.length === 0) return undefined;
  const ok = request.conversations.every(
    (c: unknown) =>
      c &&
      typeof c === "object" &&
      Object.keys(c).sort().join() === "localServicesLead,text" &&
      typeof (c as { localServicesLead: unknown }).localServicesLead === "string" &&
      typeof (c as { text: unknown }).text === "string" &&
      (c as { text: string }).text.length > 0,
  );
  return ok ? (request.conversations as { localServicesLead: string; text: string }[]) : undefined;
}

export async function startFakeGoogleAds(
  options: { customerId?: string; timeZone?: string; port?: number } = {},
): Promise<FakeGoogleAds> {
  let nextId = 1_000;
  const issued = new Set<string>();
  const fake = {
    customerId: options.customerId ?? "1234567890",
    timeZone: options.timeZone ?? "America/Chicago",
    leads: [] as FakeLead[],
    conversations: [] as FakeConversation[],
    revoked: new Set<string>(),
    searches: [] as string[],
    feedback: [] as FakeGoogleAds["feedback"],
    tokenRequests: 0,
    refreshTokensSeen: [] as string[],
    appended: [] as FakeGoogleAds["appended"],
    decision: "SUCCESS_NOT_REACHED_THRESHOLD",
  } as FakeGoogleAds;

  fake.expireAccessTokens = () => issued.clear();

  fake.addLead = ({ type, at, phone, name, text, charged }) => {
    const id = String(nextId++);
    const resourceName = `customers/${fake.customerId}/localServicesLeads/${id}`;
    const lead: FakeLead = {
      resourceName,
      id,
      categoryId: "xcat:service_area_business_locksmith",
      serviceId: "locksmith_lockout",
      contactDetails: { phoneNumber: phone, consumerName: name },
      leadType: type,
      leadStatus: "NEW",
      creationDateTime: at,
      locale: "en_US",
      leadCharged: charged ?? type === "PHONE_CALL",
    };
    fake.leads.push(lead);
    fake.conversations.push({
      resourceName: `customers/${fake.customerId}/localServicesLeadConversations/${id}1`,
      conversationChannel: type,
      participantType: "CONSUMER",
      lead: resourceName,
      eventDateTime: at,
      ...(type === "PHONE_CALL"
        ? {
            phoneCallDetails: {
              callDurationMillis: "94000",
              callRecordingUrl: `https://www.google.com/ads/localservices/recording/${id}`,
            },
          }
        : { messageDetails: { text: text ?? "Locked out of my house", attachmentUrls: [] } }),
    });
    return lead;
  };

  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "POST" && url.pathname === "/token") {
      fake.tokenRequests += 1;
      const form = new URLSearchParams(body);
      const refresh = form.get("refresh_token") ?? "";
      fake.refreshTokensSeen.push(refresh);
      if (form.get("grant_type") !== "refresh_token" || !refresh || fake.revoked.has(refresh)) {
        send(400, {
          error: "invalid_grant",
          error_description: "Token has been expired or revoked.",
        });
        return;
      }
      const token = `ya29.fake-${fake.tokenRequests}`;
      issued.add(token);
      send(200, {
        access_token: token,
        expires_in: 3599,
        token_type: "Bearer",
        scope: "https://www.googleapis.com/auth/adwords",
      });
      return;
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!bearer || !issued.has(bearer) || !req.headers["developer-token"]) {
      send(401, {
        error: {
          code: 401,
          message: "Request is missing required authentication credential.",
          status: "UNAUTHENTICATED",
        },
      });
      return;
    }
    const search = /^\/v\d+\/customers\/(\d+)\/googleAds:search$/.exec(url.pathname);
    if (req.method === "POST" && search) {
      const { query } = JSON.parse(body) as { query: string };
      fake.searches.push(query);
      if (/FROM customer\b/.test(query)) {
        send(200, {
          results: [
            { customer: { resourceName: `customers/${search[1]}`, timeZone: fake.timeZone } },
          ],
          fieldMask: "customer.timeZone",
        });
        return;
      }
      if (/FROM local_services_lead_conversation\b/.test(query)) {
        const from = since(query, "local_services_lead_conversation.event_date_time") ?? "";
        send(200, {
          results: fake.conversations
            .filter((c) => c.eventDateTime >= from)
            .map((localServicesLeadConversation) => ({ localServicesLeadConversation })),
        });
        return;
      }
      if (/FROM local_services_lead\b/.test(query)) {
        const names = /resource_name IN \(([^)]*)\)/.exec(query)?.[1];
        const wanted = names
          ? new Set([...names.matchAll(/'([^']+)'/g)].map((m) => m[1]))
          : undefined;
        const from = since(query, "local_services_lead.creation_date_time") ?? "";
        send(200, {
          results: fake.leads
            .filter((lead) =>
              wanted ? wanted.has(lead.resourceName) : lead.creationDateTime >= from,
            )
            .map((localServicesLead) => ({ localServicesLead })),
        });
        return;
      }
      send(400, {
        error: { code: 400, message: "Unrecognized query", status: "INVALID_ARGUMENT" },
      });
      return;
    }
    const append = /^\/v\d+\/customers\/(\d+)\/localServices:appendLeadConversation$/.exec(
      url.pathname,
    );
    if (req.method === "POST" && append) {
      const conversations = appendRequest(body);
      if (!conversations) {
        send(400, {
          error: {
            code: 400,
            message: "Request contains an invalid argument.",
            status: "INVALID_ARGUMENT",
          },
        });
        return;
      }
      const responses = conversations.map(({ localServicesLead, text }) => {
        const lead = fake.leads.find((l) => l.resourceName === localServicesLead);
        const open = lead && !["WIPED_OUT", "DISABLED", "EXPIRED"].includes(lead.leadStatus);
        if (
          !lead ||
          lead.leadType !== "MESSAGE" ||
          !open ||
          !lead.resourceName.startsWith(`customers/${append[1]}/`)
        ) {
          return {
            partialFailureError: {
              code: 3,
              message: "The lead does not accept messages.",
            },
          };
        }
        fake.appended.push({ localServicesLead, text });
        const resourceName = `customers/${append[1]}/localServicesLeadConversations/${nextId++}`;
        fake.conversations.push({
          resourceName,
          conversationChannel: "MESSAGE",
          participantType: "ADVERTISER",
          lead: localServicesLead,
          eventDateTime: lead.creationDateTime,
          messageDetails: { text, attachmentUrls: [] },
        });
        return { localServicesLeadConversation: resourceName };
      });
      send(200, { responses });
      return;
    }
    const feedback = /^\/v\d+\/(customers\/\d+\/localServicesLeads\/\d+):provideLeadFeedback$/.exec(
      url.pathname,
    );
    if (req.method === "POST" && feedback) {
      const lead = fake.leads.find((l) => l.resourceName === feedback[1]);
      if (!lead) {
        send(404, { error: { code: 404, message: "Lead not found", status: "NOT_FOUND" } });
        return;
      }
      fake.feedback.push({ resourceName: feedback[1]!, body: JSON.parse(body) });
      lead.creditDetails = {
        creditState: "PENDING",
        creditStateLastUpdateDateTime: lead.creationDateTime,
      };
      send(200, { creditIssuanceDecision: fake.decision });
      return;
    }
    send(404, { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
  });
  // Longer than the client's idle sockets live: a reused socket is never one just closed here.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  fake.base = `http://127.0.0.1:${port}`;
  fake.tokenUrl = `${fake.base}/token`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
