import { countWaitingRequests } from "~/server/models/leads.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/waiting";

/**
 * How many requests wait (New, last 24 hours): read by every open back-office tab when
 * leads change, for its title and the Leads badge. Signed-in only (the admin layout).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  return { waiting: await countWaitingRequests(database.db) };
}
