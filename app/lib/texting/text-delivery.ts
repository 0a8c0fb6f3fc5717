import type { MessageStatus } from "../business-enums";

/*
 * What Twilio tells us about texts: delivery reports for ours, and the keywords in texts
 * that come in (US carriers' opt-out words, as Twilio honours them).
 */

/** Twilio's MessageStatus as ours; undefined for a status we do not track. */
export function fromTwilioStatus(reported: string): MessageStatus | undefined {
  switch (reported.toLowerCase()) {
    case "accepted":
    case "scheduled":
    case "queued":
    case "sending":
    case "sent":
      return "sent";
    case "delivered":
    case "read":
      return "delivered";
    case "undelivered":
      return "undelivered";
    case "failed":
    case "canceled":
      return "failed";
    default:
      return undefined;
  }
}

const RANK: Partial<Record<MessageStatus, number>> = {
  queued: 1,
  sending: 1,
  interrupted: 1,
  unsent: 1,
  dropped: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
};

/**
 * The status after a report: reports arrive out of order ("sent" after "delivered"), so a
 * text only moves forward, and an outcome (delivered, undelivered, failed) is final.
 */
export function statusAfterReport(
  current: MessageStatus,
  reported: MessageStatus,
): MessageStatus | undefined {
  const from = RANK[current];
  const to = RANK[reported];
  if (from === undefined || to === undefined || to <= from) return undefined;
  return reported;
}

const OPT_OUT = new Set([
  "stop",
  "stopall",
  "unsubscribe",
  "cancel",
  "end",
  "quit",
  "revoke",
  "optout",
]);
const OPT_IN = new Set(["start", "unstop", "yes"]);

/** An incoming text that is an opt-out or opt-in keyword (the whole text, any case). */
export function optKeyword(body: string): "opt_out" | "opt_in" | undefined {
  const word = body
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, "");
  if (OPT_OUT.has(word)) return "opt_out";
  if (OPT_IN.has(word)) return "opt_in";
  return undefined;
}
