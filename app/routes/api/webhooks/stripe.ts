import { logger } from "~/server/logger.server";
import { recordPaidSession } from "~/server/money/pay-links.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/stripe";

const plain = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * POST /api/webhooks/stripe: Stripe's signed events (decision 0036). 404 while the pay link
 * is not configured; 400 for a signature that does not verify (forged, altered, or older
 * than Stripe's five-minute tolerance); 200 for anything verified, acted on once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, payLinks } = context.get(servicesContext);
  if (!payLinks) return plain(404, "Not Found: card payments are not set up here.");
  const signature = request.headers.get("stripe-signature");
  if (!signature) return plain(400, "Bad Request: no Stripe-Signature header.");
  const body = Buffer.from(await request.arrayBuffer());
  let paid;
  try {
    paid = payLinks.readWebhook(body, signature);
  } catch (error) {
    logger.warn({ err: error }, "Refused a Stripe webhook whose signature does not verify");
    return plain(400, "Bad Request: the signature does not verify.");
  }
  const outcome = paid ? await recordPaidSession(database.db, paid) : "ignored";
  return Response.json({ received: true, outcome });
}

export function loader() {
  const answer = plain(405, "Method Not Allowed: Stripe sends its events by POST.");
  answer.headers.set("Allow", "POST");
  return answer;
}
