import type { RouterContextProvider } from "react-router";
import { AUTH } from "~/lib/messages";
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

export type SecondFactor = "totp" | "recovery";

/** What became of a code typed at the second step. */
export type ChallengeAnswer =
  { ok: true; response: Response } | { ok: false; status: number; field?: "code"; message: string };

/**
 * Checks the code against the challenge cookie set at the first step; on success the
 * answer carries the new session's cookie. A wrong code is a field error; a spent or
 * expired challenge (10 minutes, 5 wrong codes) sends the person back to the password.
 */
export async function answerChallenge(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: SecondFactor,
  code: string,
): Promise<ChallengeAnswer> {
  const response =
    kind === "totp"
      ? await callAuthEndpoint(request, context, "/two-factor/verify-totp", { code })
      : await callAuthEndpoint(request, context, "/two-factor/verify-backup-code", { code });
  if (response.ok) return { ok: true, response };
  if (response.status === 429) {
    return { ok: false, status: 429, message: "Too many attempts. Wait a minute and try again." };
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  if (body.code === "INVALID_CODE" || body.code === "INVALID_BACKUP_CODE") {
    return {
      ok: false,
      status: 400,
      field: "code",
      message: kind === "totp" ? AUTH.codeInvalid : AUTH.recoveryCodeInvalid,
    };
  }
  if (body.code === "ACCOUNT_TEMPORARILY_LOCKED") {
    return { ok: false, status: 400, message: AUTH.twoFactorLocked };
  }
  return { ok: false, status: 400, message: AUTH.challengeExpired };
}
