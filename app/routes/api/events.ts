import { isApproved } from "~/lib/roles";
import { getSessionUser } from "~/server/auth/session.server";
import { mustEnrolFirst } from "~/server/auth/two-factor-gate.server";
import { servicesContext } from "~/server/http/context.server";
import { changeEventStream } from "~/server/live/event-stream.server";
import { announceNewLeads } from "~/server/live/lead-announcements.server";
import type { Route } from "./+types/events";

/** Live changes for signed-in, approved users only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  // Someone an owner's two-factor rule holds at enrolment gets no live data either.
  if (!user || !isApproved(user.role) || (await mustEnrolFirst(context, user))) {
    return new Response("Sign in with an approved account.", {
      status: 401,
      headers: { "Cache-Control": "no-store" },
    });
  }
  const { changes, database } = context.get(servicesContext);
  return changeEventStream(changes, request.signal, announceNewLeads(database.db));
}
