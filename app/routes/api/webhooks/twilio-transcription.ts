import { servicesContext } from "~/server/route-helpers/context.server";
import { handleTranscriptionWebhook } from "~/server/phones/transcripts.server";
import type { Route } from "./+types/twilio-transcription";

/** A voicemail's transcription from Twilio (signed; 404 while TWILIO_AUTH_TOKEN is unset). */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  return handleTranscriptionWebhook({ request, db: database.db, env });
}

export const loader = handle;
export const action = handle;
