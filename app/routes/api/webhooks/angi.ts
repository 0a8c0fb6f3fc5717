import { handleAngiWebhook } from "~/server/lead-inbox/angi-mail.server";
import { plain } from "~/server/lead-inbox/thumbtack-angi-store.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/angi";

/** POST /api/webhooks/angi: an Angi lead e-mail from the mail service's inbound parse. */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  return handleAngiWebhook(request, database.db, env);
}

export function loader() {
  return plain(405, "Method Not Allowed: the inbound parse posts each e-mail.", { Allow: "POST" });
}
