import type { Actor } from "~/lib/activity";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import type { Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { newCustomerPageUrl } from "../customers/customer-links.server";
import { queueCustomerText, type TextContext } from "../texting/outbox.server";

/*
 * What the customer is told about who is coming (issue 45): an offer is nobody's promise,
 * so its text says we are finding their locksmith; a name goes out only once a locksmith
 * accepted; and when the one they were told of is off the job, they hear that we are
 * finding someone else (the next acceptance names them). Each text carries their own page,
 * which says the same. Within the texts agreement and each kind's cap (outbox.server.ts).
 */

type CustomerLead = Pick<Lead, "id" | "phone" | "customerId" | "textConsent" | "serviceType">;

/** One of these texts, with the service and (with the texts agreement) their page. */
async function tell(
  tx: Db,
  texts: TextContext,
  lead: CustomerLead,
  kind: "customer_finding" | "customer_dispatched",
  actor: Actor,
  now: Date,
  locksmith: string | null = null,
): Promise<void> {
  const link = lead.textConsent ? await newCustomerPageUrl(tx, texts, lead.id, now) : null;
  const values = { service: SERVICE_TYPE_LABELS[lead.serviceType], locksmith, customer_link: link };
  await queueCustomerText(tx, texts, lead, { kind, values }, actor);
}

/** We are finding their locksmith: at the first offer, or after theirs is off the job. */
export function tellCustomerWeAreFinding(
  tx: Db,
  texts: TextContext,
  lead: CustomerLead,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  return tell(tx, texts, lead, "customer_finding", actor, now);
}

/** A locksmith accepted: their name, and the page to follow the visit and approve the price. */
export function tellCustomerWhoIsComing(
  tx: Db,
  texts: TextContext,
  lead: CustomerLead,
  locksmithName: string,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  return tell(tx, texts, lead, "customer_dispatched", actor, now, locksmithName);
}
