import { servicesContext } from "~/server/route-helpers/context.server";
import { handleCallFlowWebhook } from "~/server/phones/call-flow.server";
import type { Route } from "./+types/twilio-call";

/** Lockline's call flow, one step per URL (signed; 404 while TWILIO_AUTH_TOKEN is unset). */
async function handle({ request, context, params }: Route.LoaderArgs | Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  return handleCallFlowWebhook({ request, db: database.db, env, step: params.step });
}

export const loader = handle;
export const action = handle;
