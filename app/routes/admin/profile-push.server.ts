import type { RouterContextProvider } from "react-router";
import { describeUserAgent } from "~/lib/auth/user-agent";
import { FAILURE, RULE } from "~/lib/ui-text";
import { userContext } from "~/server/auth/session.server";
import {
  removePushSubscription,
  savePushSubscription,
} from "~/server/push/push-subscriptions.server";
import { pushToUser } from "~/server/push/push-sender.server";
import { endpointProblem, validPushKeys } from "~/server/push/push-endpoint.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { IntentHandler } from "~/server/route-helpers/intents.server";
import { RuleError } from "~/server/rule-error.server";

/*
 * Profile → Alerts on this device: a browser's push subscription kept for the operator
 * (the page subscribes with the server's VAPID key and posts the result), a device removed,
 * a test notification to all of the operator's devices.
 */

type Handlers = {
  "push-subscribe": IntentHandler<{ endpoint: string; p256dh: string; auth: string }>;
  "push-remove": IntentHandler<{ subscriptionId: string }>;
  "push-test": IntentHandler<unknown>;
};

export function pushIntents(request: Request, context: Readonly<RouterContextProvider>): Handlers {
  const { database, env } = context.get(servicesContext);
  const user = context.get(userContext);
  return {
    "push-subscribe": {
      failure: FAILURE.savePushDevice,
      run: async ({ endpoint, p256dh, auth }) => {
        if (await endpointProblem(endpoint, env.WEB_PUSH_TEST_SERVICE)) {
          throw new RuleError(RULE.pushServiceRefused);
        }
        if (!validPushKeys({ p256dh, auth })) throw new RuleError(RULE.pushKeysRefused);
        await savePushSubscription(database.db, user.id, {
          endpoint,
          keys: { p256dh, auth },
          device: describeUserAgent(request.headers.get("User-Agent")),
        });
        return {
          toast: {
            title: "Notifications on",
            description: "This device will be told of new requests and escalations.",
          },
        };
      },
    },
    "push-remove": {
      failure: FAILURE.removePushDevice,
      run: async ({ subscriptionId }) => {
        const removed = await removePushSubscription(database.db, user.id, subscriptionId);
        return {
          toast: removed
            ? { title: "Device removed", description: "It gets no more notifications." }
            : { type: "info", title: "Already removed", description: "That device was gone." },
        };
      },
    },
    "push-test": {
      failure: FAILURE.testPush,
      run: async () => {
        const outcome = await pushToUser(
          database.db,
          { contactEmail: env.BUSINESS_EMAIL, testService: env.WEB_PUSH_TEST_SERVICE },
          user.id,
          {
            title: "Test notification",
            body: "Notifications reach this device.",
            url: "/admin/profile",
            tag: "test",
          },
        );
        return {
          toast:
            outcome.sent > 0
              ? {
                  title: "Test notification sent",
                  description: `Sent to ${outcome.sent} ${outcome.sent === 1 ? "device" : "devices"}.`,
                }
              : {
                  type: "info",
                  title: "No device got it",
                  description: "Turn notifications on for this device first.",
                },
        };
      },
    },
  };
}
