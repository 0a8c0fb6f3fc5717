/**
 * The value lists of the back office's entities (docs/spec/back-office.md §3 and §4). The database
 * enums are built from these, so a value added here reaches both the schema and the forms.
 */

export const SERVICE_TYPES = [
  "emergency",
  "residential",
  "commercial",
  "automotive",
  "rekeying",
  "smart_locks",
  "key_duplication",
  "safes",
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** New leads start as `new`; the admin may set any status from any other. */
export const LEAD_STATUSES = ["new", "assigned", "in_progress", "completed", "cancelled"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** A lead still being worked: a repeat request or call from its number joins it. */
export const OPEN_LEAD_STATUSES = [
  "new",
  "assigned",
  "in_progress",
] as const satisfies readonly LeadStatus[];
/** A lead done with: nobody is sent to it until it is reopened, with a reason. */
export const CLOSED_LEAD_STATUSES = [
  "completed",
  "cancelled",
] as const satisfies readonly LeadStatus[];

export function isClosedLead(status: LeadStatus): boolean {
  return (CLOSED_LEAD_STATUSES as readonly string[]).includes(status);
}

/** Where a lead came from: a call, the website's request form, or typed in by the admin. */
export const LEAD_SOURCES = ["phone", "web", "manual"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** refused: the locksmith found no proof of identity or authority and opened nothing (issue 49). */
export const JOB_STATUSES = ["in_progress", "completed", "cancelled", "refused"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** The statuses the office sets by hand: a refusal is the locksmith's, with its record. */
export const OFFICE_JOB_STATUSES = [
  "in_progress",
  "completed",
  "cancelled",
] as const satisfies readonly JobStatus[];

export const DISPATCH_CODE_STATUSES = ["new", "assigned", "used", "expired", "withdrawn"] as const;
export type DispatchCodeStatus = (typeof DISPATCH_CODE_STATUSES)[number];

/** Call statuses are read only: they come from the phone system. */
export const CALL_STATUSES = ["answered", "missed", "busy", "failed"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** Locksmiths have no status column: the list filter reads `active`. */
export const LOCKSMITH_STATUSES = ["active", "inactive"] as const;
export type LocksmithStatus = (typeof LOCKSMITH_STATUSES)[number];

/**
 * A text's life in the outbox. queued → sending → sent → delivered, or failed / undelivered;
 * interrupted: the process stopped while sending it (it may or may not have gone out, so
 * nothing resends it by itself); unsent: texting is not configured, sent by hand if at all;
 * dropped: an operator gave up on it; received: a text that came in.
 */
export const MESSAGE_STATUSES = [
  "queued",
  "sending",
  "sent",
  "delivered",
  "failed",
  "undelivered",
  "interrupted",
  "unsent",
  "dropped",
  "received",
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Statuses an operator may resend or drop. */
export const RETRYABLE_MESSAGE_STATUSES = [
  "failed",
  "undelivered",
  "interrupted",
  "unsent",
] as const satisfies readonly MessageStatus[];

/** Why a text was sent: one template each, and the replies that came in. */
export const MESSAGE_PURPOSES = [
  "locksmith_dispatch",
  "locksmith_off_job",
  "locksmith_address_changed",
  "locksmith_link",
  "customer_dispatched",
  "customer_on_the_way",
  "customer_review_request",
  "reply",
  "operator_alert",
  "customer_approval_code",
  "customer_quote_approved",
  "customer_quote_waiting",
  "customer_price_lowered",
  "customer_payment_received",
  "customer_refunded",
  "customer_cancelled",
  "customer_finding",
  "customer_running_late",
  "customer_instalment_due",
  "customer_door_statement",
  "customer_missed_call",
  "customer_relayed",
  "locksmith_relayed",
  "customer_job_closed",
] as const;
export type MessagePurpose = (typeof MESSAGE_PURPOSES)[number];
