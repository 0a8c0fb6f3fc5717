import type {
  CallStatus,
  DispatchCodeStatus,
  JobStatus,
  LocksmithStatus,
  MessagePurpose,
  MessageStatus,
} from "./business-enums";

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  in_progress: "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
  refused: "Refused: no proof",
};

export const DISPATCH_CODE_STATUS_LABELS: Record<DispatchCodeStatus, string> = {
  new: "New",
  assigned: "Assigned",
  used: "Used",
  expired: "Expired",
  withdrawn: "Withdrawn",
};

export const CALL_STATUS_LABELS: Record<CallStatus, string> = {
  answered: "Answered",
  missed: "Missed",
  busy: "Busy",
  failed: "Failed",
};

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  undelivered: "Undelivered",
  interrupted: "Interrupted",
  unsent: "Not sent",
  dropped: "Dropped",
  received: "Received",
};

export const MESSAGE_PURPOSE_LABELS: Record<MessagePurpose, string> = {
  locksmith_dispatch: "Job to locksmith",
  locksmith_off_job: "Locksmith off the job",
  locksmith_address_changed: "New address to locksmith",
  locksmith_link: "Locksmith's own page",
  customer_dispatched: "Customer: locksmith assigned",
  customer_on_the_way: "Customer: on the way",
  customer_review_request: "Customer: job done (receipt, review)",
  reply: "Reply received",
  operator_alert: "Alert to the on-call operator",
  customer_approval_code: "Customer: approval code",
  customer_quote_approved: "Customer: quote approved",
  customer_quote_waiting: "Customer: a new price to approve",
  customer_price_lowered: "Customer: price lowered",
  customer_payment_received: "Customer: card payment received",
  customer_refunded: "Customer: card refund",
  customer_cancelled: "Customer: request cancelled",
  customer_finding: "Customer: finding their locksmith",
  customer_running_late: "Customer: locksmith running late",
  customer_instalment_due: "Customer: instalment due today",
  customer_door_statement: "Customer: statement at the door",
  customer_missed_call: "Caller: missed-call text-back",
  customer_relayed: "Customer: from their locksmith",
  customer_job_closed: "Customer: job closed, call the office",
  locksmith_relayed: "Locksmith: the customer's text",
};

export const LOCKSMITH_STATUS_LABELS: Record<LocksmithStatus, string> = {
  active: "Active",
  inactive: "Inactive",
};
