import { requireApprovedUser } from "~/server/auth/session.server";
import { requireTwoFactorIfAsked } from "~/server/auth/two-factor-gate.server";
import { countWaitingRequests } from "~/server/leads/leads.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/waiting";

/**
 * How many requests wait (New, last 24 hours), for every open back-office tab's title and
 * Leads badge, read again when leads change. Outside the admin layout on purpose: a small
 * read by a fetcher must not tell the layout's offline handling that the page reloaded
 * (offline-status.ts); the same session and role checks as the layout's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApprovedUser(request, context);
  await requireTwoFactorIfAsked(request, context, user);
  const { database } = context.get(servicesContext);
  return Response.json(
    { waiting: await countWaitingRequests(database.db) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
