import { servicesContext } from "~/server/route-helpers/context.server";
import { handleRecordingWebhook } from "~/server/phones/recordings.server";
import type { Route } from "./+types/twilio-recording";

/** Twilio's recording status callback (signed; 404 while TWILIO_AUTH_TOKEN is unset). */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  return handleRecordingWebhook({ request, db: database.db, env });
}

export const loader = handle;
export const action = handle;
