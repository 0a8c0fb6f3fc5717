import webpush from "web-push";
import type { PushNotice } from "~/lib/push/push-notice";
import type { Db } from "../db/database.server";
import { logger } from "../logger.server";
import {
  dropPushSubscription,
  listPushSubscriptions,
  markPushed,
  operatorPushSubscriptions,
  type PushSubscriptionRow,
} from "./push-subscriptions.server";
import { vapidKeys } from "./vapid.server";

export interface PushOutcome {
  sent: number;
  /** Subscriptions the push service no longer knows (404/410), removed. */
  dropped: number;
  failed: number;
}

/** Who we are to the push services (VAPID `sub`): the business's email. */
export interface PushSender {
  contactEmail: string;
}

/** A notice to every approved operator's subscribed devices. */
export async function pushToOperators(
  db: Db,
  sender: PushSender,
  notice: PushNotice,
  now = new Date(),
): Promise<PushOutcome> {
  return pushTo(db, sender, await operatorPushSubscriptions(db), notice, now);
}

/** A notice to one operator's devices (Profile's test). */
export async function pushToUser(
  db: Db,
  sender: PushSender,
  userId: string,
  notice: PushNotice,
  now = new Date(),
): Promise<PushOutcome> {
  return pushTo(db, sender, await listPushSubscriptions(db, userId), notice, now);
}

/**
 * Sends a notice to each subscription, at once and in parallel. A subscription the push
 * service says is gone (404/410) is deleted; any other failure is logged and left for next
 * time (the in-page alert and the texted escalation still reach someone).
 */
async function pushTo(
  db: Db,
  sender: PushSender,
  subscriptions: PushSubscriptionRow[],
  notice: PushNotice,
  now: Date,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, dropped: 0, failed: 0 };
  if (subscriptions.length === 0) return outcome;
  const keys = await vapidKeys(db);
  const payload = JSON.stringify(notice);
  await Promise.all(
    subscriptions.map(async (subscription) => {
      // web-push encrypts and signs (RFC 8291, VAPID); the request itself goes by fetch, so
      // the one transport has a timeout of ours and works with any push service address.
      const request = webpush.generateRequestDetails(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        payload,
        {
          vapidDetails: {
            subject: `mailto:${sender.contactEmail}`,
            publicKey: keys.publicKey,
            privateKey: keys.privateKey,
          },
          // A request is news for minutes, not hours; "high" wakes a sleeping phone.
          TTL: 600,
          urgency: "high",
          topic: notice.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32) || undefined,
        },
      );
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : undefined,
          signal: AbortSignal.timeout(5_000),
        });
        if (response.ok) {
          outcome.sent += 1;
          await markPushed(db, subscription.endpoint, now);
        } else if (response.status === 404 || response.status === 410) {
          outcome.dropped += 1;
          await dropPushSubscription(db, subscription.endpoint);
        } else {
          outcome.failed += 1;
          logger.warn(
            { status: response.status, device: subscription.device },
            "A push service refused a notification",
          );
        }
      } catch (error) {
        outcome.failed += 1;
        logger.warn({ err: error, device: subscription.device }, "A push notification failed");
      }
    }),
  );
  return outcome;
}
