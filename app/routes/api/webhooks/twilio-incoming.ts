import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIncomingTextWebhook } from "~/server/phones/message-webhooks.server";
import { loadTextContext } from "~/server/texting/text-context.server";
import type { Route } from "./+types/twilio-incoming";

/** A text to our number, from Twilio (signed; 404 while TWILIO_AUTH_TOKEN is unset). */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  const texts = await loadTextContext(database.db, env);
  return handleIncomingTextWebhook({ request, db: database.db, env, texts });
}

export const loader = handle;
export const action = handle;
