import { OAuth2Client } from "google-auth-library";
import {
  GOOGLE_ADS_API_VERSION,
  LSA_ERROR_TEXT,
  type LsaDisputeReason,
} from "~/lib/lead-inbox/lsa";
import type { Env } from "../env.server";
import { configuredTinCipher, TinKeyError, type TinCipher } from "../tax/tin-cipher.server";

/*
 * The Google Ads API through its official REST interface (decision 0072): an access token
 * from the business's refresh token (google-auth-library's OAuth2Client, its token URL from
 * the env for the local fake), then `googleAds:search` with GAQL and
 * `localServicesLeads/*:provideLeadFeedback` and `localServices:appendLeadConversation`. An
 * access token Google no longer takes (401) is dropped and the request sent once more with a
 * new one. Every failure becomes a GoogleAdsError whose
 * message is the owner's words for it (Settings → Sources shows it as it is).
 */

const DEFAULT_API_BASE = "https://googleads.googleapis.com";

/** A failure the owner can read; `signIn` when the refresh token no longer works. */
export class GoogleAdsError extends Error {
  override name = "GoogleAdsError";
  constructor(
    message: string,
    readonly kind: "signIn" | "refused" | "unreachable" | "notConfigured",
    /** Google will refuse it again: trying later is no use (a reply to a closed lead). */
    readonly final = false,
  ) {
    super(message);
  }
}

export interface GoogleAdsAccount {
  customerId: string;
  /** The refresh token as stored: sealed (sealRefreshToken), or clear if saved before sealing. */
  refreshToken: string;
}

/** A sealed token is "v1.…" (tin-cipher's form); Google's refresh tokens start "1//". */
const SEALED = /^v1\./;

/** The refresh token is sealed with the account's customer ID: moved to another, it does not open. */
const tokenContext = (customerId: string) => `lsa_connection:${customerId}`;

export const LSA_TOKEN_TEXT = {
  noKey:
    "The refresh token cannot be stored: TIN_ENCRYPTION_KEY, which seals it, is not set on the server",
  wrongKey:
    "The stored refresh token does not open with this server's TIN_ENCRYPTION_KEY or TIN_ENCRYPTION_KEY_PREVIOUS: reconnect",
} as const;

/** The refresh token sealed for the database (AES-256-GCM, the W-9 numbers' cipher: decision 0070). */
export function sealRefreshToken(cipher: TinCipher, token: string, customerId: string): string {
  return cipher.encrypt(token, tokenContext(customerId));
}

/**
 * A stored token sealed again under the current key (`npm run reseal`, decision 0074), one
 * saved before sealing sealed now; null when it already is. TinKeyError when no key opens it.
 */
export function resealRefreshToken(
  cipher: TinCipher,
  stored: string,
  customerId: string,
): string | null {
  if (!SEALED.test(stored)) return sealRefreshToken(cipher, stored, customerId);
  return cipher.reseal(stored, tokenContext(customerId));
}

/** The refresh token a stored one holds (one saved before sealing is used as it is). */
function openRefreshToken(cipher: TinCipher | null, account: GoogleAdsAccount): string {
  if (!SEALED.test(account.refreshToken)) return account.refreshToken;
  if (!cipher) throw new GoogleAdsError(LSA_TOKEN_TEXT.wrongKey, "signIn");
  try {
    return cipher.decrypt(account.refreshToken, tokenContext(account.customerId));
  } catch (error) {
    if (error instanceof TinKeyError) throw new GoogleAdsError(LSA_TOKEN_TEXT.wrongKey, "signIn");
    throw error;
  }
}

export interface GoogleAdsApi {
  /** Every row GAQL `query` returns (all pages). */
  search(account: GoogleAdsAccount, query: string): Promise<unknown[]>;
  /** Sends "not a real lead" with its reason; returns Google's credit issuance decision. */
  provideLeadFeedback(
    account: GoogleAdsAccount,
    resourceName: string,
    reason: LsaDisputeReason,
    comment?: string,
  ): Promise<string | null>;
  /**
   * Appends the business's message to a message lead's conversation
   * (`LocalServicesLeadService.AppendLeadConversation`); returns the new conversation's
   * resource name.
   */
  appendLeadConversation(
    account: GoogleAdsAccount,
    resourceName: string,
    text: string,
  ): Promise<string | null>;
}

/** The server has the developer token and OAuth client Local Services needs. */
export function googleAdsConfigured(env: Env): boolean {
  return Boolean(
    env.GOOGLE_ADS_DEVELOPER_TOKEN && env.GOOGLE_ADS_CLIENT_ID && env.GOOGLE_ADS_CLIENT_SECRET,
  );
}

/** The API as this server's env configures it; undefined when the env has no Google Ads. */
export function googleAdsFromEnv(env: Env): GoogleAdsApi | undefined {
  if (
    !env.GOOGLE_ADS_DEVELOPER_TOKEN ||
    !env.GOOGLE_ADS_CLIENT_ID ||
    !env.GOOGLE_ADS_CLIENT_SECRET
  ) {
    return undefined;
  }
  return googleAdsRest({
    developerToken: env.GOOGLE_ADS_DEVELOPER_TOKEN,
    clientId: env.GOOGLE_ADS_CLIENT_ID,
    clientSecret: env.GOOGLE_ADS_CLIENT_SECRET,
    loginCustomerId: env.GOOGLE_ADS_LOGIN_CUSTOMER_ID,
    apiBase: env.GOOGLE_ADS_API_BASE_URL,
    tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
    cipher: configuredTinCipher(env),
  });
}

export function googleAdsRest(config: {
  developerToken: string;
  clientId: string;
  clientSecret: string;
  loginCustomerId?: string;
  apiBase?: string;
  tokenUrl?: string;
  /** Opens the stored refresh tokens (TIN_ENCRYPTION_KEY's cipher). */
  cipher?: TinCipher | null;
}): GoogleAdsApi {
  const base = (config.apiBase ?? DEFAULT_API_BASE).replace(/\/$/, "");

  // One client per refresh token: it keeps its access token until that expires.
  const clients = new Map<string, OAuth2Client>();
  const clientFor = (refreshToken: string) => {
    let client = clients.get(refreshToken);
    if (!client) {
      client = new OAuth2Client({
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        ...(config.tokenUrl ? { endpoints: { oauth2TokenUrl: config.tokenUrl } } : {}),
      });
      client.setCredentials({ refresh_token: refreshToken });
      clients.clear();
      clients.set(refreshToken, client);
    }
    return client;
  };

  async function accessToken(account: GoogleAdsAccount): Promise<string> {
    const client = clientFor(openRefreshToken(config.cipher ?? null, account));
    try {
      const { token } = await client.getAccessToken();
      if (!token) throw new GoogleAdsError(LSA_ERROR_TEXT.signIn, "signIn");
      return token;
    } catch (error) {
      if (error instanceof GoogleAdsError) throw error;
      const status = (error as { response?: { status?: number } }).response?.status;
      // invalid_grant (expired or revoked) and a refused client both answer 400/401.
      if (status && status >= 400 && status < 500) {
        throw new GoogleAdsError(LSA_ERROR_TEXT.signIn, "signIn");
      }
      throw new GoogleAdsError(LSA_ERROR_TEXT.unreachable, "unreachable");
    }
  }

  async function post(
    account: GoogleAdsAccount,
    path: string,
    body: unknown,
    /** A search may be sent again after a dropped connection; feedback is sent once. */
    again = false,
  ): Promise<unknown> {
    let response = await sendOnce(account, path, body, again);
    if (response.status === 401) {
      // The access token expired or was revoked early: a 401 did nothing, so sending it once
      // more with a new token (the refresh token permitting) is safe for feedback too.
      clients.clear();
      response = await sendOnce(account, path, body, again);
    }
    const payload = (await response.json().catch(() => ({}))) as {
      error?: { message?: string; status?: string };
    };
    if (response.status === 401) throw new GoogleAdsError(LSA_ERROR_TEXT.signIn, "signIn");
    if (!response.ok) {
      throw new GoogleAdsError(
        LSA_ERROR_TEXT.refused(response.status, payload.error?.message ?? response.statusText),
        "refused",
        // A request Google finds wrong stays wrong; too many requests or its own failure pass.
        response.status < 500 && response.status !== 429,
      );
    }
    return payload;
  }

  async function sendOnce(
    account: GoogleAdsAccount,
    path: string,
    body: unknown,
    again: boolean,
  ): Promise<Response> {
    const token = await accessToken(account);
    try {
      return await send(token, path, body);
    } catch {
      if (!again) throw new GoogleAdsError(LSA_ERROR_TEXT.unreachable, "unreachable");
      try {
        return await send(token, path, body);
      } catch {
        throw new GoogleAdsError(LSA_ERROR_TEXT.unreachable, "unreachable");
      }
    }
  }

  function send(token: string, path: string, body: unknown): Promise<Response> {
    return fetch(`${base}/${GOOGLE_ADS_API_VERSION}/${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "developer-token": config.developerToken,
        "content-type": "application/json",
        ...(config.loginCustomerId ? { "login-customer-id": config.loginCustomerId } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  }

  return {
    async search(account, query) {
      const rows: unknown[] = [];
      let pageToken: string | undefined;
      do {
        const page = (await post(
          account,
          `customers/${account.customerId}/googleAds:search`,
          { query, ...(pageToken ? { pageToken } : {}) },
          true,
        )) as { results?: unknown[]; nextPageToken?: string };
        rows.push(...(page.results ?? []));
        pageToken = page.nextPageToken || undefined;
      } while (pageToken);
      return rows;
    },
    async provideLeadFeedback(account, resourceName, reason, comment) {
      const answer = (await post(account, `${resourceName}:provideLeadFeedback`, {
        surveyAnswer: "VERY_DISSATISFIED",
        surveyDissatisfied: {
          surveyDissatisfiedReason: reason,
          ...(comment ? { otherReasonComment: comment } : {}),
        },
      })) as { creditIssuanceDecision?: string };
      return answer.creditIssuanceDecision ?? null;
    },
    async appendLeadConversation(account, resourceName, text) {
      const answer = (await post(
        account,
        `customers/${account.customerId}/localServices:appendLeadConversation`,
        { conversations: [{ localServicesLead: resourceName, text }] },
      )) as {
        responses?: {
          localServicesLeadConversation?: string;
          partialFailureError?: { message?: string };
        }[];
      };
      const [result] = answer.responses ?? [];
      // Google answers 200 and refuses the one conversation (a closed lead, a lead not a message).
      if (result?.partialFailureError) {
        throw new GoogleAdsError(
          LSA_ERROR_TEXT.replyRefused(result.partialFailureError.message ?? "no reason given"),
          "refused",
          true,
        );
      }
      return result?.localServicesLeadConversation ?? null;
    },
  };
}
