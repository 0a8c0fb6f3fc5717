import { servicesContext } from "~/server/route-helpers/context.server";
import { handleBridgeWebhook } from "~/server/phones/masked-calls.server";
import type { Route } from "./+types/twilio-bridge";

/** A masked call's second leg: the locksmith answered (signed; 404 without TWILIO_AUTH_TOKEN). */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  return handleBridgeWebhook({ request, db: database.db, env });
}

export const loader = handle;
export const action = handle;
