import { createHash, randomBytes } from "node:crypto";
import { simpleParser, type AddressObject } from "mailparser";
import { parseAngiLeadText } from "~/lib/lead-inbox/angi-mail";
import { serviceTypeFromWords } from "~/lib/lead-inbox/partner-leads";
import type { Db } from "../db/database.server";
import {
  plain,
  readConnection,
  recordInboxFailure,
  refusedWebhook,
  takePartnerLead,
} from "./thumbtack-angi-store.server";

/*
 * Angi's lead e-mails (issue 51, decision 0073). The business turns Angi on in Settings →
 * Sources and sets its Angi account to send lead e-mails to the address shown there,
 * angi-<token>@ANGI_INBOUND_DOMAIN. The mail service that receives that domain posts each
 * message, raw MIME, to /api/webhooks/angi (as the request body, or as the `email` field of a
 * form, the way inbound-parse services send it) with ANGI_INBOUND_SECRET as the HTTP Basic
 * password. The message becomes a lead with the source "Angi", once per Message-ID.
 */

/** Large enough for a lead e-mail with its HTML part, small enough to refuse anything else. */
const MAX_MAIL_BYTES = 2_000_000;

/** A new forwarding address's secret part: lower-case, so mail systems keep it as it is. */
export function newAngiToken(): string {
  return randomBytes(12).toString("hex");
}

export interface AngiWebhookEnv {
  ANGI_INBOUND_SECRET?: string;
}

async function readRawMail(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  if (
    type.startsWith("multipart/form-data") ||
    type.startsWith("application/x-www-form-urlencoded")
  ) {
    const form = await request.formData();
    const email = form.get("email");
    if (typeof email === "string") return email;
    return email instanceof Blob ? await email.text() : null;
  }
  return await request.text();
}

function recipients(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((entry) => entry.value.map((address) => address.address ?? ""));
}

/** The forwarding token an envelope's addresses name (angi-<token>@…), if any. */
function tokenIn(addresses: string[]): string | undefined {
  for (const address of addresses) {
    const match = /^angi-([a-f0-9]{8,64})@/i.exec(address.trim());
    if (match) return match[1]!.toLowerCase();
  }
  return undefined;
}

type Outcome = "created" | "duplicate" | "ignored";

/** POST /api/webhooks/angi. */
export async function handleAngiWebhook(
  request: Request,
  db: Db,
  env: AngiWebhookEnv,
): Promise<Response> {
  const refused = refusedWebhook(request, env.ANGI_INBOUND_SECRET, {
    notSetUp: "Angi's lead e-mail is not set up here.",
    refused: "Refused an Angi inbound e-mail whose password does not match",
  });
  if (refused) return refused;
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_MAIL_BYTES) return plain(413, "Payload Too Large: not a lead e-mail.");
  const raw = await readRawMail(request);
  if (!raw || raw.length > MAX_MAIL_BYTES) {
    await recordInboxFailure(db, "angi", "An e-mail came to the Angi address without its text.");
    return plain(400, "Bad Request: no e-mail in the post.");
  }
  const mail = await simpleParser(raw, { skipHtmlToText: false, skipImageLinks: true });
  const outcome = await takeAngiMail(db, raw, mail);
  return Response.json({ received: true, outcome });
}

async function takeAngiMail(
  db: Db,
  raw: string,
  mail: Awaited<ReturnType<typeof simpleParser>>,
): Promise<Outcome> {
  const subject = mail.subject?.slice(0, 120) ?? "(no subject)";
  const connection = await readConnection(db, "angi");
  if (!connection?.enabled || !connection.addressToken) {
    await recordInboxFailure(
      db,
      "angi",
      `An e-mail (“${subject}”) came while Angi is turned off: not taken.`,
    );
    return "ignored";
  }
  const token = tokenIn([...recipients(mail.to), ...recipients(mail.cc)]);
  if (token !== connection.addressToken) {
    await recordInboxFailure(
      db,
      "angi",
      `An e-mail (“${subject}”) came to an old or unknown Angi address: not taken.`,
    );
    return "ignored";
  }
  const lead = parseAngiLeadText(mail.text ?? "");
  if (!lead) {
    await recordInboxFailure(
      db,
      "angi",
      `An e-mail (“${subject}”) names no customer or phone: not taken as a lead.`,
    );
    return "ignored";
  }
  const messageId =
    mail.messageId?.trim() || `sha256:${createHash("sha256").update(raw).digest("hex")}`;
  const { created } = await takePartnerLead(db, "angi", messageId.slice(0, 300), {
    name: lead.name,
    phone: lead.phone ?? "",
    email: lead.email,
    serviceType: serviceTypeFromWords(lead.description, subject),
    zip: lead.zip,
    address: lead.address,
    details: lead.description,
  });
  return created ? "created" : "duplicate";
}
