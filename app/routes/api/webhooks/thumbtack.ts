import { handleThumbtackWebhook } from "~/server/lead-inbox/thumbtack-webhook.server";
import { plain } from "~/server/lead-inbox/thumbtack-angi-store.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/thumbtack";

/** POST /api/webhooks/thumbtack: Thumbtack's new leads and messages (decision 0073). */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  return handleThumbtackWebhook(request, database.db, env);
}

export function loader() {
  return plain(405, "Method Not Allowed: Thumbtack sends its events by POST.", { Allow: "POST" });
}
