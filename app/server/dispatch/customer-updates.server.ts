import { and, eq, isNull } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { assignments, leads, locksmiths, type Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { newCustomerPageUrl } from "../customers/customer-links.server";
import { queueCustomerText, type TextContext } from "../texting/outbox.server";
import { recordActivity } from "../activity/activity.server";

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
  kind: "customer_finding" | "customer_dispatched" | "customer_running_late",
  actor: Actor,
  now: Date,
  locksmith: string | null = null,
): Promise<boolean> {
  const link = lead.textConsent ? await newCustomerPageUrl(tx, texts, lead.id, now) : null;
  const values = { locksmith, customer_link: link };
  return Boolean(await queueCustomerText(tx, texts, lead, { kind, values }, actor));
}

/** We are finding their locksmith: at the first offer, or after theirs is off the job. */
export async function tellCustomerWeAreFinding(
  tx: Db,
  texts: TextContext,
  lead: CustomerLead,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  await tell(tx, texts, lead, "customer_finding", actor, now);
}

/** A locksmith accepted: their name, and the page to follow the visit and approve the price. */
export async function tellCustomerWhoIsComing(
  tx: Db,
  texts: TextContext,
  lead: CustomerLead,
  locksmithName: string,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  await tell(tx, texts, lead, "customer_dispatched", actor, now, locksmithName);
}

/**
 * The estimate passed and they have not arrived (the `eta_passed` clock rule, issue 45): the
 * customer hears the truth, once per assignment (whoever marks it first texts), within the
 * kind's cap. False when the lead has no locksmith on the way or was told already.
 */
export async function tellCustomerRunningLate(
  tx: Db,
  texts: TextContext,
  leadId: string,
  actor: Actor,
  now = new Date(),
): Promise<boolean> {
  const [marked] = await tx
    .update(assignments)
    .set({ lateTextedAt: now })
    .where(
      and(
        eq(assignments.leadId, leadId),
        eq(assignments.state, "on_the_way"),
        isNull(assignments.lateTextedAt),
      ),
    )
    .returning({ locksmithId: assignments.locksmithId });
  if (!marked) return false;
  const [row] = await tx
    .select({ lead: leads, locksmith: locksmiths.name })
    .from(leads)
    .innerJoin(locksmiths, eq(locksmiths.id, marked.locksmithId))
    .where(eq(leads.id, leadId));
  if (!row) return false;
  const texted = await tell(
    tx,
    texts,
    row.lead,
    "customer_running_late",
    actor,
    now,
    row.locksmith,
  );
  await recordActivity(tx, {
    actor,
    entity: "lead",
    entityId: leadId,
    action: "customer_told_running_late",
    after: { locksmithId: marked.locksmithId, customerTexted: texted },
    leadId,
  });
  return texted;
}
