import { and, asc, eq, ne } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import type { RetryPolicy } from "~/lib/background/retry-policy";
import { TIMER_RETRY } from "~/lib/background/retry-policy";
import type { Db } from "../db/database.server";
import { partnerMessages, type PartnerMessage } from "../db/partner-lead-tables.server";
import type { Timer } from "../db/night-watch-tables.server";
import { finishTimer } from "../background/timers.server";
import { RuleError } from "../rule-error.server";
import { queuePartnerReply } from "./partner-replies.server";
import {
  dropThumbtackAccessToken,
  thumbtackAccessToken,
  ThumbtackAuthError,
  thumbtackOAuthFromEnv,
  type ThumbtackOAuth,
  type ThumbtackOAuthEnv,
} from "./thumbtack-auth.server";
import { externalIdOf, recordInboxFailure } from "./thumbtack-angi-store.server";

/*
 * Replies to a Thumbtack lead from its page (issue 51, decision 0073): kept as a "sending"
 * message and sent by a durable timer through Thumbtack's API (POST
 * /api/v4/negotiations/{id}/messages, the business's OAuth token: renewed from its refresh
 * token by thumbtack-auth.server.ts, or the static one). A refused or unanswered
 * try is tried again with the timers' backoff, THUMBTACK_REPLY_TRIES times in all; then the
 * reply is "failed", with Thumbtack's answer in words, and the owner may retry it from
 * Failed background work.
 */

export const THUMBTACK_REPLY_TRIES = 5;
export const THUMBTACK_REPLY_POLICY: RetryPolicy = {
  ...TIMER_RETRY,
  maxAttempts: THUMBTACK_REPLY_TRIES,
};
/** A try that Thumbtack has not answered in this long is given up (and tried again later). */
const REPLY_TIMEOUT_MS = 15_000;

export interface ThumbtackApi {
  base: string;
  /** A static access token (THUMBTACK_ACCESS_TOKEN), used when no OAuth client is configured. */
  token: string | undefined;
  /** The OAuth client and refresh token that renew the access token. */
  oauth?: ThumbtackOAuth;
  fetch?: typeof fetch;
}

export const THUMBTACK_TEXT = {
  notThumbtack: "This lead did not come from Thumbtack.",
  notConfigured:
    "Replies to Thumbtack are not set up here (THUMBTACK_CLIENT_ID, THUMBTACK_CLIENT_SECRET and THUMBTACK_REFRESH_TOKEN, or THUMBTACK_ACCESS_TOKEN).",
};

type ThumbtackEnv = ThumbtackOAuthEnv & { THUMBTACK_API_BASE: string };

/** The API as the env configures it: the OAuth client when set, else the static token. */
export function thumbtackApiFromEnv(env: ThumbtackEnv): ThumbtackApi {
  return {
    base: env.THUMBTACK_API_BASE,
    token: env.THUMBTACK_ACCESS_TOKEN,
    oauth: thumbtackOAuthFromEnv(env),
  };
}

/** The lead's Thumbtack conversation, oldest first; undefined for a lead not from Thumbtack. */
export async function readThumbtackThread(db: Db, leadId: string) {
  const negotiationId = await externalIdOf(db, "thumbtack", leadId);
  if (!negotiationId) return undefined;
  const messages = await db
    .select()
    .from(partnerMessages)
    .where(
      and(eq(partnerMessages.provider, "thumbtack"), eq(partnerMessages.threadId, negotiationId)),
    )
    .orderBy(asc(partnerMessages.createdAt), asc(partnerMessages.id))
    .limit(200);
  return { negotiationId, messages };
}

/** Keeps the office's reply and schedules its sending, in one transaction. */
export async function queueThumbtackReply(
  db: Db,
  api: ThumbtackApi,
  leadId: string,
  body: string,
  actor: Actor,
): Promise<PartnerMessage> {
  if (!api.token && !api.oauth) throw new RuleError(THUMBTACK_TEXT.notConfigured);
  const negotiationId = await externalIdOf(db, "thumbtack", leadId);
  if (!negotiationId) throw new RuleError(THUMBTACK_TEXT.notThumbtack, { notFound: true });
  return queuePartnerReply(db, {
    provider: "thumbtack",
    threadId: negotiationId,
    leadId,
    body,
    actor,
  });
}

/** Thumbtack refused or did not answer: the words the lead page and Settings show. */
export class ThumbtackSendError extends Error {
  override name = "ThumbtackSendError";
}

/** The access token to send now (renewed when it has expired); the refusal in words. */
async function accessToken(api: ThumbtackApi): Promise<string> {
  if (!api.oauth) {
    if (!api.token) throw new ThumbtackSendError(THUMBTACK_TEXT.notConfigured);
    return api.token;
  }
  try {
    return await thumbtackAccessToken(api.oauth);
  } catch (error) {
    if (error instanceof ThumbtackAuthError) throw new ThumbtackSendError(error.message);
    throw error;
  }
}

async function postToThumbtack(api: ThumbtackApi, negotiationId: string, text: string) {
  const url = `${api.base.replace(/\/+$/, "")}/api/v4/negotiations/${encodeURIComponent(negotiationId)}/messages`;
  const send = async () => {
    const token = await accessToken(api);
    try {
      return await (api.fetch ?? fetch)(url, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ text }),
        signal: AbortSignal.timeout(REPLY_TIMEOUT_MS),
      });
    } catch {
      throw new ThumbtackSendError("Thumbtack could not be reached.");
    }
  };
  let response = await send();
  if (response.status === 401 && api.oauth) {
    // Expired or revoked before its time: a 401 posted nothing, so renew once and send again.
    dropThumbtackAccessToken(api.oauth);
    response = await send();
  }
  if (response.status === 401 || response.status === 403) {
    throw new ThumbtackSendError(
      `Thumbtack refused the access token (${response.status}): it may have expired.`,
    );
  }
  if (!response.ok) {
    throw new ThumbtackSendError(`Thumbtack answered ${response.status}.`);
  }
  const answer = (await response.json().catch(() => ({}))) as { messageID?: unknown };
  return typeof answer.messageID === "string" || typeof answer.messageID === "number"
    ? String(answer.messageID)
    : null;
}

/**
 * The timer's effect: sends the reply, then marks it sent (a crash in between sends it once
 * more, like a text). A failure is kept on the message in words, and thrown for the timer to
 * be tried again (or be dead after its last try).
 */
export async function fireThumbtackReply(db: Db, api: ThumbtackApi, timer: Timer): Promise<void> {
  const { messageId } = timer.payload as { messageId?: string };
  const [message] = messageId
    ? await db.select().from(partnerMessages).where(eq(partnerMessages.id, messageId))
    : [];
  if (!message || message.status === "sent") {
    await db.transaction((tx) => finishTimer(tx, timer));
    return;
  }
  let externalId: string | null;
  try {
    externalId = await postToThumbtack(api, message.threadId, message.body);
  } catch (error) {
    const words = error instanceof ThumbtackSendError ? error.message : "The reply failed.";
    const last = timer.tries >= THUMBTACK_REPLY_TRIES;
    await db
      .update(partnerMessages)
      .set({ lastError: words, status: last ? "failed" : "sending" })
      .where(eq(partnerMessages.id, message.id));
    await recordInboxFailure(db, "thumbtack", `A reply was not sent: ${words}`);
    throw error;
  }
  await db.transaction(async (tx) => {
    // Thumbtack's webhook may have brought our own reply back first: one copy is kept.
    if (externalId) {
      await tx
        .delete(partnerMessages)
        .where(
          and(
            eq(partnerMessages.provider, "thumbtack"),
            eq(partnerMessages.externalId, externalId),
            ne(partnerMessages.id, message.id),
          ),
        );
    }
    await tx
      .update(partnerMessages)
      .set({ status: "sent", externalId, sentAt: new Date(), lastError: null })
      .where(eq(partnerMessages.id, message.id));
    await finishTimer(tx, timer);
  });
}
