import { servicesContext } from "~/server/route-helpers/context.server";
import { handleMessageStatusWebhook } from "~/server/phones/message-webhooks.server";
import type { Route } from "./+types/twilio-message";

/** Twilio's delivery report for a text we sent (signed; 404 while TWILIO_AUTH_TOKEN is unset). */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  return handleMessageStatusWebhook({ request, db: database.db, env });
}

export const loader = handle;
export const action = handle;
