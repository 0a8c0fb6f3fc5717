import { isApproved } from "~/lib/roles";
import { getSessionUser } from "~/server/auth/session.server";
import { servicesContext } from "~/server/http/context.server";
import { changeEventStream } from "~/server/live/event-stream.server";
import { announceNewLeads } from "~/server/live/lead-announcements.server";
import type { Route } from "./+types/events";

/** Live changes for signed-in, approved users only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (!user || !isApproved(user.role)) {
    return new Response("Sign in with an approved account.", {
      status: 401,
      headers: { "Cache-Control": "no-store" },
    });
  }
  const { changes, database } = context.get(servicesContext);
  return changeEventStream(changes, request.signal, announceNewLeads(database.db));
}
