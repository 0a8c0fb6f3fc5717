import type { TimerKind } from "~/lib/night-watch/timer-kinds";
import { formatPhone } from "~/lib/phone";

/*
 * Failed background work in words (decision 0060): what an owner reads in Settings → Failed
 * background work and in the alert when something goes dead. A timer says what it was for
 * and whose request; a text who it was to and about what.
 */

/** What each timer kind was doing, as the owner's list says it. */
export const TIMER_WORK_LABELS: Record<TimerKind, string> = {
  auto_offer: "Automatic offer to a locksmith",
  offer_expiry: "End of an automatic offer",
  voice_call: "Phone call to the on-call operator",
  operator_push: "Notice to the office's phones",
  escalation: "Escalation",
  clock_rules: "Clock rules check",
  review_publish: "Review going live",
  receipt_mail: "Receipt e-mail",
  compliance_reminder: "Compliance reminder",
  instalment_due: "Text that a payment plan instalment is due",
  eta_text: "Changed arrival time text",
  prune_finished: "Clearing out finished background work",
  purge_door_checks: "Purging door-opening records past their retention",
  recording_purge: "Deleting recordings past their retention",
  lsa_pull: "Pulling Google Local Services leads",
  thumbtack_reply: "Reply to a Thumbtack lead",
  lsa_reply: "Reply to a Google Local Services lead",
};

export type FailedWorkSubject =
  | { work: "timer"; kind: string; leadName: string | null }
  | { work: "text"; to: string; leadName: string | null; locksmithName: string | null };

/** "Escalation for Dana Cole's request", "Text to (708) 555-0142 about Dana Cole's request". */
export function describeWork(subject: FailedWorkSubject): string {
  const request = subject.leadName ? `${subject.leadName}'s request` : null;
  if (subject.work === "timer") {
    const label = TIMER_WORK_LABELS[subject.kind as TimerKind] ?? subject.kind.replaceAll("_", " ");
    return request ? `${label} for ${request}` : label;
  }
  const to = `Text to ${subject.locksmithName ?? formatPhone(subject.to)}`;
  return request ? `${to} about ${request}` : to;
}

/** Errors a person would not know, said in words; any other error as it was recorded. */
const ERROR_WORDS: [RegExp, string][] = [
  [
    /ECONNREFUSED|connection refused/i,
    "The other service refused the connection (it may be down).",
  ],
  [/ETIMEDOUT|timed? ?out|timeout/i, "The other service did not answer in time."],
  [/ECONNRESET|connection reset|socket hang up/i, "The connection dropped in the middle."],
  [/ENOTFOUND|EAI_AGAIN/i, "The other service's address could not be found (no network?)."],
];

/** The last error of failed work, in words. */
export function errorInWords(error: string | null): string {
  if (!error?.trim()) return "No error was recorded.";
  const known = ERROR_WORDS.find(([pattern]) => pattern.test(error));
  return known ? `${known[1]} (${error})` : error;
}
