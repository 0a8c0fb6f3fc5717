import { redirect, type RouterContextProvider } from "react-router";
import { servicesContext } from "../http/context.server";
import type { SessionUser } from "./session.server";
import { isTwoFactorRequired } from "./two-factor.server";

/** Where a member without two-factor is sent while an owner requires it. */
export const ENROL_PATH = "/admin/profile";

/**
 * When an owner requires two-factor sign-in, a member without it reaches nothing but the
 * Profile page (where it is added) until they have it: every other loader and action
 * answers with a redirect there, on the server.
 */
export async function requireTwoFactorIfAsked(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
): Promise<void> {
  if (user.twoFactorEnabled) return;
  const { pathname } = new URL(request.url);
  if (pathname === ENROL_PATH || pathname === `${ENROL_PATH}.data`) return;
  const { db } = context.get(servicesContext).database;
  if (await isTwoFactorRequired(db)) throw redirect(ENROL_PATH);
}
