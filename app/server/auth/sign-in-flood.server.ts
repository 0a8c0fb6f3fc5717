import { setTimeout as sleep } from "node:timers/promises";
import { AUTH } from "~/lib/ui-text";
import { SignInFloodGuard } from "~/lib/security/sign-in-flood";
import type { Db } from "../db/database.server";
import { signInHashMs } from "./password.server";
import { findUserByEmail } from "./users.server";

/*
 * Sign-in under a distributed flood (issue 47), before better-auth (its per-address limit
 * writes a database row per address) and before any hash:
 *
 * - An email no account has is answered as a wrong password is, after the time a password
 *   check takes now, with no hash and no row written: made-up accounts cost a lookup.
 * - Above a global budget of failed sign-ins a minute, an address with no recent success
 *   is asked to wait (429 with Retry-After); an address that signed in lately keeps its lane.
 */

/** better-auth's own answer to a wrong email or password, word for word. */
const WRONG = { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" };

export function signInFloodGate(db: Db, guard = new SignInFloodGuard()) {
  return async (
    request: Request,
    address: string,
    signIn: () => Promise<Response>,
  ): Promise<Response> => {
    const admitted = guard.admit(address);
    if (!admitted.allowed) {
      return Response.json(
        { code: "SIGN_IN_FLOOD", message: AUTH.signInFlood(admitted.retryAfter) },
        { status: 429, headers: { "Retry-After": String(admitted.retryAfter) } },
      );
    }
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => undefined);
    const { email, password } = (body ?? {}) as { email?: unknown; password?: unknown };
    if (
      typeof email === "string" &&
      typeof password === "string" &&
      email.length <= 254 &&
      /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) &&
      !(await findUserByEmail(db, email))
    ) {
      await sleep(signInHashMs());
      guard.failed();
      return Response.json(WRONG, { status: 401 });
    }
    const response = await signIn();
    if (response.status === 200) guard.succeeded(address);
    else if (response.status === 401) guard.failed();
    return response;
  };
}
