import { z } from "zod";
import { REPLY_MAX } from "../lead-inbox/partner-leads";
import { intent, requiredText } from "./fields";

/*
 * Thumbtack and Angi (issue 51, decision 0073): turning a connection on or off in Settings →
 * Sources, and a reply to a Thumbtack or Google Local Services lead from its page.
 */

export const LEAD_INBOX_TEXT = {
  replyRequired: "Write the reply",
  saved: "Connection saved",
  saveFailed: "Failed to save the connection",
  replyQueued: "Reply sent to Thumbtack",
  lsaReplyQueued: "Reply sent to Google",
  replyFailed: "Failed to send the reply",
} as const;

const onOff = z.enum(["on", "off"]);

export const leadInboxActionSchema = z.discriminatedUnion("intent", [
  intent("thumbtack-connection", { state: onOff }),
  intent("angi-connection", { state: onOff }),
]);

export const thumbtackReplySchema = z.discriminatedUnion("intent", [
  intent("thumbtack-reply", {
    body: requiredText(LEAD_INBOX_TEXT.replyRequired, REPLY_MAX, "Reply"),
  }),
]);

export const lsaReplySchema = z.discriminatedUnion("intent", [
  intent("lsa-reply", {
    body: requiredText(LEAD_INBOX_TEXT.replyRequired, REPLY_MAX, "Reply"),
  }),
]);
