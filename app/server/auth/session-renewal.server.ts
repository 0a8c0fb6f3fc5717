import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint, sessionMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";

/*
 * A new session token after the person proves who they are again (ASVS 7.2.4): the same
 * renewal better-auth's two-factor plugin does when two-factor is turned on — a new session
 * (its `authenticated_at` now, by the column's default), its cookie, the old one deleted.
 * Server-only: no HTTP route; "Confirm it's you" calls it through `auth.api`.
 */
export function sessionRenewal() {
  return {
    id: "lockline-session-renewal",
    endpoints: {
      renewSession: createAuthEndpoint.serverOnly(
        { method: "POST", use: [sessionMiddleware] },
        async (ctx) => {
          const current = ctx.context.session;
          // A fresh session, device and address from this request: a new lifetime starts, as
          // at a sign-in (the person just proved who they are).
          const renewed = await ctx.context.internalAdapter.createSession(current.user.id, false);
          await setSessionCookie(ctx, { session: renewed, user: current.user });
          await ctx.context.internalAdapter.deleteSession(current.session.token);
          return ctx.json({ renewed: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
