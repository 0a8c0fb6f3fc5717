import type { MessagePurpose } from "../business-enums";

/*
 * Staff never see a customer's key (issue 44): the customer's page (/t/…) and review form
 * (/review/…) open with the token in their address, and an approval code approves a quote,
 * so whoever reads them can act as the customer. The office's timeline and Messages show
 * a text with those masked, keeping the last four characters to tell two links apart; the
 * whole text is only ever sent again through the outbox (Resend).
 */

const MASK = "••••";
/** A customer's link token in a text: /t/<token> or /review/<token>. */
const CUSTOMER_LINK = /\/(t|review)\/([A-Za-z0-9_-]{8,})/g;
/** Texts that carry a one-time approval code. */
const CODE_PURPOSES: readonly MessagePurpose[] = ["customer_approval_code"];
const CODE = /\b\d{6}\b/g;

/** The text with every customer key masked: "/t/••••3f2a", an approval code "••••••". */
export function maskCustomerSecrets(body: string, purpose?: MessagePurpose | null): string {
  const masked = body.replace(
    CUSTOMER_LINK,
    (_, kind: string, token: string) => `/${kind}/${MASK}${token.slice(-4)}`,
  );
  return purpose && CODE_PURPOSES.includes(purpose) ? masked.replace(CODE, "••••••") : masked;
}

/** Whether a text holds a customer key (so it is shown masked and offered only as Resend). */
export function holdsCustomerSecret(body: string, purpose?: MessagePurpose | null): boolean {
  return maskCustomerSecrets(body, purpose) !== body;
}
