import { and, desc, eq, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { formatCustomerId, type LsaDisputeReason } from "~/lib/lead-inbox/lsa";
import { recordActivity } from "../activity/activity.server";
import type { Db } from "../db/database.server";
import { lsaConnection, lsaLeads, type LsaLeadRow } from "../db/lead-inbox-tables.server";
import { timers } from "../db/night-watch-tables.server";
import { RuleError } from "../rule-error.server";
import type { TinCipher } from "../tax/tin-cipher.server";
import {
  GoogleAdsError,
  LSA_TOKEN_TEXT,
  sealRefreshToken,
  type GoogleAdsApi,
} from "./google-ads.server";
import { readLsaConnection } from "./lsa-pull.server";

/*
 * Connecting Google Local Services in Settings → Sources (issue 51, decision 0072): the
 * owner's customer ID and refresh token are kept server-side (the token sealed with
 * TIN_ENCRYPTION_KEY's cipher, and never sent back to a browser), the `lsa_pull` timer is set to pull at once, and Disconnect stops it.
 */

export const LSA_PULL_KEY = "lsa_pull";

/** What Settings → Sources shows of the connection (never the token). */
export interface LsaConnectionView {
  customerId: string;
  connectedAt: Date;
  lastPullAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
}

export async function lsaConnectionView(db: Db): Promise<LsaConnectionView | null> {
  const row = await readLsaConnection(db);
  if (!row) return null;
  return {
    customerId: formatCustomerId(row.customerId),
    connectedAt: row.connectedAt,
    lastPullAt: row.lastPullAt,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt,
  };
}

/**
 * Connects (or reconnects with a new token): the pull runs at once, then every 5 minutes.
 * The token is stored sealed; with no key to seal it (`cipher` null) nothing is stored.
 */
export async function connectLsa(
  db: Db,
  connect: { customerId: string; refreshToken: string },
  actor: Actor,
  cipher: TinCipher | null,
  now = new Date(),
): Promise<void> {
  if (!cipher) throw new RuleError(LSA_TOKEN_TEXT.noKey);
  const input = {
    customerId: connect.customerId,
    refreshToken: sealRefreshToken(cipher, connect.refreshToken, connect.customerId),
  };
  await db.transaction(async (tx) => {
    const before = await readLsaConnection(tx);
    const sameAccount = before?.customerId === input.customerId;
    await tx
      .insert(lsaConnection)
      .values({ id: "google", ...input, connectedAt: now })
      .onConflictDoUpdate({
        target: lsaConnection.id,
        set: {
          ...input,
          connectedAt: now,
          lastError: null,
          lastErrorAt: null,
          // Another account starts from its own first pull.
          ...(sameAccount ? {} : { pulledThrough: null, lastPullAt: null }),
        },
      });
    // A timer left dead or cancelled by an old connection is set pending again, from now.
    await tx
      .insert(timers)
      .values({ kind: "lsa_pull", key: LSA_PULL_KEY, dueAt: now, payload: {} })
      .onConflictDoUpdate({
        target: timers.key,
        set: {
          state: sql`case when ${timers.state} = 'claimed' then ${timers.state} else 'pending' end`,
          dueAt: now,
          tries: 0,
          lastError: null,
        },
      });
    await recordActivity(tx, {
      actor,
      entity: "lsa_connection",
      entityId: "google",
      action: before ? "lsa_reconnected" : "lsa_connected",
      after: { customerId: formatCustomerId(input.customerId) },
    });
  });
}

export async function disconnectLsa(db: Db, actor: Actor, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(lsaConnection).where(eq(lsaConnection.id, "google")).returning();
    if (!gone) return;
    await tx
      .update(timers)
      .set({ state: "cancelled", firedAt: now })
      .where(and(eq(timers.key, LSA_PULL_KEY), eq(timers.state, "pending")));
    await recordActivity(tx, {
      actor,
      entity: "lsa_connection",
      entityId: "google",
      action: "lsa_disconnected",
      before: { customerId: formatCustomerId(gone.customerId) },
    });
  });
}

/** The lead's Local Services lead (the newest, if a caller came through twice). */
export async function lsaLeadOf(db: Db, leadId: string): Promise<LsaLeadRow | undefined> {
  const [row] = await db
    .select()
    .from(lsaLeads)
    .where(eq(lsaLeads.leadId, leadId))
    .orderBy(desc(lsaLeads.googleCreatedAt))
    .limit(1);
  return row;
}

export const LSA_DISPUTE_TEXT = {
  notLsa: "This lead did not come from Google Local Services.",
  notConnected: "Google Local Services is not connected: connect it in Settings → Sources.",
  already: "This lead was already reported to Google.",
  otherNeedsComment: "Say what was wrong with it: Google asks for words with “Another reason”.",
} as const;

/**
 * "Not a real lead": the reason is sent to Google as lead feedback (very dissatisfied, with
 * the reason), then kept with Google's credit decision; the lead's timeline says so.
 */
export async function disputeLsaLead(
  db: Db,
  api: GoogleAdsApi | undefined,
  input: { leadId: string; reason: LsaDisputeReason; comment?: string },
  actor: Actor,
  now = new Date(),
): Promise<{ creditDecision: string | null }> {
  const lsa = await lsaLeadOf(db, input.leadId);
  if (!lsa) throw new RuleError(LSA_DISPUTE_TEXT.notLsa);
  if (lsa.disputedAt) throw new RuleError(LSA_DISPUTE_TEXT.already);
  const connection = await readLsaConnection(db);
  if (!connection || !api) throw new RuleError(LSA_DISPUTE_TEXT.notConnected);
  const comment = input.comment?.trim() || undefined;
  if (input.reason === "OTHER_DISSATISFIED_REASON" && !comment) {
    throw new RuleError(LSA_DISPUTE_TEXT.otherNeedsComment, { field: "comment" });
  }
  const creditDecision = await api
    .provideLeadFeedback(
      { customerId: connection.customerId, refreshToken: connection.refreshToken },
      lsa.resourceName,
      input.reason,
      comment,
    )
    .catch((error: unknown) => {
      // Google's refusal in words, as the owner can act on it (reconnect, try later).
      if (error instanceof GoogleAdsError) throw new RuleError(error.message, { status: 503 });
      throw error;
    });
  await db.transaction(async (tx) => {
    await tx
      .update(lsaLeads)
      .set({ disputeReason: input.reason, disputedAt: now, creditDecision, updatedAt: now })
      .where(eq(lsaLeads.id, lsa.id));
    await recordActivity(tx, {
      actor,
      entity: "lead",
      entityId: input.leadId,
      action: "lsa_disputed",
      after: { reason: input.reason, comment: comment ?? null, creditDecision },
      leadId: input.leadId,
    });
  });
  return { creditDecision };
}
