import { logger } from "~/server/logger.server";
import { takePaidSession } from "~/server/money/pay-links.server";
import { StripeAmountOutOfRange } from "~/server/money/stripe.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { loadTextContext } from "~/server/texting/text-context.server";
import type { Route } from "./+types/stripe";

const plain = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * POST /api/webhooks/stripe: Stripe's signed events (decision 0036). 404 while the pay link
 * is not configured; 400 for a signature that does not verify (forged, altered, or older
 * than Stripe's five-minute tolerance) or an amount out of range; 200 for anything verified, acted on once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, payLinks, env } = context.get(servicesContext);
  if (!payLinks) return plain(404, "Not Found: card payments are not set up here.");
  const signature = request.headers.get("stripe-signature");
  if (!signature) return plain(400, "Bad Request: no Stripe-Signature header.");
  const body = Buffer.from(await request.arrayBuffer());
  let paid;
  try {
    paid = payLinks.readWebhook(body, signature);
  } catch (error) {
    if (error instanceof StripeAmountOutOfRange) {
      // Signed, so from Stripe (or its key leaked): worth a look, never worth a 500.
      logger.warn(
        { eventId: error.eventId, amount: String(error.amount) },
        "Refused a signed Stripe event whose amount is out of range",
      );
      return plain(400, "Bad Request: the amount is out of range.");
    }
    logger.warn({ err: error }, "Refused a Stripe webhook whose signature does not verify");
    return plain(400, "Bad Request: the signature does not verify.");
  }
  const outcome = paid
    ? (await takePaidSession(database.db, payLinks, paid, await loadTextContext(database.db, env)))
        .outcome
    : "ignored";
  return Response.json({ received: true, outcome });
}

export function loader() {
  const answer = plain(405, "Method Not Allowed: Stripe sends its events by POST.");
  answer.headers.set("Allow", "POST");
  return answer;
}
