import type { ServiceType } from "~/lib/business-enums";
import { WALL_CLOCK_PARTS } from "~/lib/time/chicago-clock";
import type { ThreadMessage } from "./partner-leads";

/*
 * Google Local Services leads (issue 51, decision 0072), read through the Google Ads API's
 * REST interface: the GAQL queries, the rows as Google documents them (`LocalServicesLead`,
 * `LocalServicesLeadConversation`, JSON in lowerCamelCase), and their states in words.
 * Google Ads writes date-times as the account's wall clock ("2026-11-29 14:03:11", in the
 * account's time zone, `customer.time_zone`), so they are read and written in that zone.
 */

/** The source every lead pulled from Local Services gets (made in Settings → Sources if missing). */
export const LSA_SOURCE_NAME = "Google Local Services";

/** The Google Ads API version the REST paths name. */
export const GOOGLE_ADS_API_VERSION = "v26";

export const LSA_LEAD_TYPES = ["PHONE_CALL", "MESSAGE", "BOOKING"] as const;
export type LsaLeadType = (typeof LSA_LEAD_TYPES)[number];

/** LocalServicesLeadSurveyDissatisfiedReasonEnum, as the owner reads them. */
export const LSA_DISPUTE_REASONS = {
  SPAM: "Spam: a bot, a silent call or a scam",
  GEO_MISMATCH: "Outside the area we serve",
  JOB_TYPE_MISMATCH: "A job we do not do",
  DUPLICATE: "Duplicate: they had already contacted us",
  SOLICITATION: "Someone selling something or looking for work",
  NOT_READY_TO_BOOK: "Not ready to book",
  OTHER_DISSATISFIED_REASON: "Another reason",
} as const;
export type LsaDisputeReason = keyof typeof LSA_DISPUTE_REASONS;
export const LSA_DISPUTE_REASON_KEYS = Object.keys(LSA_DISPUTE_REASONS) as [
  LsaDisputeReason,
  ...LsaDisputeReason[],
];

/** LocalServicesLeadCreditIssuanceDecisionEnum: Google's answer to the feedback, in words. */
const CREDIT_DECISIONS: Record<string, string> = {
  SUCCESS_NOT_REACHED_THRESHOLD: "Google will credit this lead",
  SUCCESS_REACHED_THRESHOLD:
    "Google will credit this lead (the account has now reached its credit limit)",
  FAIL_OVER_THRESHOLD: "Google refused a credit: the account is over its credit limit",
  FAIL_NOT_ELIGIBLE: "Google refused a credit: this lead is not eligible",
};

/** One `local_services_lead` row, as Lockline keeps it. */
export interface LsaLead {
  resourceName: string;
  leadType: LsaLeadType;
  leadStatus: string | null;
  categoryId: string | null;
  serviceId: string | null;
  consumerName: string | null;
  phone: string | null;
  email: string | null;
  createdAt: Date;
  charged: boolean;
  creditState: string | null;
}

/** One `local_services_lead_conversation` row. */
export interface LsaConversation {
  resourceName: string;
  lead: string;
  channel: string | null;
  /** CONSUMER (the customer) or ADVERTISER (a reply the business sent). */
  participant: string | null;
  at: Date;
  callDurationSeconds: number | null;
  recordingUrl: string | null;
  text: string | null;
}

const LEAD_FIELDS = [
  "resource_name",
  "lead_type",
  "lead_status",
  "category_id",
  "service_id",
  "contact_details",
  "creation_date_time",
  "lead_charged",
  "credit_details.credit_state",
].map((field) => `local_services_lead.${field}`);

const CONVERSATION_FIELDS = [
  "resource_name",
  "lead",
  "conversation_channel",
  "participant_type",
  "event_date_time",
  "phone_call_details.call_duration_millis",
  "phone_call_details.call_recording_url",
  "message_details.text",
].map((field) => `local_services_lead_conversation.${field}`);

const quoted = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/** The leads made at or after `since` (the account's wall clock), oldest first. */
export function leadsSinceQuery(since: string): string {
  return (
    `SELECT ${LEAD_FIELDS.join(", ")} FROM local_services_lead` +
    ` WHERE local_services_lead.creation_date_time >= ${quoted(since)}` +
    ` ORDER BY local_services_lead.creation_date_time ASC`
  );
}

/** These leads again, by resource name (a disputed lead's credit state comes back later). */
export function leadsByNameQuery(resourceNames: readonly string[]): string {
  return (
    `SELECT ${LEAD_FIELDS.join(", ")} FROM local_services_lead` +
    ` WHERE local_services_lead.resource_name IN (${resourceNames.map(quoted).join(", ")})`
  );
}

/** The conversations (calls, messages, bookings) since `since`. */
export function conversationsSinceQuery(since: string): string {
  return (
    `SELECT ${CONVERSATION_FIELDS.join(", ")} FROM local_services_lead_conversation` +
    ` WHERE local_services_lead_conversation.event_date_time >= ${quoted(since)}` +
    ` ORDER BY local_services_lead_conversation.event_date_time ASC`
  );
}

export const TIME_ZONE_QUERY = "SELECT customer.time_zone FROM customer";

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value && typeof value === "object" ? (value as Json) : ({} as Json);
const str = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value.trim() : null;

/** Reads one search result's `localServicesLead`; undefined when it is not a lead we take. */
export function readLsaLead(result: unknown, timeZone: string): LsaLead | undefined {
  const lead = obj(obj(result).localServicesLead);
  const resourceName = str(lead.resourceName);
  const leadType = str(lead.leadType);
  const created = str(lead.creationDateTime);
  if (!resourceName || !created) return undefined;
  if (!LSA_LEAD_TYPES.includes(leadType as LsaLeadType)) return undefined;
  const createdAt = parseAdsDateTime(created, timeZone);
  if (!createdAt) return undefined;
  const contact = obj(lead.contactDetails);
  return {
    resourceName,
    leadType: leadType as LsaLeadType,
    leadStatus: str(lead.leadStatus),
    categoryId: str(lead.categoryId),
    serviceId: str(lead.serviceId),
    consumerName: str(contact.consumerName),
    phone: str(contact.phoneNumber),
    email: str(contact.email),
    createdAt,
    charged: lead.leadCharged === true,
    creditState: str(obj(lead.creditDetails).creditState),
  };
}

/** Reads one search result's `localServicesLeadConversation`. */
export function readLsaConversation(
  result: unknown,
  timeZone: string,
): LsaConversation | undefined {
  const row = obj(obj(result).localServicesLeadConversation);
  const resourceName = str(row.resourceName);
  const lead = str(row.lead);
  const at = parseAdsDateTime(str(row.eventDateTime) ?? "", timeZone);
  if (!resourceName || !lead || !at) return undefined;
  const call = obj(row.phoneCallDetails);
  // int64 fields come as strings in Google's JSON.
  const millis = Number(call.callDurationMillis);
  return {
    resourceName,
    lead,
    channel: str(row.conversationChannel),
    participant: str(row.participantType),
    at,
    callDurationSeconds: Number.isFinite(millis) && millis >= 0 ? Math.round(millis / 1000) : null,
    recordingUrl: str(call.callRecordingUrl),
    text: str(obj(row.messageDetails).text),
  };
}

/** What `zone`'s clocks read at `instant`, to the second. */
function wallClock(instant: Date, zone: string) {
  const parts: Record<string, number> = {};
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    ...WALL_CLOCK_PARTS,
    second: "numeric",
  });
  for (const { type, value } of format.formatToParts(instant)) parts[type] = Number(value);
  return parts as {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
  };
}

const two = (n: number) => String(n).padStart(2, "0");

/** "2026-11-29 14:03:11" in the account's zone: the form GAQL compares date-times in. */
export function formatAdsDateTime(instant: Date, zone: string): string {
  const c = wallClock(instant, zone);
  return `${c.year}-${two(c.month)}-${two(c.day)} ${two(c.hour)}:${two(c.minute)}:${two(c.second)}`;
}

/** The instant `zone`'s clocks read this Google Ads date-time; undefined when unreadable. */
export function parseAdsDateTime(text: string, zone: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetAt = (guess: number) => {
    const c = wallClock(new Date(guess), zone);
    return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - guess;
  };
  const first = asUtc - offsetAt(asUtc);
  const instant = asUtc - offsetAt(first);
  return Number.isNaN(instant) ? undefined : new Date(instant);
}

/** A phone lead and a call Lockline logged are one call when they are this close in time. */
export const CALL_MATCH_WINDOW_MS = 10 * 60_000;

/** The kind of job a Local Services lead's service id names (a locksmith's, as Google lists them). */
export function serviceTypeFor(serviceId: string | null): ServiceType {
  const id = (serviceId ?? "").toLowerCase();
  if (/car|auto|vehicle/.test(id)) return "automotive";
  if (/rekey/.test(id)) return "rekeying";
  if (/safe/.test(id)) return "safes";
  if (/duplicat|key_cut|copy/.test(id)) return "key_duplication";
  if (/smart/.test(id)) return "smart_locks";
  if (/commercial|business/.test(id)) return "commercial";
  if (/install|repair|residential|home/.test(id)) return "residential";
  // A lockout, or nothing said: urgent until someone hears otherwise, like a phone lead.
  return "emergency";
}

const LEAD_TYPE_WORDS: Record<LsaLeadType, string> = {
  PHONE_CALL: "phone call",
  MESSAGE: "message",
  BOOKING: "booking",
};

/** The new lead's details: what kind of Local Services lead it was, and the customer's words. */
export function lsaLeadDetails(lead: LsaLead, firstMessage: string | null): string {
  const what = `Google Local Services ${LEAD_TYPE_WORDS[lead.leadType]}`;
  return firstMessage ? `${what}: “${firstMessage.slice(0, 900)}”` : `${what}.`;
}

/** Google's answer to a dispute, in words (the toast after "Not a real lead"). */
export function lsaDecisionWords(decision: string | null): string {
  return (decision && CREDIT_DECISIONS[decision]) || "Google will decide on a credit later";
}

/** The credit state of a disputed (or charged) lead, in words for the lead page. */
export function lsaCreditWords(lead: {
  charged: boolean;
  creditState: string | null;
  creditDecision: string | null;
  disputeReason: string | null;
}): string {
  if (lead.creditState === "CREDITED") return "Credited by Google";
  if (lead.creditState === "PENDING") {
    const decision = lead.creditDecision ? CREDIT_DECISIONS[lead.creditDecision] : undefined;
    return decision ? `${decision}; the credit is pending` : "Credit pending at Google";
  }
  if (lead.creditDecision) {
    return CREDIT_DECISIONS[lead.creditDecision] ?? "Google answered the dispute";
  }
  if (lead.disputeReason) return "Disputed: waiting for Google's decision";
  return lead.charged ? "Charged" : "Not charged";
}

/** What went wrong with a pull, in words for Settings → Sources. */
export const LSA_ERROR_TEXT = {
  signIn: "Google refused the sign-in: reconnect",
  notConfigured:
    "The Google Ads developer token and OAuth client are not set on the server (see README)",
  refused: (status: number, message: string) =>
    `Google Ads answered ${status}: ${message.slice(0, 200)}`,
  unreachable: "Google Ads could not be reached: tried again in a few minutes",
  replyRefused: (message: string) => `Google refused the reply: ${message.slice(0, 200)}`,
} as const;

/** A Google Ads customer ID as the owner types it ("123-456-7890") to its digits. */
export function customerIdDigits(text: string): string | undefined {
  const digits = text.replace(/[\s-]/g, "");
  return /^\d{10}$/.test(digits) ? digits : undefined;
}

/** "123-456-7890", as Google Ads shows a customer ID. */
export function formatCustomerId(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** What the lead page shows of the Local Services lead behind it. */
export interface LsaPanelData {
  kind: string;
  receivedAt: string | Date;
  charged: boolean;
  credit: string;
  disputeReason: LsaDisputeReason | null;
  disputedAt: string | Date | null;
  calls: { at: string; seconds: number | null }[];
  messages: { at: string; text: string }[];
}

/** The lead page's panel from the stored Local Services lead. */
export function lsaPanel(row: {
  leadType: string;
  googleCreatedAt: Date;
  charged: boolean;
  creditState: string | null;
  creditDecision: string | null;
  disputeReason: string | null;
  disputedAt: Date | null;
  conversations: unknown;
}): LsaPanelData {
  const talk = (Array.isArray(row.conversations) ? row.conversations : []) as {
    at: string;
    callDurationSeconds: number | null;
    text: string | null;
    channel: string | null;
    participant?: string | null;
  }[];
  return {
    kind: LEAD_TYPE_WORDS[row.leadType as LsaLeadType] ?? "lead",
    receivedAt: row.googleCreatedAt,
    charged: row.charged,
    credit: lsaCreditWords(row),
    disputeReason:
      row.disputeReason && row.disputeReason in LSA_DISPUTE_REASONS
        ? (row.disputeReason as LsaDisputeReason)
        : null,
    disputedAt: row.disputedAt,
    calls: talk
      .filter((c) => c.channel === "PHONE_CALL")
      .map((c) => ({ at: c.at, seconds: c.callDurationSeconds })),
    // The business's own replies are shown with the conversation on the lead page.
    messages: talk.flatMap((c) =>
      c.text && c.participant !== "ADVERTISER" ? [{ at: c.at, text: c.text }] : [],
    ),
  };
}

/** One message of a conversation on the lead page (the customer's, or a reply of ours). */
export interface LsaThreadMessage extends ThreadMessage {
  direction: "in" | "out";
}

/**
 * A message lead's conversation: the customer's messages as pulled, and the office's replies
 * as kept here (Google's copies of our replies are left out: each reply shows once, with
 * where it stands), oldest first.
 */
export function lsaThreadMessages(
  lead: { consumerName: string | null; conversations: unknown },
  replies: readonly Omit<LsaThreadMessage, "direction">[],
): LsaThreadMessage[] {
  const talk = (Array.isArray(lead.conversations) ? lead.conversations : []) as {
    resourceName: string;
    at: string;
    text: string | null;
    participant?: string | null;
  }[];
  const theirs: LsaThreadMessage[] = talk.flatMap((c) =>
    c.text && c.participant !== "ADVERTISER"
      ? [
          {
            id: c.resourceName,
            direction: "in" as const,
            body: c.text,
            status: "received",
            lastError: null,
            authorName: lead.consumerName,
            sentAt: c.at,
            createdAt: c.at,
          },
        ]
      : [],
  );
  const ours = replies.map((reply) => ({ ...reply, direction: "out" as const }));
  const at = (m: LsaThreadMessage) => new Date(m.sentAt ?? m.createdAt).getTime();
  return [...theirs, ...ours].sort((a, b) => at(a) - at(b));
}
