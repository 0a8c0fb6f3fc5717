import { customerPagePath } from "~/lib/dispatch/job-page-link";
import { customerLinks } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { hashLinkToken, newLinkToken } from "../links/link-tokens.server";
import type { TextContext } from "../texting/outbox.server";

/*
 * The customer's own link (/t/:token): a new one with each text that carries it, stored
 * hashed, so no one (staff included) can read a customer's link back out of the database.
 */

/** How long the customer's link opens: past the job, the receipt and the review. */
export const CUSTOMER_LINK_DAYS = 30;
const DAY_MS = 86_400_000;

/** A new link to the lead's page, as the full address a text carries. */
export async function newCustomerPageUrl(
  tx: Db,
  texts: Pick<TextContext, "siteUrl">,
  leadId: string,
  now = new Date(),
): Promise<string> {
  return `${texts.siteUrl}${customerPagePath(await createCustomerLink(tx, leadId, now))}`;
}

/** A new link to the lead's page: its token, for the one text that carries it. */
export async function createCustomerLink(tx: Db, leadId: string, now = new Date()) {
  const { token, hash } = newLinkToken();
  await tx.insert(customerLinks).values({
    leadId,
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + CUSTOMER_LINK_DAYS * DAY_MS),
  });
  return token;
}

/**
 * A link to the lead's page with a token the caller made (the completion screen's QR code):
 * stored the first time, kept as it is after (its expiry counts from then).
 */
export async function keepCustomerLink(tx: Db, leadId: string, token: string, now = new Date()) {
  await tx
    .insert(customerLinks)
    .values({
      leadId,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(now.getTime() + CUSTOMER_LINK_DAYS * DAY_MS),
    })
    .onConflictDoNothing({ target: customerLinks.tokenHash });
}
