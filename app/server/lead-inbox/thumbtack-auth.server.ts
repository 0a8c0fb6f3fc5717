import * as oauth from "openid-client";

/*
 * Thumbtack's OAuth 2 access token for replies (issue 51, decision 0073 amended): Thumbtack's
 * access tokens expire and come with a refresh token; Thumbtack asks partners to use an OAuth 2
 * library rather than hand-made requests, so the refresh grant goes through openid-client
 * (client id and secret in the form body, as Thumbtack's token endpoint takes them). The access
 * token is kept in this process until it expires (less a minute), renewed once when Thumbtack
 * answers 401, and a refresh token Thumbtack hands back replaces the one in use (in memory).
 * The static THUMBTACK_ACCESS_TOKEN still works alone, as before.
 */

/** Thumbtack's token endpoint (its Authentication API, "Exchange … refresh token for an access token"). */
export const THUMBTACK_TOKEN_URL = "https://api.thumbtack.com/v2/tokens/access";
/** An access token is renewed this long before Thumbtack said it expires. */
const EARLY_MS = 60_000;
const TOKEN_TIMEOUT_MS = 15_000;

export interface ThumbtackOAuth {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

export const THUMBTACK_AUTH_TEXT = {
  refused: (reason: string) =>
    `Thumbtack refused to renew the access token (${reason}): connect the app to Thumbtack again and set THUMBTACK_REFRESH_TOKEN.`,
  unreachable: "Thumbtack's sign-in could not be reached to renew the access token.",
} as const;

/** The refresh failed: the words Settings and the reply show. */
export class ThumbtackAuthError extends Error {
  override name = "ThumbtackAuthError";
}

interface Held {
  accessToken: string;
  expiresAt: number;
  refreshToken: string;
}

/** Per OAuth client and refresh token (as configured): the access token in hand. */
const held = new Map<string, Held>();
const keyOf = (auth: ThumbtackOAuth) => `${auth.tokenUrl} ${auth.clientId} ${auth.refreshToken}`;

/** The access token to send: the one in hand while it lasts, else a new one from the refresh token. */
export async function thumbtackAccessToken(
  auth: ThumbtackOAuth,
  now = Date.now(),
): Promise<string> {
  const current = held.get(keyOf(auth));
  if (current && current.expiresAt - EARLY_MS > now) return current.accessToken;
  return renew(auth, current?.refreshToken ?? auth.refreshToken, now);
}

/** Forgets the access token in hand (Thumbtack answered 401 with it). */
export function dropThumbtackAccessToken(auth: ThumbtackOAuth): void {
  const current = held.get(keyOf(auth));
  if (current) held.set(keyOf(auth), { ...current, expiresAt: 0 });
}

async function renew(auth: ThumbtackOAuth, refreshToken: string, now: number): Promise<string> {
  const url = new URL(auth.tokenUrl);
  const config = new oauth.Configuration(
    { issuer: url.origin, token_endpoint: url.href },
    auth.clientId,
    undefined,
    oauth.ClientSecretPost(auth.clientSecret),
  );
  // The local fake in tests speaks plain HTTP; Thumbtack itself is https.
  if (url.protocol === "http:") oauth.allowInsecureRequests(config);
  config.timeout = TOKEN_TIMEOUT_MS / 1000;
  let tokens: Awaited<ReturnType<typeof oauth.refreshTokenGrant>>;
  try {
    tokens = await oauth.refreshTokenGrant(config, refreshToken);
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) {
      throw new ThumbtackAuthError(THUMBTACK_AUTH_TEXT.refused(error.error));
    }
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      throw new ThumbtackAuthError(THUMBTACK_AUTH_TEXT.refused(String(status)));
    }
    throw new ThumbtackAuthError(THUMBTACK_AUTH_TEXT.unreachable);
  }
  const seconds = tokens.expiresIn() ?? 3600;
  held.set(keyOf(auth), {
    accessToken: tokens.access_token,
    expiresAt: now + seconds * 1000,
    refreshToken: tokens.refresh_token ?? refreshToken,
  });
  return tokens.access_token;
}

export interface ThumbtackOAuthEnv {
  THUMBTACK_CLIENT_ID?: string;
  THUMBTACK_CLIENT_SECRET?: string;
  THUMBTACK_REFRESH_TOKEN?: string;
  THUMBTACK_TOKEN_URL?: string;
  THUMBTACK_ACCESS_TOKEN?: string;
}

/** Replies can be sent: an OAuth client with its refresh token, or a static access token. */
export function thumbtackRepliesConfigured(env: ThumbtackOAuthEnv): boolean {
  return Boolean(thumbtackOAuthFromEnv(env) || env.THUMBTACK_ACCESS_TOKEN);
}

/** The OAuth client the env configures for replies, when it configures one. */
export function thumbtackOAuthFromEnv(env: ThumbtackOAuthEnv): ThumbtackOAuth | undefined {
  if (!env.THUMBTACK_CLIENT_ID || !env.THUMBTACK_CLIENT_SECRET || !env.THUMBTACK_REFRESH_TOKEN) {
    return undefined;
  }
  return {
    tokenUrl: env.THUMBTACK_TOKEN_URL ?? THUMBTACK_TOKEN_URL,
    clientId: env.THUMBTACK_CLIENT_ID,
    clientSecret: env.THUMBTACK_CLIENT_SECRET,
    refreshToken: env.THUMBTACK_REFRESH_TOKEN,
  };
}
