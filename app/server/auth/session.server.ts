import type { Actor } from "~/lib/activity";
import { createContext, redirect, type RouterContextProvider } from "react-router";
import { isApproved, type Role } from "~/lib/auth/roles";
import { CLIENT_IP_HEADER, type Auth } from "./auth.server";
import { servicesContext } from "../route-helpers/context.server";
import { clientIpContext } from "../route-helpers/request-context.server";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
  twoFactorEnabled: boolean;
}

/** Headers for better-auth: the visitor's cookies plus the client IP we trust (never theirs). */
export function authHeaders(request: Request, context: Readonly<RouterContextProvider>): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.get(clientIpContext) || "unknown");
  return headers;
}

/** The signed-in user, read from the database on every request (no cookie cache). */
export async function getSessionUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SessionUser | null> {
  const { auth } = context.get(servicesContext);
  const result = await auth.api.getSession({ headers: authHeaders(request, context) });
  if (!result) return null;
  const { user, session } = result;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: (user as { role?: Role }).role ?? "pending",
    sessionId: session.id,
    twoFactorEnabled: (user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true,
  };
}

/**
 * Whether a request's cookies belong to an approved team member, asked from its headers alone
 * (the HTTP layer's upload gate, before a file's bytes are read: decision 0068).
 */
export async function isApprovedSession(
  auth: Auth,
  requestHeaders: Headers,
  clientIp: string,
): Promise<boolean> {
  const headers = new Headers(requestHeaders);
  headers.set(CLIENT_IP_HEADER, clientIp || "unknown");
  const result = await auth.api.getSession({ headers });
  return isApproved((result?.user as { role?: Role } | undefined)?.role);
}

export const PENDING_PATH = "/auth/pending";

/** Where a user should be: anonymous → /auth (coming back here after), pending → waiting page. */
export async function requireApprovedUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<ApprovedUser> {
  const user = await getSessionUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    throw redirect(`/auth?${new URLSearchParams({ redirectTo: back })}`);
  }
  if (!isApproved(user.role)) throw redirect(PENDING_PATH);
  return user as ApprovedUser;
}

/**
 * Forwards a call to better-auth's HTTP handler, so its own rate limits and checks run,
 * with the origin and client IP set by us.
 */
export async function callAuthEndpoint(
  request: Request,
  context: Readonly<RouterContextProvider>,
  path: string,
  body: unknown,
): Promise<Response> {
  const { auth, env } = context.get(servicesContext);
  const headers = authHeaders(request, context);
  headers.set("content-type", "application/json");
  headers.set("origin", env.SITE_URL);
  headers.delete("content-length");
  return auth.handler(
    new Request(`${env.SITE_URL}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
}

/** The Set-Cookie headers of a better-auth response, to pass on to the browser. */
export function setCookieHeaders(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

export type ApprovedUser = SessionUser & { role: "owner" | "admin" };

/** Set by the admin layout's middleware for every /admin loader and action below it. */
export const userContext = createContext<ApprovedUser>();

/** Owner-only actions (the team) refuse everyone else on the server. */
export function requireOwner(context: Readonly<RouterContextProvider>): ApprovedUser {
  const user = context.get(userContext);
  if (user.role !== "owner") throw new Response("Only an owner can do this.", { status: 403 });
  return user;
}

/** The signed-in team member as the activity log names them. */
export function userActor(context: Readonly<RouterContextProvider>): Actor {
  const user = context.get(userContext);
  return { kind: "user", id: user.id, name: user.name };
}
