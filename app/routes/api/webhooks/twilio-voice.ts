import { normalizePhone } from "~/lib/phone-parse";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleVoiceWebhook } from "~/server/phones/call-events.server";
import { loadTextContext } from "~/server/texting/text-context.server";
import type { Route } from "./+types/twilio-voice";

/** Twilio's Voice status callback (signed; 404 while TWILIO_AUTH_TOKEN is unset). */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  return handleVoiceWebhook({
    request,
    db: database.db,
    env,
    websiteNumber: normalizePhone(env.BUSINESS_PHONE),
    // A missed call is texted back (issue 50); read only when the signature is good.
    texts: () => loadTextContext(database.db, env),
  });
}

export const loader = handle;
export const action = handle;
