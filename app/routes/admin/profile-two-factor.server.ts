import type { RouterContextProvider } from "react-router";
import { AUTH, FAILURE, RULE } from "~/lib/messages";
import { callAuthEndpoint, setCookieHeaders, userActor } from "~/server/auth/session.server";
import { enrolmentFrom, recordTwoFactorChange } from "~/server/auth/two-factor.server";
import { servicesContext } from "~/server/http/context.server";
import type { IntentHandler } from "~/server/http/intents.server";
import { RuleError } from "~/server/rule-error.server";

/*
 * Profile → Two-factor sign-in: add an authenticator (password → QR code, secret and
 * recovery codes → a code from the app confirms it) and turn it off (password and a code).
 * better-auth's plugin does the work; its answers become field errors here.
 */

type Handlers = {
  "two-factor-start": IntentHandler<{ password: string }>;
  "two-factor-confirm": IntentHandler<{ code: string }>;
  "two-factor-disable": IntentHandler<{ password: string; code: string }>;
};

export function twoFactorIntents(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Handlers {
  const call = (path: string, body: unknown) => callAuthEndpoint(request, context, path, body);
  const { db } = context.get(servicesContext).database;
  const actor = () => ({ ...userActor(context), id: userActor(context).id! });
  /** A wrong code is a field error; a refused step (rate limit, expired session) says why. */
  const checkCode = async (code: string): Promise<Headers> => {
    const response = await call("/two-factor/verify-totp", { code });
    if (response.status === 429) throw new RuleError(RULE.tooManyAttempts, { status: 429 });
    if (!response.ok) throw new RuleError(AUTH.codeInvalid, { field: "code" });
    return setCookieHeaders(response);
  };

  return {
    "two-factor-start": {
      failure: FAILURE.twoFactor,
      form: true,
      hideFields: ["password"],
      run: async ({ password }) => {
        const response = await call("/two-factor/enable", { password });
        if (response.status === 429) throw new RuleError(RULE.tooManyAttempts, { status: 429 });
        if (!response.ok) throw new RuleError(RULE.wrongPassword, { field: "password" });
        const body = (await response.json()) as { totpURI: string; backupCodes: string[] };
        return { data: await enrolmentFrom(body.totpURI, body.backupCodes) };
      },
    },
    "two-factor-confirm": {
      failure: FAILURE.twoFactor,
      form: true,
      run: async ({ code }) => {
        // The plugin turns two-factor on and renews the session: its cookie goes back.
        const headers = await checkCode(code);
        await recordTwoFactorChange(db, actor(), "two_factor_enabled");
        return {
          headers,
          toast: {
            title: "Two-factor sign-in is on",
            description: "From now on, signing in asks for a code from your app.",
          },
        };
      },
    },
    "two-factor-disable": {
      failure: FAILURE.twoFactor,
      form: true,
      hideFields: ["password"],
      run: async ({ password, code }) => {
        await checkCode(code);
        const response = await call("/two-factor/disable", { password });
        if (response.status === 429) throw new RuleError(RULE.tooManyAttempts, { status: 429 });
        if (!response.ok) throw new RuleError(RULE.wrongPassword, { field: "password" });
        await recordTwoFactorChange(db, actor(), "two_factor_disabled");
        return {
          headers: setCookieHeaders(response),
          toast: {
            title: "Two-factor sign-in is off",
            description: "Signing in asks for your password alone.",
          },
        };
      },
    },
  };
}
