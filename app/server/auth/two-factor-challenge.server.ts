import type { RouterContextProvider } from "react-router";
import { AUTH, RULE } from "~/lib/ui-text";
import { callAuthEndpoint } from "./session.server";

/** The sign-in's second step. */
export const TWO_FACTOR_PATH = "/auth/two-factor";

/** Whether better-auth answered a right password with "now the code" instead of a session. */
export async function asksForSecondFactor(response: Response): Promise<boolean> {
  try {
    const body = (await response.clone().json()) as { twoFactorRedirect?: boolean };
    return body.twoFactorRedirect === true;
  } catch {
    return false;
  }
}

/** Whether the browser holds the challenge cookie of a right password (signed, checked later). */
export function hasChallengeCookie(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/.test(
    request.headers.get("Cookie") ?? "",
  );
}

export type SecondFactor = "totp" | "recovery";

/** What became of a code typed at the second step. */
export type ChallengeAnswer =
  { ok: true; response: Response } | { ok: false; status: number; field?: "code"; message: string };

/**
 * Checks the code against the challenge cookie set at the first step; on success the
 * answer carries the new session's cookie. A wrong code is a field error; a locked account,
 * too many wrong codes for this challenge (5) or an expired one (10 minutes) send the
 * person back to the password.
 */
export async function answerChallenge(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: SecondFactor,
  code: string,
): Promise<ChallengeAnswer> {
  const path = kind === "totp" ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code";
  const response = await callAuthEndpoint(request, context, path, { code });
  if (response.ok) return { ok: true, response };
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  switch (body.code) {
    case "INVALID_CODE":
    case "INVALID_BACKUP_CODE":
      return {
        ok: false,
        status: 400,
        field: "code",
        message: kind === "totp" ? AUTH.codeInvalid : AUTH.recoveryCodeInvalid,
      };
    case "ACCOUNT_LOCKED":
      return { ok: false, status: 429, message: AUTH.accountLocked };
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return { ok: false, status: 400, message: AUTH.challengeTooManyCodes };
  }
  if (response.status === 429) return { ok: false, status: 429, message: RULE.tooManyAttempts };
  return { ok: false, status: 400, message: AUTH.challengeExpired };
}
