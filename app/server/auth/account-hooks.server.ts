import { BASE_ERROR_CODES } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { AUTH } from "~/lib/ui-text";
import { describeUserAgent } from "~/lib/auth/user-agent";
import { session } from "../db/auth-tables.server";
import type { Db } from "../db/database.server";
import type { Env } from "../env.server";
import { consumeRateLimit } from "../db/rate-limit.server";
import { recordActivity } from "../activity/activity.server";
import {
  clearFailedSignIns,
  lockedUntil,
  recordFailedSignIn,
  recordLockedSignIn,
  type FailureKind,
} from "./lockout.server";
import { hashPassword } from "./password.server";
import { hashRecoveryCode } from "./recovery-codes.server";
import { authBodyProblem } from "./password-policy.server";
import { endOtherSessions, enforceIdleLimit, idleSecondsOf } from "./session-limits.server";
import { recordTwoFactorChange } from "./two-factor.server";
import { findUserByEmail } from "./users.server";

/*
 * What every better-auth endpoint does on top of its own work, for the HTTP API and the
 * app's forms alike (both go through these hooks): the password policy, the idle limit,
 * the per-account lockout, one use per authenticator code, and the activity log of
 * sign-ins, failed sign-ins, two-factor and password changes (decision 0030).
 */

const VERIFY_TOTP = "/two-factor/verify-totp";
const VERIFY_RECOVERY = "/two-factor/verify-backup-code";
const SIGN_IN = "/sign-in/email";
const CHANGE_PASSWORD = "/change-password";
/** better-auth's name for the sign-in challenge cookie of the two-factor plugin. */
const CHALLENGE_COOKIE = "two_factor";
/** A code is accepted once: an app's code lives at most 90 s (one step either side). */
const CODE_REUSE_WINDOW_SECONDS = 120;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type Body = Record<string, unknown> | undefined;

interface Options {
  /** The header our server writes the trusted client IP into. */
  clientIpHeader: string;
}

export function createAccountHooks(db: Db, env: Env, { clientIpHeader }: Options) {
  const idleSeconds = idleSecondsOf(env);
  const ipOf = (ctx: HookContext) => ctx.headers?.get(clientIpHeader) ?? null;
  const deviceOf = (ctx: HookContext) => describeUserAgent(ctx.headers?.get("user-agent"));

  /** The session token of the request's cookie, when it carries a well-signed one. */
  const sessionToken = async (ctx: HookContext): Promise<string | null> =>
    (await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret)) ||
    null;

  /**
   * Whose code this is: a signed-in person's (enrolment, confirming who they are), or a
   * sign-in's second step, named by its challenge cookie.
   */
  const codeOwner = async (
    ctx: HookContext,
  ): Promise<{ userId: string; signingIn: boolean } | null> => {
    const token = await sessionToken(ctx);
    if (token) {
      const [row] = await db
        .select({ userId: session.userId })
        .from(session)
        .where(eq(session.token, token));
      if (row) return { userId: row.userId, signingIn: false };
    }
    const challenge = await ctx.getSignedCookie(
      ctx.context.createAuthCookie(CHALLENGE_COOKIE).name,
      ctx.context.secret,
    );
    if (!challenge) return null;
    const found = await ctx.context.internalAdapter.findVerificationValue(challenge);
    return found ? { userId: found.value, signingIn: true } : null;
  };

  /** The account a password check is for: by email at sign-in, by session elsewhere. */
  const passwordOwner = async (ctx: HookContext, body: Body): Promise<string | null> => {
    if (ctx.path === SIGN_IN) {
      const email = typeof body?.email === "string" ? body.email : "";
      return (await findUserByEmail(db, email))?.id ?? null;
    }
    const owner = await codeOwner(ctx);
    return owner && !owner.signingIn ? owner.userId : null;
  };

  const signedIn = async (
    ctx: HookContext,
    user: { id: string; name: string },
    method: string,
  ): Promise<void> => {
    await clearFailedSignIns(db, user.id);
    await recordActivity(db, {
      actor: { kind: "user", id: user.id, name: user.name },
      entity: "user",
      entityId: user.id,
      action: "signed_in",
      after: { method, ip: ipOf(ctx), device: deviceOf(ctx) },
    });
  };

  const before = createAuthMiddleware(async (ctx) => {
    const body = ctx.body as Body;
    const problem = authBodyProblem(ctx.path, body);
    if (problem) throw new APIError("BAD_REQUEST", { message: problem });

    const token = await sessionToken(ctx);
    if (token) await enforceIdleLimit(db, token, idleSeconds);

    if (ctx.path === SIGN_IN || ctx.path === CHANGE_PASSWORD) {
      const userId = await passwordOwner(ctx, body);
      if (userId && (await lockedUntil(db, userId))) {
        // The same answer, after the same time, as a wrong password.
        const password = ctx.path === SIGN_IN ? body?.password : body?.currentPassword;
        await hashPassword(typeof password === "string" ? password : "");
        await recordLockedSignIn(db, userId, ipOf(ctx));
        throw APIError.from(
          ctx.path === SIGN_IN ? "UNAUTHORIZED" : "BAD_REQUEST",
          ctx.path === SIGN_IN
            ? BASE_ERROR_CODES.INVALID_EMAIL_OR_PASSWORD
            : BASE_ERROR_CODES.INVALID_PASSWORD,
        );
      }
    }

    if (ctx.path === VERIFY_TOTP || ctx.path === VERIFY_RECOVERY) {
      // Every sign-in asks for the code: no "trust this device for 30 days".
      if (body?.trustDevice === true) {
        throw new APIError("BAD_REQUEST", { message: AUTH.noTrustedDevices });
      }
      const owner = await codeOwner(ctx);
      if (!owner) return;
      if (owner.signingIn && (await lockedUntil(db, owner.userId))) {
        await recordLockedSignIn(db, owner.userId, ipOf(ctx));
        throw new APIError("TOO_MANY_REQUESTS", {
          message: AUTH.accountLocked,
          code: "ACCOUNT_LOCKED",
        });
      }
      if (ctx.path === VERIFY_RECOVERY && typeof body?.code === "string") {
        // Only hashes are stored: the plugin compares the hash of what was typed.
        return { context: { body: { ...body, code: hashRecoveryCode(body.code) } } };
      }
      if (ctx.path === VERIFY_TOTP && typeof body?.code === "string") {
        // A code seen (and perhaps watched being typed) is never accepted a second time.
        const first = await consumeRateLimit(db, `totp-used:${owner.userId}:${body.code}`, {
          window: CODE_REUSE_WINDOW_SECONDS,
          max: 1,
        });
        if (!first.allowed) {
          if (owner.signingIn) {
            await recordFailedSignIn(db, owner.userId, { kind: "code", ip: ipOf(ctx) });
          }
          throw new APIError("UNAUTHORIZED", { message: "Invalid code", code: "INVALID_CODE" });
        }
      }
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    const returned: unknown = ctx.context.returned;
    const body = ctx.body as Body;
    const failed = isAPIError(returned) ? returned : null;
    const failure = (failed?.body as { code?: string } | undefined)?.code;

    if (ctx.path === SIGN_IN || ctx.path === CHANGE_PASSWORD) {
      if (failure === "INVALID_EMAIL_OR_PASSWORD" || failure === "INVALID_PASSWORD") {
        const userId = await passwordOwner(ctx, body);
        if (userId) await recordFailedSignIn(db, userId, { kind: "password", ip: ipOf(ctx) });
        return;
      }
      if (failed) return;
      const { user } = returned as {
        user: { id: string; name: string; twoFactorEnabled?: boolean };
      };
      if (ctx.path === CHANGE_PASSWORD) {
        await recordActivity(db, {
          actor: { kind: "user", id: user.id, name: user.name },
          entity: "user",
          entityId: user.id,
          action: "password_changed",
        });
      } else if (!user.twoFactorEnabled) {
        // With two-factor on, the sign-in is complete only after the code (below).
        await signedIn(ctx, user, "password");
      }
      return;
    }

    if (ctx.path === VERIFY_TOTP || ctx.path === VERIFY_RECOVERY) {
      const kind: FailureKind = ctx.path === VERIFY_TOTP ? "code" : "recovery_code";
      if (failure === "INVALID_CODE" || failure === "INVALID_BACKUP_CODE") {
        const owner = await codeOwner(ctx);
        if (owner?.signingIn) await recordFailedSignIn(db, owner.userId, { kind, ip: ipOf(ctx) });
        return;
      }
      const created = ctx.context.newSession;
      if (failed || !created) return; // a signed-in person's code check: nothing changed
      const { token } = returned as { token?: string };
      if (token === created.session.token) {
        await signedIn(ctx, created.user, kind === "code" ? "authenticator" : "recovery code");
      } else {
        // The first code confirmed a new authenticator: two-factor is on, the plugin renewed
        // this session, and every other session ends (ASVS 7.4.3).
        await endOtherSessions(db, created.user.id, created.session.id);
        await recordTwoFactorChange(db, created.user, "two_factor_enabled");
      }
    }
  });

  return { before, after };
}
