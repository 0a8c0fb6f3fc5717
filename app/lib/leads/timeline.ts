import type { ActorKind } from "../activity";
import { actorLabel } from "../activity";
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, SERVICE_TYPE_LABELS } from "./lead-labels";
import { formatCents } from "../money/money";
import { COLLECTOR_LABELS, CUSTOMER_PAYMENT_LABELS } from "../money/collection";
import { LATEST_WORD_FIELDS } from "./latest-word";
import { formatPhone } from "../phone";
import {
  LSA_DISPUTE_REASONS,
  lsaCreditWords,
  lsaDecisionWords,
  type LsaDisputeReason,
} from "../lead-inbox/lsa";
import type { MessagePurpose, MessageStatus } from "../business-enums";
import {
  DISPATCH_CODE_STATUS_LABELS,
  JOB_STATUS_LABELS,
  MESSAGE_PURPOSE_LABELS,
  MESSAGE_STATUS_LABELS,
} from "../status-labels";

/** How a quote was approved, as the timeline says it. */
const APPROVAL_DETAIL: Record<string, string> = {
  customer_page: "Approved on their own phone",
  customer_code: "Approved in person with the code texted to the customer",
  customer_signature: "Approved by signature on the locksmith's device",
  // Before issue 44: a name typed on the locksmith's screen.
  in_person: "Approved in person, on the locksmith's screen",
};
/*
 * A lead's timeline is its activity log read aloud: each entry becomes a sentence a
 * dispatcher understands at a glance ("Dispatched Marcus Reed, code K7Q2ZD"), with who did
 * it. Unknown entries still read as something rather than nothing.
 */

export interface ActivityEntryView {
  id: string;
  at: Date | string;
  actorKind: ActorKind;
  actorName: string | null;
  entity: string;
  entityId: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface TimelineItem {
  id: string;
  at: Date | string;
  /** Who did it: a person's name, or "The customer", "Lockline", ... */
  who: string;
  /** What happened, in a line. */
  what: string;
  /** More: a note's text, what a repeated request said, the fields an edit changed. */
  detail?: string;
  /** Notes and the customer's own words stand out. */
  tone: "note" | "customer" | "event";
  /** The job or code it is about (their short id or code), for a link. */
  ref?: { kind: "job"; id: string } | { kind: "code"; code: string };
}

const FIELD_NAMES: Record<string, string> = {
  name: "name",
  phone: "phone",
  serviceType: "service",
  zip: "ZIP",
  address: "address",
  details: "notes",
};

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value.trim() : null;

const label = <K extends string>(labels: Record<K, string>, value: unknown) =>
  labels[value as K] ?? String(value ?? "");

function fieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "empty";
  if (field === "serviceType") return label(SERVICE_TYPE_LABELS, value);
  if (field === "phone") return formatPhone(String(value));
  return `“${String(value)}”`;
}

/** "address: “8001 S Ashland Ave” → “8100 S Ashland Ave”; ZIP: …", for the fields given. */
function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[],
): string {
  return fields
    .filter((field) => field in after)
    .map(
      (field) =>
        `${FIELD_NAMES[field] ?? field}: ${fieldValue(field, before[field])} → ${fieldValue(field, after[field])}`,
    )
    .join("; ");
}

/** Why the office took a locksmith off a job, as the timeline says it. */
const WITHDRAW_WORDS: Record<string, string> = {
  reassigned: "given to another locksmith",
  cancelled: "cancelled",
  closed: "the office closed it",
  taken_back: "the office took it back",
};

/** "From Andre Davis: stuck on the Dan Ryan", for a reassign. */
function replacedDetail(after: Record<string, unknown>): string | undefined {
  const from = text(after.replacedLocksmithName);
  if (!from) return undefined;
  const reason = text(after.reason);
  return reason ? `From ${from}: ${reason}` : `From ${from}.`;
}

function describeLead(entry: ActivityEntryView): Omit<TimelineItem, "id" | "at" | "who"> {
  const after = entry.after ?? {};
  const before = entry.before ?? {};
  switch (entry.action) {
    case "created":
      return {
        what: `Lead received (${label(LEAD_SOURCE_LABELS, after.source).toLowerCase()})`,
        detail: [label(SERVICE_TYPE_LABELS, after.serviceType), text(after.zip)]
          .filter(Boolean)
          .join(", "),
        tone: "event",
      };
    case "edited":
      return {
        what: "Details edited",
        detail: fieldChanges(before, after, Object.keys(after)),
        tone: "event",
      };
    case "customer_updated":
      return {
        what:
          after.via === "call"
            ? "Took down the caller's new details (Add Lead for the same phone)"
            : "Sent the web form again with new details",
        detail: [
          fieldChanges(before, after, LATEST_WORD_FIELDS),
          text(after.locksmithName) &&
            (after.locksmithTexted
              ? `${text(after.locksmithName)} was texted the change.`
              : `${text(after.locksmithName)} has the job and was not texted.`),
        ]
          .filter(Boolean)
          .join(". "),
        tone: "customer",
      };
    case "status_changed":
      return {
        what: `Status: ${label(LEAD_STATUS_LABELS, before.status)} → ${label(LEAD_STATUS_LABELS, after.status)}`,
        tone: "event",
      };
    case "assigned":
      return {
        what: `${text(after.replacedLocksmithName) ? "Reassigned" : "Assigned"} to ${text(after.locksmithName) ?? "a locksmith"} by phone`,
        detail: replacedDetail(after) ?? "They said yes on the phone: nothing was texted to them.",
        tone: "event",
      };
    case "dispatched":
      return {
        what: `${text(after.replacedLocksmithName) ? "Reassigned to" : "Dispatched"} ${text(after.locksmithName) ?? "a locksmith"}, code ${String(after.code ?? "")}`,
        detail:
          replacedDetail(after) ?? "Offered by text and In Progress; the code was made for them.",
        tone: "event",
        ref: after.code ? { kind: "code", code: String(after.code) } : undefined,
      };
    case "assignment_withdrawn":
      return {
        what: `${text(after.locksmithName) ?? "The locksmith"} taken off the job (${WITHDRAW_WORDS[String(after.reason)] ?? "by the office"})`,
        detail: text(after.note) ?? undefined,
        tone: "event",
      };
    case "offer_expired":
      return {
        what: "The offer expired unanswered",
        detail: "Back to New: send someone else.",
        tone: "event",
      };
    case "reopened":
      return {
        what: `Reopened (was ${label(LEAD_STATUS_LABELS, before.status)})`,
        detail: text(after.reason) ?? undefined,
        tone: "note",
      };
    case "followed_job":
      return {
        what:
          after.jobStatus === "completed"
            ? "Completed with its job"
            : after.jobStatus === "cancelled"
              ? "Back to New: its job was cancelled"
              : `Status: ${label(LEAD_STATUS_LABELS, after.status)}, with its job`,
        tone: "event",
        ref: after.jobId ? { kind: "job", id: String(after.jobId) } : undefined,
      };
    case "note_added":
      return { what: "Note", detail: text(after.note) ?? "", tone: "note" };
    case "web_request_again":
      return {
        what: "Submitted the web form again",
        detail: [
          label(SERVICE_TYPE_LABELS, after.serviceType),
          text(after.zip),
          text(after.address),
          text(after.details),
        ]
          .filter(Boolean)
          .join(" · "),
        tone: "customer",
      };
    case "locksmith_accepted":
      return { what: "Locksmith accepted the job", tone: "event" };
    case "locksmith_declined":
      return {
        what: "Locksmith declined the job",
        detail: "Back to New, unassigned: dispatch someone else.",
        tone: "event",
      };
    case "locksmith_on_the_way":
      return {
        what: `On the way${typeof after.minutes === "number" ? `, about ${after.minutes} minutes out` : ""}`,
        detail:
          [
            typeof after.promisedMinutes === "number"
              ? `Over the ${after.promisedMinutes}-minute emergency promise. Reason: ${text(after.lateReason) ?? "none given"}`
              : undefined,
            after.customerTexted === false
              ? "A new estimate: the customer was not texted again (told already)."
              : undefined,
          ]
            .filter(Boolean)
            .join(" ") || undefined,
        tone: "event",
      };
    case "customer_told_running_late":
      return {
        what: "The estimate passed: the customer is told their locksmith is running late",
        detail:
          after.customerTexted === true
            ? undefined
            : "Not texted (no texts agreement, opted out, or the cap reached).",
        tone: "event",
      };
    case "locksmith_arrived":
      return { what: "Locksmith arrived", tone: "event" };
    case "locksmith_completed":
      return {
        what: `Locksmith completed the job${typeof after.finalPriceCents === "number" ? ` for ${formatCents(after.finalPriceCents)}` : ""}`,
        detail:
          [
            typeof after.quotedCents === "number"
              ? `Approved quote ${formatCents(after.quotedCents)}`
              : null,
            after.paymentMethod
              ? `paid by ${label(CUSTOMER_PAYMENT_LABELS, after.paymentMethod).toLowerCase()}`
              : null,
            after.collectedBy
              ? `${label(COLLECTOR_LABELS, after.collectedBy)} holds the money`
              : null,
            text(after.priceFlag) ? `Check the price: ${text(after.priceFlag)}.` : null,
          ]
            .filter(Boolean)
            .join(" · ") || undefined,
        tone: "event",
        ref: after.jobId ? { kind: "job", id: String(after.jobId) } : undefined,
      };
    case "quote_held":
      return {
        what: `Quote ${typeof after.amountCents === "number" ? formatCents(after.amountCents) : ""} held for the office`,
        detail:
          [
            text(after.held) ? `${text(after.held)}.` : null,
            text(after.reason) ? `Why: ${text(after.reason)}` : null,
          ]
            .filter(Boolean)
            .join(" · ") || undefined,
        tone: "event",
        ref: after.jobId ? { kind: "job", id: String(after.jobId) } : undefined,
      };
    case "quote_confirmed":
      return {
        what: `Office confirmed the quote${typeof after.amountCents === "number" ? ` of ${formatCents(after.amountCents)}` : ""}`,
        detail: "It went to the customer to approve.",
        tone: "event",
        ref: after.jobId ? { kind: "job", id: String(after.jobId) } : undefined,
      };
    case "quote_rejected":
      return {
        what: `Office rejected the quote${typeof after.amountCents === "number" ? ` of ${formatCents(after.amountCents)}` : ""}`,
        detail: text(after.reason) ? `Why: ${text(after.reason)}` : undefined,
        tone: "event",
        ref: after.jobId ? { kind: "job", id: String(after.jobId) } : undefined,
      };
    case "quote_given":
      return {
        what: `Quote ${typeof after.amountCents === "number" ? formatCents(after.amountCents) : ""} given on site`,
        detail:
          [
            Array.isArray(after.lines) && after.lines.length > 0
              ? (after.lines as { label?: unknown; cents?: unknown }[])
                  .map((line) =>
                    typeof line.cents === "number"
                      ? `${text(line.label)} ${formatCents(line.cents)}`
                      : "",
                  )
                  .join(", ")
              : null,
            text(after.reason) ? `Why: ${text(after.reason)}` : null,
            typeof before.amountCents === "number"
              ? `Replaces the ${before.state === "approved" ? "approved" : "earlier"} quote of ${formatCents(before.amountCents)}`
              : null,
          ]
            .filter(Boolean)
            .join(" · ") || undefined,
        tone: "event",
        ref: after.jobId ? { kind: "job", id: String(after.jobId) } : undefined,
      };
    case "quote_withdrawn":
      return {
        what: `The office withdrew the new price${typeof before.amountCents === "number" ? ` of ${formatCents(before.amountCents)}` : ""}`,
        detail:
          typeof after.amountCents === "number"
            ? `The customer's approved quote of ${formatCents(after.amountCents)} stands.`
            : undefined,
        tone: "event",
        ref: after.jobId ? { kind: "job", id: String(after.jobId) } : undefined,
      };
    case "quote_approved":
    case "quote_declined":
      return {
        what: `Customer ${entry.action === "quote_approved" ? "approved" : "declined"} the quote${typeof after.amountCents === "number" ? ` of ${formatCents(after.amountCents)}` : ""}`,
        detail:
          entry.action === "quote_approved"
            ? `${APPROVAL_DETAIL[String(after.way)] ?? APPROVAL_DETAIL.customer_page}${text(after.approvedName) ? `, signed "${text(after.approvedName)}"` : ""}`
            : undefined,
        tone: "customer",
        ref: after.jobId ? { kind: "job", id: String(after.jobId) } : undefined,
      };
    case "approval_code_sent":
      return {
        what: `Approval code texted to the customer${typeof after.amountCents === "number" ? ` for ${formatCents(after.amountCents)}` : ""}`,
        detail: "The locksmith asked for it, to have the quote approved in person.",
        tone: "event",
        ref: after.jobId ? { kind: "job", id: String(after.jobId) } : undefined,
      };
    case "text_withheld":
      return {
        what: "Text to the customer held back",
        detail: withheldReason(after.reason, label(MESSAGE_PURPOSE_LABELS, after.purpose)),
        tone: "event",
      };
    case "missed_call":
      return {
        what: after.voicemail
          ? "Called again and left a voicemail"
          : "Called again, and nobody answered",
        detail: "A missed call from the customer's number.",
        tone: "customer",
      };
    case "lsa_call_matched":
      return {
        what: "Google Local Services: this call came through Local Services Ads",
        detail: after.charged ? "Google charged for it." : "Google did not charge for it.",
        tone: "event",
      };
    case "lsa_disputed":
      return {
        what: "Reported to Google as not a real lead",
        detail: [
          LSA_DISPUTE_REASONS[String(after.reason) as LsaDisputeReason],
          text(after.comment),
          lsaDecisionWords(typeof after.creditDecision === "string" ? after.creditDecision : null),
        ]
          .filter(Boolean)
          .join(". "),
        tone: "event",
      };
    case "lsa_credit_changed":
      return {
        what: "Google Local Services credit",
        detail: lsaCreditWords({
          charged: after.charged === true,
          creditState: typeof after.creditState === "string" ? after.creditState : null,
          creditDecision: null,
          disputeReason: null,
        }),
        tone: "event",
      };
    case "text_relayed":
      return {
        what:
          after.to === "customer"
            ? "Locksmith texted the customer through the business number"
            : "Customer texted the locksmith through the business number",
        detail: text(after.text) ?? undefined,
        tone: after.to === "customer" ? "event" : "customer",
      };
    case "relay_refused":
      return {
        what: "Customer texted about a closed job: told to call the office",
        detail: text(after.text) ?? undefined,
        tone: "customer",
      };
    case "texts_opted_out":
      return { what: "Customer replied STOP: no more texts to them", tone: "customer" };
    case "texts_opted_in":
      return { what: "Customer replied START: texts to them resume", tone: "customer" };
    case "text_consent_changed":
      return {
        what: after.textConsent
          ? "Customer agreed to texts"
          : "Customer's agreement to texts removed",
        tone: "event",
      };
    case "auto_offers_started":
      return {
        what: "Automatic offers started",
        detail: `Up to ${String(after.maxOffers ?? "?")} locksmiths, ${String(after.offerSeconds ?? "?")} s each, then the office.`,
        tone: "event",
      };
    case "auto_offer_made":
      return {
        what: `Offered automatically to ${text(after.locksmithName) ?? "a locksmith"} (offer ${String(after.offer ?? "?")} of ${String(after.maxOffers ?? "?")})`,
        detail: text(after.why) ?? undefined,
        tone: "event",
      };
    case "auto_offers_stopped":
      return {
        what: "Automatic offers stopped: the office took over",
        tone: "event",
      };
    case "alert_raised":
      return {
        what: `Needs attention: ${text(after.text) ?? "a clock rule was broken"}`,
        detail:
          after.ladder === true
            ? "The escalation ladder wakes people until someone acts."
            : after.texted === true
              ? `Texted to the on-call operator${text(after.onCallName) ? `, ${text(after.onCallName)}` : ""}${after.calling === true ? ", and called" : ""}.`
              : "No on-call phone is set (Settings → Night watch): shown in the back office only.",
        tone: "event",
      };
    case "ladder_woke":
      return {
        what: `Woke ${text(after.who) ?? "someone"} (wake-up ${String(after.step ?? "?")} of ${String(after.of ?? "?")})`,
        detail:
          Array.isArray(after.how) && after.how.length ? `By ${after.how.join(", ")}.` : undefined,
        tone: "event",
      };
    case "ladder_stopped":
      return { what: text(after.text) ?? "Wake-ups stopped", tone: "event" };
    case "ladder_restarted":
      return { what: "The customer wrote again: wake-ups start over", tone: "event" };
    case "alert_cleared":
      return { what: `Cleared: ${text(after.text) ?? "alert"}`, tone: "event" };
    case "lead_received":
      return {
        what: `Came from ${text(after.source) ?? "a lead source"}`,
        detail: text(after.externalId) ? `Its id there: ${text(after.externalId)}` : undefined,
        tone: "event",
      };
    case "thumbtack_reply":
      return { what: "Replied on Thumbtack", detail: text(after.body) ?? undefined, tone: "event" };
    case "lsa_reply":
      return {
        what: "Replied on Google Local Services",
        detail: text(after.body) ?? undefined,
        tone: "event",
      };
    case "lsa_reply_failed":
      return {
        what: after.final
          ? "Google did not take the reply"
          : "The reply to Google failed; trying again",
        detail: text(after.error) ?? undefined,
        tone: "event",
      };
    default:
      return { what: entry.action.replaceAll("_", " "), tone: "event" };
  }
}

/** A timer or text of this lead that went dead, and what the owner did about it (decision 0060). */
function describeBackgroundWork(entry: ActivityEntryView): Omit<TimelineItem, "id" | "at" | "who"> {
  const after = entry.after ?? {};
  const what = text(after.what);
  switch (entry.action) {
    case "background_work_dead":
      return {
        what: `Gave up: ${what ?? "background work"}`,
        detail: `${text(after.error) ?? "No error was recorded"} — in Settings → Failed background work.`,
        tone: "event",
      };
    case "background_work_retried":
      return { what: "Failed background work retried", tone: "event" };
    default:
      return { what: "Failed background work dropped", tone: "event" };
  }
}

function describeMessageChange(entry: ActivityEntryView): Omit<TimelineItem, "id" | "at" | "who"> {
  const after = entry.after ?? {};
  const purpose = label(MESSAGE_PURPOSE_LABELS, after.purpose);
  return {
    what: entry.action === "resent" ? `Text resent (${purpose})` : `Text dropped (${purpose})`,
    tone: "event",
  };
}

/** A text the lead's thread sent or received, as the timeline shows it. */
export interface TimelineMessage {
  id: string;
  createdAt: Date | string;
  purpose: MessagePurpose;
  status: MessageStatus;
  body: string;
  toPhone: string;
  locksmithName: string | null;
}

/** A text as a timeline line: to whom, how it went, and what it said. */
export function messageTimelineItem(message: TimelineMessage): TimelineItem {
  const to = message.purpose.startsWith("locksmith_")
    ? (message.locksmithName ?? "the locksmith")
    : message.purpose === "operator_alert"
      ? "the on-call operator"
      : "the customer";
  const status =
    message.status === "unsent"
      ? "Not sent — texting is not configured"
      : MESSAGE_STATUS_LABELS[message.status];
  return {
    id: `message-${message.id}`,
    at: message.createdAt,
    who: message.purpose === "reply" ? (message.locksmithName ?? "The customer") : "Lockline",
    what: message.purpose === "reply" ? "Text received" : `Text to ${to}: ${status}`,
    detail: message.body,
    tone: message.purpose === "reply" ? "customer" : "event",
  };
}

function describeJob(entry: ActivityEntryView): Omit<TimelineItem, "id" | "at" | "who"> {
  const after = entry.after ?? {};
  const before = entry.before ?? {};
  const ref = { kind: "job" as const, id: entry.entityId };
  const job = `Job ${entry.entityId.slice(0, 8)}`;
  switch (entry.action) {
    case "created":
      return { what: `${job} created`, tone: "event", ref };
    case "status_changed":
      return {
        what: `${job}: ${label(JOB_STATUS_LABELS, before.status)} → ${label(JOB_STATUS_LABELS, after.status)}`,
        tone: "event",
        ref,
      };
    case "taken":
      return { what: `${job} taken by the locksmith who accepted it`, tone: "event", ref };
    case "priced":
      return {
        what: `${job} priced ${typeof after.finalPriceCents === "number" ? formatCents(after.finalPriceCents) : ""}`,
        detail:
          typeof after.theirCutCents === "number"
            ? `Locksmith ${formatCents(after.theirCutCents)} (${String(after.theirCutPercent)}%)`
            : undefined,
        tone: "event",
        ref,
      };
    case "paid_by_pay_link":
      return {
        what: `Customer paid${typeof after.amountCents === "number" ? ` ${formatCents(after.amountCents)}` : ""} by card (pay link)`,
        detail: "Stripe confirmed the payment: the business holds the money.",
        tone: "customer",
        ref,
      };
    default:
      return { what: `${job}: ${entry.action.replaceAll("_", " ")}`, tone: "event", ref };
  }
}

function describeCode(entry: ActivityEntryView): Omit<TimelineItem, "id" | "at" | "who"> {
  const after = entry.after ?? {};
  const before = entry.before ?? {};
  const code = String(after.code ?? before.code ?? "");
  const ref = { kind: "code" as const, code };
  if (entry.action === "created") {
    return {
      what: `Code ${code} made (${label(DISPATCH_CODE_STATUS_LABELS, after.status)})`,
      tone: "event",
      ref,
    };
  }
  if (entry.action === "status_changed") {
    return {
      what: `Code ${code}: ${before.status ? `${label(DISPATCH_CODE_STATUS_LABELS, before.status)} → ` : ""}${label(DISPATCH_CODE_STATUS_LABELS, after.status)}`,
      detail: text(after.reason) ?? undefined,
      tone: "event",
      ref,
    };
  }
  return { what: `Code ${code}: ${entry.action.replaceAll("_", " ")}`, tone: "event", ref };
}

/**
 * A lead's timeline from its activity log (newest first): one line per entry, except a
 * dispatch code made by a dispatch, which the "Dispatched" line already names.
 */
export function leadTimeline(
  entries: readonly ActivityEntryView[],
  texts: readonly TimelineMessage[] = [],
): TimelineItem[] {
  const dispatched = new Set(
    entries.filter((entry) => entry.action === "dispatched").map((entry) => entry.after?.codeId),
  );
  return entries
    .filter(
      (entry) =>
        !(
          entry.entity === "dispatch_code" &&
          entry.action === "created" &&
          dispatched.has(entry.entityId)
        ),
    )
    .map(timelineItem)
    .concat(texts.map(messageTimelineItem))
    .sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime());
}

/** One activity-log entry as a timeline line. */
export function timelineItem(entry: ActivityEntryView): TimelineItem {
  const described = entry.action.startsWith("background_work_")
    ? describeBackgroundWork(entry)
    : entry.entity === "job"
      ? describeJob(entry)
      : entry.entity === "dispatch_code"
        ? describeCode(entry)
        : entry.entity === "message"
          ? describeMessageChange(entry)
          : describeLead(entry);
  return {
    id: entry.id,
    at: entry.at,
    who: actorLabel({ kind: entry.actorKind, name: entry.actorName }),
    ...described,
  };
}

/** Why a text to the customer was held back, in words (queueCustomerText's reasons). */
function withheldReason(reason: unknown, purpose: string): string {
  switch (reason) {
    case "cap":
      return `They were sent this kind of text (${purpose.toLowerCase()}) as often as it is ever sent for one request.`;
    case "number_cap":
      return "Their number was sent as many texts as any number gets in an hour or a day.";
    case "region":
      return "Their number is outside the regions we text (or a premium-rate line): call them instead.";
    default:
      return "They replied STOP to an earlier text, so nothing more is sent to them.";
  }
}
