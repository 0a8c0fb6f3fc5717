import type { RouterContextProvider } from "react-router";
import { AUTH, FAILURE, RULE } from "~/lib/ui-text";
import { lockedUntil, recordFailedSignIn } from "~/server/auth/lockout.server";
import {
  authHeaders,
  callAuthEndpoint,
  setCookieHeaders,
  userContext,
} from "~/server/auth/session.server";
import { enrolmentFrom, turnOffTwoFactor } from "~/server/auth/two-factor.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { IntentHandler } from "~/server/route-helpers/intents.server";
import { clientIpContext } from "~/server/route-helpers/request-context.server";
import { RuleError } from "~/server/rule-error.server";

/*
 * Profile → Two-factor sign-in: add an authenticator (password → QR code, secret and
 * recovery codes → a code from the app turns it on, which ends the other sessions: the
 * hooks in account-hooks.server.ts log it), and turn it off with one code (from the app, or
 * a recovery code). better-auth's plugin does the work; its answers become field errors.
 */

type Handlers = {
  "two-factor-start": IntentHandler<{ password: string }>;
  "two-factor-confirm": IntentHandler<{ code: string }>;
  "two-factor-disable": IntentHandler<{ code: string }>;
};

/** Six digits (spaces allowed) are a code from the app; anything else a recovery code. */
function isAppCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ""));
}

export function twoFactorIntents(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Handlers {
  const { auth, database } = context.get(servicesContext);
  const db = database.db;
  const user = context.get(userContext);
  const ip = context.get(clientIpContext) || null;

  return {
    "two-factor-start": {
      failure: FAILURE.twoFactor,
      form: true,
      hideFields: ["password"],
      run: async ({ password }) => {
        // The password is checked as at sign-in: a locked account is refused, a wrong one counts.
        if (await lockedUntil(db, user.id)) {
          throw new RuleError(RULE.wrongPassword, { field: "password" });
        }
        // Closed over HTTP (auth.server.ts): only this form starts an enrolment.
        const response = await auth.api.enableTwoFactor({
          body: { password },
          headers: authHeaders(request, context),
          asResponse: true,
        });
        const body = (await response.json()) as {
          code?: string;
          totpURI: string;
          backupCodes: string[];
        };
        if (body.code === "INVALID_PASSWORD") {
          await recordFailedSignIn(db, user.id, { kind: "password", ip });
          throw new RuleError(RULE.wrongPassword, { field: "password" });
        }
        if (body.code === "TOTP_ALREADY_ENABLED") throw new RuleError(RULE.twoFactorAlreadyOn);
        if (!response.ok) throw new Error(`two-factor enable answered ${response.status}`);
        return { data: await enrolmentFrom(body.totpURI, body.backupCodes) };
      },
    },
    "two-factor-confirm": {
      failure: FAILURE.twoFactor,
      form: true,
      run: async ({ code }) => {
        const response = await callAuthEndpoint(request, context, "/two-factor/verify-totp", {
          code,
        });
        if (response.status === 429) throw new RuleError(RULE.tooManyAttempts, { status: 429 });
        if (!response.ok) throw new RuleError(AUTH.codeInvalid, { field: "code" });
        return {
          // The plugin renewed this session: its new cookie goes back.
          headers: setCookieHeaders(response),
          toast: {
            title: "Two-factor sign-in is on",
            description: "Signing in now asks for a code from your app. Your other sessions ended.",
          },
        };
      },
    },
    "two-factor-disable": {
      failure: FAILURE.twoFactor,
      form: true,
      hideFields: ["code"],
      run: async ({ code }) => {
        const appCode = isAppCode(code);
        const wrong = new RuleError(appCode ? AUTH.codeInvalid : AUTH.recoveryCodeInvalid, {
          field: "code",
        });
        if (await lockedUntil(db, user.id)) throw wrong;
        const response = await callAuthEndpoint(
          request,
          context,
          appCode ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code",
          { code: appCode ? code.replace(/\s+/g, "") : code },
        );
        if (response.status === 429) throw new RuleError(RULE.tooManyAttempts, { status: 429 });
        if (!response.ok) {
          await recordFailedSignIn(db, user.id, { kind: appCode ? "code" : "recovery_code", ip });
          throw wrong;
        }
        await turnOffTwoFactor(db, { kind: "user", id: user.id, name: user.name }, user.sessionId);
        return {
          toast: {
            title: "Two-factor sign-in is off",
            description: "Signing in asks for your password alone. Your other sessions ended.",
          },
        };
      },
    },
  };
}
