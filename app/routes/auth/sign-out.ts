import { redirect } from "react-router";
import { AUTH, SUCCESS } from "~/lib/ui-text";
import { callAuthEndpoint, setCookieHeaders } from "~/server/auth/session.server";
import { redirectWithToast } from "~/server/route-helpers/toast.server";
import type { Route } from "./+types/sign-out";
import { logger } from "~/server/logger.server";

/** Signing out changes state, so it is a POST; a GET just goes to the sign-in page. */
export function loader() {
  return redirect("/auth");
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const response = await callAuthEndpoint(request, context, "/sign-out", {});
    if (!response.ok) throw new Error(`sign-out answered ${response.status}`);
    return redirectWithToast(
      "/auth",
      {
        type: "success",
        title: SUCCESS.signedOut,
        description: SUCCESS.signedOutDetail,
      },
      setCookieHeaders(response),
    );
  } catch (error) {
    logger.error({ err: error }, "Sign-out failed");
    const back = request.headers.get("Referer");
    const target =
      back && new URL(back).pathname.startsWith("/admin") ? new URL(back).pathname : "/admin";
    return redirectWithToast(target, {
      type: "error",
      title: AUTH.signOutFailedTitle,
      description: AUTH.signOutFailed,
    });
  }
}
