import { z } from "zod";
import { serviceTypeFromWords } from "~/lib/lead-inbox/partner-leads";
import type { Db } from "../db/database.server";
import { partnerMessages } from "../db/partner-lead-tables.server";
import {
  plain,
  readConnection,
  recordInboxFailure,
  refusedWebhook,
  takePartnerLead,
} from "./thumbtack-angi-store.server";

/*
 * Thumbtack's pro webhooks (issue 51, decision 0073): NegotiationCreatedV4 (a new lead) and
 * MessageCreatedV4 (a message in a lead's conversation). Each delivery carries the password
 * set on the webhook (HTTP Basic); without THUMBTACK_WEBHOOK_SECRET the endpoint answers 404.
 * A lead is made once per negotiation id, a message kept once per message id: Thumbtack's
 * retries change nothing.
 */

const id = z.union([z.string().trim().min(1).max(64), z.number().int().transform(String)]);
const shortText = z.string().trim().max(200).nullish();

const customerSchema = z
  .object({
    customerID: id.nullish(),
    displayName: shortText,
    firstName: shortText,
    lastName: shortText,
    phone: z.string().trim().max(32).nullish(),
    email: z.string().trim().max(200).nullish(),
  })
  .nullish();

const negotiationSchema = z.object({
  negotiationID: id,
  customer: customerSchema,
  request: z
    .object({
      category: z.union([z.string(), z.object({ name: z.string().nullish() })]).nullish(),
      title: shortText,
      description: z.string().max(5_000).nullish(),
      location: z
        .object({
          address1: shortText,
          address2: shortText,
          city: shortText,
          state: shortText,
          zipCode: z.string().trim().max(10).nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

const messageSchema = z.object({
  messageID: id,
  negotiationID: id,
  from: z.string().max(32).nullish(),
  text: z.string().trim().min(1).max(5_000),
  customer: customerSchema,
});

/** The envelope: the event's type beside or inside `event`, its object in `data`. */
const envelopeSchema = z.object({
  eventType: z.string().max(64).optional(),
  event: z.object({ eventType: z.string().max(64).optional() }).optional(),
  data: z.unknown(),
});

export interface ThumbtackWebhookEnv {
  THUMBTACK_WEBHOOK_SECRET?: string;
}

type Outcome = "created" | "duplicate" | "ignored" | "stored";

/** POST /api/webhooks/thumbtack. */
export async function handleThumbtackWebhook(
  request: Request,
  db: Db,
  env: ThumbtackWebhookEnv,
): Promise<Response> {
  const refused = refusedWebhook(request, env.THUMBTACK_WEBHOOK_SECRET, {
    notSetUp: "Thumbtack is not set up here.",
    refused: "Refused a Thumbtack webhook whose password does not match",
  });
  if (refused) return refused;
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    await recordInboxFailure(db, "thumbtack", "Thumbtack sent something that is not JSON.");
    return plain(400, "Bad Request: not JSON.");
  }
  const envelope = envelopeSchema.safeParse(body);
  const type = envelope.success
    ? (envelope.data.eventType ?? envelope.data.event?.eventType)
    : undefined;
  if (!envelope.success || !type) {
    await recordInboxFailure(db, "thumbtack", "Thumbtack sent an event without its type.");
    return plain(400, "Bad Request: not a Thumbtack event.");
  }
  let outcome: Outcome | Response;
  if (type.startsWith("NegotiationCreated"))
    outcome = await takeNegotiation(db, envelope.data.data);
  else if (type.startsWith("MessageCreated")) outcome = await takeMessage(db, envelope.data.data);
  else outcome = "ignored";
  if (outcome instanceof Response) return outcome;
  return Response.json({ received: true, outcome });
}

async function takeNegotiation(db: Db, data: unknown): Promise<Outcome | Response> {
  const parsed = negotiationSchema.safeParse(data);
  if (!parsed.success) {
    await recordInboxFailure(db, "thumbtack", "A Thumbtack lead came without its id: not taken.");
    return plain(400, "Bad Request: not a Thumbtack lead.");
  }
  const connection = await readConnection(db, "thumbtack");
  if (!connection?.enabled) {
    await recordInboxFailure(
      db,
      "thumbtack",
      `A Thumbtack lead (${parsed.data.negotiationID}) came while Thumbtack is turned off: not taken.`,
    );
    return "ignored";
  }
  const { customer, request } = parsed.data;
  const location = request?.location;
  const category =
    typeof request?.category === "string" ? request.category : request?.category?.name;
  const street = [location?.address1, location?.address2].filter(Boolean).join(" ");
  const cityLine = [location?.city, [location?.state, location?.zipCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  const name =
    customer?.displayName ??
    ([customer?.firstName, customer?.lastName].filter(Boolean).join(" ") || null);
  const { created } = await takePartnerLead(db, "thumbtack", parsed.data.negotiationID, {
    name,
    phone: customer?.phone ?? "",
    email: customer?.email ?? null,
    serviceType: serviceTypeFromWords(category, request?.title, request?.description),
    zip: location?.zipCode?.slice(0, 5) ?? null,
    address: [street, cityLine].filter(Boolean).join(", ") || null,
    details: [category ?? request?.title, request?.description].filter(Boolean).join(": ") || null,
  });
  return created ? "created" : "duplicate";
}

async function takeMessage(db: Db, data: unknown): Promise<Outcome | Response> {
  const parsed = messageSchema.safeParse(data);
  if (!parsed.success) {
    await recordInboxFailure(db, "thumbtack", "A Thumbtack message came without its text or ids.");
    return plain(400, "Bad Request: not a Thumbtack message.");
  }
  const message = parsed.data;
  const fromBusiness = message.from?.toLowerCase() === "business";
  const [row] = await db
    .insert(partnerMessages)
    .values({
      provider: "thumbtack",
      threadId: message.negotiationID,
      externalId: message.messageID,
      direction: fromBusiness ? "out" : "in",
      body: message.text,
      status: fromBusiness ? "sent" : "received",
      authorName: fromBusiness ? null : (message.customer?.displayName ?? null),
      sentAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: partnerMessages.id });
  return row ? "stored" : "duplicate";
}
