import webpush from "web-push";
import type { PushNotice } from "~/lib/push/push-notice";
import type { Db } from "../db/database.server";
import { logger } from "../logger.server";
import { sendPushRequest } from "./push-endpoint.server";
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
  /** The subscriptions this notice is done with (sent or dropped): a retry skips them. */
  done: string[];
}

/** Who we are to the push services (VAPID `sub`): the business's email. */
export interface PushSender {
  contactEmail: string;
  /** A local push service a test runs (WEB_PUSH_TEST_SERVICE), exempt from the address checks. */
  testService?: string;
}

/**
 * A notice to every approved operator's subscribed devices, less those in `skip` (the
 * devices an earlier try of the same notice already reached).
 */
export async function pushToOperators(
  db: Db,
  sender: PushSender,
  notice: PushNotice,
  skip: ReadonlySet<string> = new Set(),
  now = new Date(),
): Promise<PushOutcome> {
  const subscriptions = await operatorPushSubscriptions(db);
  return pushTo(
    db,
    sender,
    subscriptions.filter((row) => !skip.has(row.id)),
    notice,
    now,
  );
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
 * Sends a notice to each subscription, at once and in parallel, each on its own: one
 * device's failure (a key that cannot encrypt, a push service down, an address refused)
 * fails that device alone. A subscription the push service says is gone (404/410) is
 * deleted; any other failure is logged and counted (the in-page alert and the texted
 * escalation still reach someone).
 */
async function pushTo(
  db: Db,
  sender: PushSender,
  subscriptions: PushSubscriptionRow[],
  notice: PushNotice,
  now: Date,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, dropped: 0, failed: 0, done: [] };
  if (subscriptions.length === 0) return outcome;
  const keys = await vapidKeys(db);
  const payload = JSON.stringify(notice);
  await Promise.all(
    subscriptions.map(async (subscription) => {
      try {
        // web-push encrypts and signs (RFC 8291, VAPID); the request itself is ours
        // (push-endpoint.server.ts): internal addresses refused as it connects, no redirects.
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
        const status = await sendPushRequest(
          {
            endpoint: request.endpoint,
            method: request.method,
            headers: request.headers as Record<string, string>,
            body: request.body,
          },
          sender.testService,
        );
        if (status >= 200 && status < 300) {
          outcome.sent += 1;
          outcome.done.push(subscription.id);
          await markPushed(db, subscription.endpoint, now);
        } else if (status === 404 || status === 410) {
          outcome.dropped += 1;
          outcome.done.push(subscription.id);
          await dropPushSubscription(db, subscription.endpoint);
        } else {
          // A redirect is a failure too: a push service answers 201, it never sends us on.
          outcome.failed += 1;
          logger.warn(
            { status, device: subscription.device },
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
