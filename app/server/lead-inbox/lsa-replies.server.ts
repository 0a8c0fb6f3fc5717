import { and, asc, eq } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import type { RetryPolicy } from "~/lib/background/retry-policy";
import { lsaThreadMessages } from "~/lib/lead-inbox/lsa";
import { recordActivity } from "../activity/activity.server";
import { finishTimer } from "../background/timers.server";
import type { Db } from "../db/database.server";
import type { Timer } from "../db/night-watch-tables.server";
import { partnerMessages, type PartnerMessage } from "../db/partner-lead-tables.server";
import { RuleError } from "../rule-error.server";
import { queuePartnerReply } from "./partner-replies.server";
import { GoogleAdsError, type GoogleAdsApi } from "./google-ads.server";
import { LSA_DISPUTE_TEXT, lsaLeadOf } from "./lsa-connection.server";
import { LSA_SYSTEM, readLsaConnection } from "./lsa-pull.server";
import { THUMBTACK_REPLY_POLICY, THUMBTACK_REPLY_TRIES } from "./thumbtack-replies.server";

/*
 * Replies to a Google Local Services message lead from its page (issue 51, decision 0072), as
 * the Thumbtack reply goes (decision 0073): kept as a "sending" message (partner_messages,
 * provider "lsa", the lead's resource name as its thread) with an `lsa_reply` timer in one
 * transaction; the timer appends it to the lead's conversation through the Google Ads API
 * (`LocalServicesLeadService.AppendLeadConversation`), then marks it sent. A try Google did
 * not take for now (sign-in, unreachable, its own failure) is tried again with the same
 * ceiling as a Thumbtack reply; a reply Google refuses (a closed lead) is failed at once.
 */

export const LSA_REPLY_TRIES = THUMBTACK_REPLY_TRIES;
export const LSA_REPLY_POLICY: RetryPolicy = THUMBTACK_REPLY_POLICY;

export const LSA_REPLY_TEXT = {
  notMessage: "Google takes replies to message leads only: call this customer back instead.",
} as const;

/**
 * A Local Services message lead's conversation for its page: the customer's messages and the
 * office's replies, oldest first; undefined when the lead is not a message lead. Replies can
 * be sent while connected, on a server with the Google Ads API (`apiConfigured`).
 */
export async function readLsaThread(db: Db, leadId: string, apiConfigured: boolean) {
  const lsa = await lsaLeadOf(db, leadId);
  if (!lsa || lsa.leadType !== "MESSAGE") return undefined;
  const [replies, connection] = await Promise.all([
    db
      .select()
      .from(partnerMessages)
      .where(
        and(eq(partnerMessages.provider, "lsa"), eq(partnerMessages.threadId, lsa.resourceName)),
      )
      .orderBy(asc(partnerMessages.createdAt), asc(partnerMessages.id))
      .limit(200),
    readLsaConnection(db),
  ]);
  return {
    messages: lsaThreadMessages(lsa, replies),
    canReply: apiConfigured && Boolean(connection),
  };
}

/** Keeps the office's reply and schedules its sending, in one transaction. */
export async function queueLsaReply(
  db: Db,
  leadId: string,
  body: string,
  actor: Actor,
): Promise<PartnerMessage> {
  const lsa = await lsaLeadOf(db, leadId);
  if (!lsa) throw new RuleError(LSA_DISPUTE_TEXT.notLsa, { notFound: true });
  if (lsa.leadType !== "MESSAGE") throw new RuleError(LSA_REPLY_TEXT.notMessage);
  if (!(await readLsaConnection(db))) throw new RuleError(LSA_DISPUTE_TEXT.notConnected);
  return queuePartnerReply(db, {
    provider: "lsa",
    threadId: lsa.resourceName,
    leadId,
    body,
    actor,
  });
}

/**
 * The timer's effect: appends the reply to the lead's conversation at Google, then marks it
 * sent (a crash in between sends it once more, like a text). A failure is kept on the reply
 * in words; one Google will take later is thrown for the timer to try again.
 */
export async function fireLsaReply(
  db: Db,
  api: GoogleAdsApi | undefined,
  timer: Timer,
): Promise<void> {
  const { messageId } = timer.payload as { messageId?: string };
  const [message] = messageId
    ? await db.select().from(partnerMessages).where(eq(partnerMessages.id, messageId))
    : [];
  if (!message || message.status === "sent" || message.status === "failed") {
    await db.transaction((tx) => finishTimer(tx, timer));
    return;
  }
  const connection = await readLsaConnection(db);
  let conversation: string | null;
  try {
    if (!connection) throw new GoogleAdsError(LSA_DISPUTE_TEXT.notConnected, "notConfigured");
    if (!api) throw new GoogleAdsError("The Google Ads API is not configured", "notConfigured");
    conversation = await api.appendLeadConversation(
      { customerId: connection.customerId, refreshToken: connection.refreshToken },
      message.threadId,
      message.body,
    );
  } catch (error) {
    const said = error instanceof GoogleAdsError ? error.message : "The reply failed";
    const words = /[.!?]$/.test(said) ? said : `${said}.`;
    const final = error instanceof GoogleAdsError && error.final;
    const last = final || timer.tries >= LSA_REPLY_TRIES;
    await db.transaction(async (tx) => {
      await tx
        .update(partnerMessages)
        .set({ lastError: words, status: last ? "failed" : "sending" })
        .where(eq(partnerMessages.id, message.id));
      await recordActivity(tx, {
        actor: LSA_SYSTEM,
        entity: "lead",
        entityId: timer.leadId ?? message.threadId,
        action: "lsa_reply_failed",
        after: { error: words, final: last },
        leadId: timer.leadId,
      });
      // Refused for good: trying again is no use, so the timer ends here.
      if (final) await finishTimer(tx, timer);
    });
    if (final) return;
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(partnerMessages)
      .set({ status: "sent", externalId: conversation, sentAt: new Date(), lastError: null })
      .where(eq(partnerMessages.id, message.id));
    await finishTimer(tx, timer);
  });
}
