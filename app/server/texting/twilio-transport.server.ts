import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import type { TextSender } from "./text-settings.server";

/** What the sender needs from a texting service. */
export interface TextTransport {
  /** Hands one text over; resolves with the service's id for it. */
  send(text: { to: string; body: string; statusCallback: string }): Promise<{ sid: string }>;
  /**
   * A text to `to` with this body sent since `since`, if the service has one: asked before
   * trying again after a try that got no answer, so an unanswered try is not sent twice.
   */
  findSent(text: { to: string; body: string; since: Date }): Promise<{ sid: string } | undefined>;
}

import { REQUEST_TIMEOUT_MS } from "./twilio-base.server";

/**
 * Texts through Twilio's Messaging API with the official SDK. Tests hand in `httpClient`
 * (the SDK's own seam) to answer as Twilio would, without a network.
 */
export function twilioTransport(
  sender: Extract<TextSender, { configured: true }>,
  httpClient?: RequestClient,
): TextTransport {
  const client = twilio(sender.accountSid, sender.authToken, {
    httpClient,
    timeout: REQUEST_TIMEOUT_MS,
    // Retries are ours (the outbox), so each try is counted and recorded.
    autoRetry: false,
  });
  const origin = sender.messagingServiceSid
    ? { messagingServiceSid: sender.messagingServiceSid }
    : { from: sender.from! };
  return {
    async send({ to, body, statusCallback }) {
      const message = await client.messages.create({ to, body, statusCallback, ...origin });
      return { sid: message.sid };
    },
    async findSent({ to, body, since }) {
      const recent = await client.messages.list({ to, dateSentAfter: since, limit: 50 });
      const match = recent.find(
        (message) => message.direction !== "inbound" && message.body === body,
      );
      return match ? { sid: match.sid } : undefined;
    },
  };
}
