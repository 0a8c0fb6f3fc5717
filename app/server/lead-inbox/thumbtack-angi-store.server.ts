import { timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import type { ConnectionView } from "~/lib/lead-inbox/partner-leads";
import type { Db } from "../db/database.server";
import { leadInboxConnections, partnerLeads } from "../db/partner-lead-tables.server";
import { marketingSources } from "../db/source-tables.server";
import { recordActivity } from "../activity/activity.server";
import { createLead, type NewLead } from "../leads/leads.server";
import { logger } from "../logger.server";
import { thumbtackRepliesConfigured, type ThumbtackOAuthEnv } from "./thumbtack-auth.server";

/*
 * What Thumbtack's webhooks and Angi's e-mails share (issue 51, decision 0073): a lead is
 * stored once under the source's own id for it, gets the source's name (the source is made
 * in Settings → Sources if missing), and arrives like a website request (it wakes the
 * operators and shows live on the dashboard). Each connection keeps its last lead and last
 * error for Settings → Sources; every lead and every failure is in the activity log.
 */

export type Provider = "thumbtack" | "angi";

/** The source's name on its leads and in Settings → Sources. */
export const PROVIDER_SOURCE: Record<Provider, string> = { thumbtack: "Thumbtack", angi: "Angi" };

/** The activity log's entity for a connection's events. */
export const INBOX_ENTITY = "lead_inbox";

export const providerActor = (provider: Provider): Actor => ({
  kind: "webhook",
  name: PROVIDER_SOURCE[provider],
});

/** The password of an HTTP Basic "Authorization" header equals `secret` (in constant time). */
function basicPasswordMatches(header: string | null, secret: string): boolean {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim()) : null;
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon === -1) return false;
  const given = Buffer.from(decoded.slice(colon + 1));
  const wanted = Buffer.from(secret);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * The webhook's door: a Response to answer at once when the request may not come in (404 when
 * `secret` is unset, so the endpoint does not exist here; 401, logged, when the HTTP Basic
 * password does not match), else undefined and the request is read.
 */
export function refusedWebhook(
  request: Request,
  secret: string | undefined,
  words: { notSetUp: string; refused: string },
): Response | undefined {
  if (!secret) return plain(404, `Not Found: ${words.notSetUp}`);
  if (basicPasswordMatches(request.headers.get("authorization"), secret)) return undefined;
  logger.warn(words.refused);
  return unauthorized();
}

export const plain = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...headers },
  });

const unauthorized = () =>
  plain(401, "Unauthorized: the webhook's password does not match.", {
    "WWW-Authenticate": 'Basic realm="lockline-webhooks"',
  });

export async function readConnection(db: Db, provider: Provider) {
  const [row] = await db
    .select()
    .from(leadInboxConnections)
    .where(eq(leadInboxConnections.provider, provider));
  return row;
}

/** Each connection as Settings → Sources shows it (off until turned on). */
export async function readConnections(db: Db): Promise<ConnectionView[]> {
  const rows = await db.select().from(leadInboxConnections);
  return (["thumbtack", "angi"] as const).map((provider) => {
    const row = rows.find((candidate) => candidate.provider === provider);
    return {
      provider,
      enabled: row?.enabled ?? false,
      lastLeadAt: row?.lastLeadAt ?? null,
      lastError: row?.lastError ?? null,
      lastErrorAt: row?.lastErrorAt ?? null,
    };
  });
}

/** Turns a connection on or off (Angi gets its forwarding address's token the first time). */
export async function setConnection(
  db: Db,
  provider: Provider,
  enabled: boolean,
  actor: Actor,
  newToken: () => string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const token = provider === "angi" ? newToken() : null;
    await tx
      .insert(leadInboxConnections)
      .values({ provider, enabled, addressToken: token })
      .onConflictDoUpdate({
        target: leadInboxConnections.provider,
        set: {
          enabled,
          addressToken: sql`coalesce(${leadInboxConnections.addressToken}, excluded.address_token)`,
        },
      });
    await recordActivity(tx, {
      actor,
      entity: INBOX_ENTITY,
      entityId: provider,
      action: enabled ? "connection_on" : "connection_off",
      after: { source: PROVIDER_SOURCE[provider] },
    });
  });
}

/**
 * Something a source sent could not be taken (turned off, unreadable, refused): kept as the
 * connection's last error, in words, and in the activity log.
 */
export async function recordInboxFailure(
  db: Db,
  provider: Provider,
  error: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(leadInboxConnections)
      .values({ provider, lastError: error, lastErrorAt: now })
      .onConflictDoUpdate({
        target: leadInboxConnections.provider,
        set: { lastError: error, lastErrorAt: now },
      });
    await recordActivity(tx, {
      actor: providerActor(provider),
      entity: INBOX_ENTITY,
      entityId: provider,
      action: "failed",
      after: { source: PROVIDER_SOURCE[provider], error },
    });
  });
}

export type PartnerLeadInput = Omit<NewLead, "source" | "attribution" | "requestId">;

/**
 * The source's lead `externalId` as a Lockline lead, made once: a delivery sent again (or two
 * at once) finds the first one's row and makes nothing. Returns the lead's id, and whether it
 * was made now.
 */
export async function takePartnerLead(
  db: Db,
  provider: Provider,
  externalId: string,
  input: PartnerLeadInput,
  now = new Date(),
): Promise<{ leadId: string | null; created: boolean }> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(partnerLeads)
      .values({ provider, externalId })
      .onConflictDoNothing()
      .returning();
    if (!claimed) {
      const [first] = await tx
        .select({ leadId: partnerLeads.leadId })
        .from(partnerLeads)
        .where(
          sql`${partnerLeads.provider} = ${provider} and ${partnerLeads.externalId} = ${externalId}`,
        );
      return { leadId: first?.leadId ?? null, created: false };
    }
    const sourceName = PROVIDER_SOURCE[provider];
    await tx.insert(marketingSources).values({ name: sourceName }).onConflictDoNothing();
    // "web": it came in by itself over the internet, like a website request (decision 0073).
    const lead = await createLead(
      tx,
      { ...input, source: "web", attribution: { sourceName } },
      providerActor(provider),
    );
    await tx
      .update(partnerLeads)
      .set({ leadId: lead.id })
      .where(
        sql`${partnerLeads.provider} = ${provider} and ${partnerLeads.externalId} = ${externalId}`,
      );
    await tx
      .insert(leadInboxConnections)
      .values({ provider, lastLeadAt: now })
      .onConflictDoUpdate({ target: leadInboxConnections.provider, set: { lastLeadAt: now } });
    await recordActivity(tx, {
      actor: providerActor(provider),
      entity: INBOX_ENTITY,
      entityId: provider,
      action: "lead_received",
      after: { source: sourceName, externalId },
      leadId: lead.id,
    });
    return { leadId: lead.id, created: true };
  });
}

/** The source's id for a lead (Thumbtack's negotiation id), if it came from that source. */
export async function externalIdOf(
  db: Db,
  provider: Provider,
  leadId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ externalId: partnerLeads.externalId })
    .from(partnerLeads)
    .where(sql`${partnerLeads.provider} = ${provider} and ${partnerLeads.leadId} = ${leadId}`);
  return row?.externalId;
}

export interface LeadInboxEnv extends ThumbtackOAuthEnv {
  SITE_URL: string;
  THUMBTACK_WEBHOOK_SECRET?: string;
  ANGI_INBOUND_SECRET?: string;
  ANGI_INBOUND_DOMAIN?: string;
}

/** What Settings → Sources shows of Thumbtack and Angi: each connection and how to set it up. */
export async function readLeadInboxView(db: Db, env: LeadInboxEnv) {
  const [connections, angi] = await Promise.all([readConnections(db), readConnection(db, "angi")]);
  const token = angi?.addressToken;
  return {
    thumbtack: {
      ...connections[0]!,
      webhookUrl: `${env.SITE_URL}/api/webhooks/thumbtack`,
      receives: Boolean(env.THUMBTACK_WEBHOOK_SECRET),
      replies: thumbtackRepliesConfigured(env),
    },
    angi: {
      ...connections[1]!,
      receives: Boolean(env.ANGI_INBOUND_SECRET && env.ANGI_INBOUND_DOMAIN),
      forwardingAddress:
        token && env.ANGI_INBOUND_DOMAIN ? `angi-${token}@${env.ANGI_INBOUND_DOMAIN}` : null,
    },
  };
}
