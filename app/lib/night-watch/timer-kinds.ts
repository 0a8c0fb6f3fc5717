/*
 * The night watch's timers (decision 0028): what each kind does when it fires, and how a
 * lead's chain of automatic offers can end.
 */

/**
 * pending → claimed (leased to one worker) → done; cancelled when no longer wanted; dead when
 * its tries ran out (decision 0060: an owner retries or drops it).
 */
export const TIMER_STATES = ["pending", "claimed", "done", "cancelled", "dead"] as const;

export const TIMER_KINDS = [
  /** Offer the lead to the next eligible locksmith (or escalate when none is left). */
  "auto_offer",
  /** An automatic offer's time is up: pass it on unless it was answered. */
  "offer_expiry",
  /** Call the on-call operator and say the alert (where Twilio is configured). */
  "voice_call",
  /** Push a notice to every operator's devices (a new request, an alert: decision 0033). */
  "operator_push",
  /** Wake the next person on a lead's escalation ladder, then again later (decision 0051). */
  "escalation",
  /** Check every open lead against the clock rules, then again a moment later. */
  "clock_rules",
  /** A verified review's moderation window has passed: it goes live unless hidden for a reason. */
  "review_publish",
  /** E-mail a completed job's receipt to the address the customer gave (issue 44). */
  "receipt_mail",
  /** A locksmith's changed estimate, held by the 5-minute pause, texted to the customer. */
  "eta_text",
  /** A compliance document's last day is 30 or 7 days away: tell the office (issue 45). */
  "compliance_reminder",
  /** A payment plan's instalment is due today: text the customer its amount and their page. */
  "instalment_due",
  /** Delete finished timers older than the owner's setting, then again an hour later. */
  "prune_finished",
  /** Empty the door-opening records past their retention (issue 49), then again an hour later. */
  "purge_door_checks",
  /** Delete recordings past the retention (here and at Twilio), then again an hour later. */
  "recording_purge",
  /** Pull Google Local Services leads (issue 51), then again 5 minutes later while connected. */
  "lsa_pull",
  /** Send an office reply to a Thumbtack lead through Thumbtack's API (issue 51). */
  "thumbtack_reply",
  /** Send an office reply to a Google Local Services message lead through the Google Ads API. */
  "lsa_reply",
] as const;
export type TimerKind = (typeof TIMER_KINDS)[number];

/** running: an offer stands or is about to; the rest are how the chain ended. */
export const AUTO_DISPATCH_STATES = ["running", "accepted", "stopped", "escalated"] as const;
export type AutoDispatchState = (typeof AUTO_DISPATCH_STATES)[number];
