import type { RouterContextProvider } from "react-router";
import { AUTH } from "~/lib/ui-text";
import type { Db } from "../db/database.server";
import { servicesContext } from "../route-helpers/context.server";
import { redirectWithToast } from "../route-helpers/toast.server";
import { lockedUntil, recordFailedSignIn, recordLockedSignIn } from "./lockout.server";
import { hashPassword } from "./password.server";
import { userContext } from "./session.server";
import { authenticatedRecently } from "./session-limits.server";
import { passwordMatches } from "./users.server";

/*
 * Re-authentication before sensitive changes (ASVS 7.5.1): changing a password, two-factor
 * or a role needs a password or a code given in this session within the last 10 minutes.
 * Profile's own forms ask for the password or a code in place; Settings → Team sends the
 * owner to /admin/confirm first and back to the page, where they do it again.
 */

export const CONFIRM_PATH = "/admin/confirm";

/** Throws the redirect to the confirm page unless the session proved who it is lately. */
export async function requireRecentAuth(
  context: Readonly<RouterContextProvider>,
  backTo: string,
): Promise<void> {
  const user = context.get(userContext);
  const { db } = context.get(servicesContext).database;
  if (await authenticatedRecently(db, user.sessionId)) return;
  throw await redirectWithToast(`${CONFIRM_PATH}?${new URLSearchParams({ redirectTo: backTo })}`, {
    type: "info",
    title: AUTH.confirmFirstTitle,
    description: AUTH.confirmFirst,
  });
}

/**
 * The password typed again by a signed-in person, checked like a sign-in: a locked account
 * is refused, a wrong password counts towards the lockout. (The caller then renews the
 * session: session-renewal.server.ts.)
 */
export async function checkPasswordAgain(
  db: Db,
  person: { id: string },
  password: string,
  ip: string | null,
): Promise<boolean> {
  if (await lockedUntil(db, person.id)) {
    await hashPassword(password);
    await recordLockedSignIn(db, person.id, ip);
    return false;
  }
  if (!(await passwordMatches(db, person.id, password))) {
    await recordFailedSignIn(db, person.id, { kind: "password", ip });
    return false;
  }
  return true;
}
