import crypto from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import { writeSettingIfAbsent } from "../db/app-settings.server";
import * as authSchema from "../db/auth-tables.server";
import type { Database } from "../db/database.server";
import type { Env } from "../env.server";
import { hashPassword, verifyPassword } from "./password.server";
import { authBodyProblem } from "./password-policy.server";
import { consumeRateLimit } from "../http/rate-limit.server";

/** The header our server sets (and overwrites) with the client IP it trusts. */
export const CLIENT_IP_HEADER = "x-lockline-client-ip";

export const SESSION_DAYS = 7;

/**
 * Sign-in: 5 tries a minute per IP; sign-up: 5 accounts an hour per IP; two-factor steps
 * 10 a minute per IP and step (each sign-in challenge also allows only 5 wrong codes).
 */
export const AUTH_RATE_LIMITS = {
  "/sign-in/email": { window: 60, max: 5 },
  "/sign-up/email": { window: 3600, max: 5 },
  "/two-factor/*": { window: 60, max: 10 },
} as const;

export function createAuth(db: Database, env: Env, secret: string) {
  return betterAuth({
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
      autoSignIn: true,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    user: {
      additionalFields: {
        // Never settable by the person signing up: only an owner changes it.
        role: { type: "string", required: false, defaultValue: "pending", input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      updateAge: 60 * 60 * 24,
      // Every request reads the session from the database, so a revoked one dies at once.
      cookieCache: { enabled: false },
    },
    hooks: {
      // The forms' rules on the API too: a direct POST gets the same refusal as the form.
      before: createAuthMiddleware(async (ctx) => {
        const problem = authBodyProblem(ctx.path, ctx.body as Record<string, unknown> | undefined);
        if (problem) throw new APIError("BAD_REQUEST", { message: problem });
      }),
    },
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
      // TOTP from an authenticator app, with 10 one-time recovery codes (decision 0030).
      twoFactor({ issuer: env.BUSINESS_NAME }),
    ],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** AUTH_SECRET, or one generated on first start and shared by every process through the database. */
export async function resolveAuthSecret(db: Database, env: Env): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  return writeSettingIfAbsent(db, "auth_secret", crypto.randomBytes(32).toString("base64url"));
}
