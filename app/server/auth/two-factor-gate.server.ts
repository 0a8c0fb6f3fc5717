import { redirect, type RouterContextProvider } from "react-router";
import { servicesContext } from "../route-helpers/context.server";
import type { SessionUser } from "./session.server";
import { isTwoFactorRequired } from "./two-factor.server";

/** Where a member without two-factor is sent while an owner requires it. */
export const ENROL_PATH = "/admin/profile";

/** Whether an owner's rule keeps this person out of everything but enrolment for now. */
export async function mustEnrolFirst(
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
): Promise<boolean> {
  if (user.twoFactorEnabled) return false;
  return isTwoFactorRequired(context.get(servicesContext).database.db);
}

/**
 * When an owner requires two-factor sign-in, a member without it reaches nothing but the
 * Profile page (where it is added) until they have it: every other loader and action
 * answers with a redirect there, on the server (the live-update stream refuses them too).
 */
export async function requireTwoFactorIfAsked(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
): Promise<void> {
  const { pathname } = new URL(request.url);
  if (pathname === ENROL_PATH || pathname === `${ENROL_PATH}.data`) return;
  if (await mustEnrolFirst(context, user)) throw redirect(ENROL_PATH);
}
