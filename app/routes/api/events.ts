import { isApproved } from "~/lib/roles";
import { getSessionUser } from "~/server/auth-session.server";
import { servicesContext } from "~/server/context.server";
import { changeEventStream } from "~/server/event-stream.server";
import type { Route } from "./+types/events";

/** Live changes for signed-in, approved users only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (!user || !isApproved(user.role)) {
    return new Response("Sign in with an approved account.", { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  return changeEventStream(context.get(servicesContext).changes, request.signal);
}
