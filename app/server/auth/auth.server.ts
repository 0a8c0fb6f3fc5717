import crypto from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import { writeSettingIfAbsent } from "../db/app-settings.server";
import * as authSchema from "../db/auth-tables.server";
import type { Db } from "../db/database.server";
import type { Env } from "../env.server";
import { hashPassword, inOperatorLane, verifyPassword } from "./password.server";
import { consumeRateLimit } from "../db/rate-limit.server";
import { logger } from "../logger.server";
import { createAccountHooks } from "./account-hooks.server";
import { generateRecoveryCodes, recoveryCodeStore } from "./recovery-codes.server";
import { sessionRenewal } from "./session-renewal.server";
import { existingAccountSignUp } from "./account-mail.server";
import { signInFloodGate } from "./sign-in-flood.server";

/** The header our server sets (and overwrites) with the client IP it trusts. */
export const CLIENT_IP_HEADER = "x-lockline-client-ip";

/**
 * Sign-in: 5 tries a minute per IP; sign-up: 5 accounts an hour per IP; two-factor steps
 * 10 a minute per IP and step (each sign-in challenge also allows only 5 wrong codes).
 */
export const AUTH_RATE_LIMITS = {
  "/sign-in/email": { window: 60, max: 5 },
  "/sign-up/email": { window: 3600, max: 5 },
  "/two-factor/*": { window: 60, max: 10 },
} as const;

/**
 * better-auth endpoints the app does not offer over HTTP: password resets are our own
 * (hashed one-time links: password-reset.server.ts); two-factor is turned on and off only
 * through Profile, which logs it and asks for a code (the server calls these through
 * `auth.api`, which this list does not close); "verify password" would be a password oracle
 * outside the lockout.
 */
export const CLOSED_AUTH_PATHS = [
  "/request-password-reset",
  "/reset-password",
  "/reset-password/:token",
  "/verify-password",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/get-totp-uri",
  "/two-factor/generate-backup-codes",
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
];

export function createAuth(db: Db, env: Env, secret: string) {
  const auth = betterAuth({
    appName: env.BUSINESS_NAME,
    baseURL: env.SITE_URL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [env.SITE_URL],
    database: drizzleAdapter(db, { provider: "pg", schema: authSchema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up answers the same for a new and a taken email, and so signs no one in
      // (decision 0030); the holder of a taken address is told by mail when there is SMTP.
      autoSignIn: false,
      onExistingUserSignUp: existingAccountSignUp(env),
      password: { hash: hashPassword, verify: verifyPassword },
    },
    user: {
      additionalFields: {
        // Never settable by the person signing up: only an owner changes it.
        role: { type: "string", required: false, defaultValue: "pending", input: false },
      },
    },
    session: {
      // Absolute lifetime, never extended by use; the idle limit is the hooks' (decision 0030).
      expiresIn: Math.round(env.SESSION_MAX_DAYS * 86_400),
      disableSessionRefresh: true,
      // Every request reads the session from the database, so a revoked one dies at once.
      cookieCache: { enabled: false },
    },
    // Challenge and trusted-device identifiers are stored hashed.
    verification: { storeIdentifier: "hashed" },
    disabledPaths: CLOSED_AUTH_PATHS,
    // The password policy, idle limit, lockout, one use per code and the activity log, for
    // the API and the forms alike.
    hooks: createAccountHooks(db, env, { clientIpHeader: CLIENT_IP_HEADER }),
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: AUTH_RATE_LIMITS,
      customStorage: {
        consume: (key, rule) => consumeRateLimit(db, `auth:${key}`, rule),
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.SITE_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      // TOTP from an authenticator app, with 10 one-time recovery codes kept as hashes
      // (decision 0030). Wrong codes count in our per-account lockout (lockout.server.ts).
      twoFactor({
        issuer: env.BUSINESS_NAME,
        accountLockout: { enabled: false },
        backupCodeOptions: {
          customBackupCodesGenerate: generateRecoveryCodes,
          storeBackupCodes: recoveryCodeStore,
        },
      }),
      sessionRenewal(),
    ],
    // Its lines as JSON through pino, like the rest of the server's (failures are also in the
    // activity log, with the account and address).
    logger: {
      log: (level, message, ...args) =>
        logger[level](args.length > 0 ? { args } : {}, `better-auth: ${message}`),
    },
    telemetry: { enabled: false },
  });
  // A sign-in hashes in the operators' lane (password.server.ts), so a flood of other
  // hashing (sign-ups, resets) cannot keep operators out.
  // An unknown email and a flood from many addresses are answered before it (and before
  // better-auth's per-address row): sign-in-flood.server.ts.
  const handler = auth.handler;
  const floodGate = signInFloodGate(db);
  return Object.assign(auth, {
    handler: async (request: Request) => {
      const path = new URL(request.url).pathname;
      const response =
        path.endsWith(SIGN_IN_PATH) && request.method === "POST"
          ? await floodGate(request, request.headers.get(CLIENT_IP_HEADER) ?? "unknown", () =>
              inOperatorLane(() => handler(request)),
            )
          : await handler(request);
      return TOKEN_ANSWERS.some((answer) => path.endsWith(answer))
        ? withoutSessionToken(response)
        : response;
    },
  });
}

const SIGN_IN_PATH = "/sign-in/email";

/**
 * The answers whose JSON better-auth gives the session token in: the sign-in (with a password,
 * or its second step with a code), the sign-up, and the session itself. The httpOnly cookie
 * carries the token; a script on the page, ours or injected, has no use for it (decision 0037).
 */
const TOKEN_ANSWERS = [
  SIGN_IN_PATH,
  "/sign-up/email",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/get-session",
];

/** The same answer, status and headers (its cookies too), without `token` or `session.token`. */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  if (typeof body !== "object" || body === null || Array.isArray(body)) return response;
  const answer = { ...(body as Record<string, unknown>) };
  const session = answer.session;
  const nested = typeof session === "object" && session !== null && "token" in session;
  if (!("token" in answer) && !nested) return response;
  delete answer.token;
  if (nested) {
    const { token: _token, ...rest } = session as Record<string, unknown>;
    answer.session = rest;
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(answer), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** How many of a person's recovery codes are still unused (the plugin keeps them encrypted). */
export async function recoveryCodesLeftFor(auth: Auth, userId: string): Promise<number | null> {
  try {
    const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
    return backupCodes.length;
  } catch {
    return null;
  }
}

/** AUTH_SECRET, or one generated on first start and shared by every process through the database. */
export async function resolveAuthSecret(db: Db, env: Env): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  return writeSettingIfAbsent(db, "auth_secret", crypto.randomBytes(32).toString("base64url"));
}
