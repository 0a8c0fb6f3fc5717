import type { MessagePurpose } from "../business-enums";

/*
 * The texts the business sends, as templates the owner edits in Settings → Messages:
 * `{placeholder}`s filled from the job. A line whose placeholders all came out empty is
 * left out (no "Notes: " with nothing after it). Texts to customers always end with the
 * opt-out line, which no template can remove (US carriers and the TCPA expect it).
 */

export const TEXT_KINDS = [
  "locksmith_dispatch",
  "locksmith_off_job",
  "locksmith_address_changed",
  "locksmith_link",
  "customer_finding",
  "customer_dispatched",
  "customer_on_the_way",
  "customer_running_late",
  "customer_review_request",
  "customer_approval_code",
  "customer_quote_approved",
  "customer_quote_waiting",
  "customer_price_lowered",
  "customer_payment_received",
  "customer_refunded",
  "customer_instalment_due",
  "customer_cancelled",
  "customer_door_statement",
  "customer_missed_call",
  "customer_relayed",
  "customer_job_closed",
  "locksmith_relayed",
  "operator_alert",
] as const satisfies readonly MessagePurpose[];
export type TextKind = (typeof TEXT_KINDS)[number];

/** The kinds that go to a customer. */
export type CustomerTextKind = Extract<TextKind, `customer_${string}`>;

/**
 * The most texts of each kind one lead's customer gets, whatever asks for more: the search
 * for a locksmith (the first offer, and after a reassign or two), one per locksmith who
 * accepted, the "on the way" of each (and one new estimate),
 * a review request per job. Checked where the outbox row is written.
 */
export const CUSTOMER_TEXT_CAPS: Record<CustomerTextKind, number> = {
  customer_finding: 3,
  customer_dispatched: 3,
  customer_on_the_way: 4,
  // Once per locksmith whose estimate passed (assignments.late_texted_at), a reassign or two.
  customer_running_late: 3,
  customer_review_request: 2,
  // A code per try at the door (a new quote, a lost text), never a stream of them.
  customer_approval_code: 6,
  // One per approval: a first quote and a re-quote or two.
  customer_quote_approved: 4,
  customer_quote_waiting: 4,
  customer_price_lowered: 3,
  // A payment and a second one (refunded), and the refunds an office decision can make.
  customer_payment_received: 3,
  customer_refunded: 3,
  // One per instalment after the first, and a plan set again once or twice.
  customer_instalment_due: 10,
  // A cancel, and one more after the lead is reopened and cancelled again.
  customer_cancelled: 2,
  // Asked for at the door (issue 49): a try and a resend or two.
  customer_door_statement: 3,
  // Once per number per text-back window (Settings → Phone); a lead stays open a day.
  customer_missed_call: 3,
  // The locksmith's texts through the business line: a conversation, within the number's caps.
  customer_relayed: 20,
  // A customer who keeps texting a closed job hears it twice, not at every text.
  customer_job_closed: 2,
};

export const TEXT_KIND_LABELS: Record<TextKind, string> = {
  locksmith_dispatch: "Job sent to the locksmith",
  locksmith_off_job: "Locksmith taken off a job",
  locksmith_address_changed: "Locksmith: the customer's new address",
  locksmith_link: "Locksmith: their own page (Available / Off)",
  customer_finding: "Customer: we are finding their locksmith",
  customer_dispatched: "Customer: a locksmith accepted (assigned)",
  customer_on_the_way: "Customer: locksmith on the way",
  customer_running_late: "Customer: the estimate passed, locksmith running late",
  customer_review_request: "Customer: job done — receipt, what is left to pay, review request",
  customer_approval_code: "Customer: code to approve a quote in person",
  customer_quote_approved: "Customer: confirmation of the quote they approved",
  customer_quote_waiting: "Customer: a new price waits for their approval",
  customer_price_lowered: "Customer: the price was lowered",
  customer_payment_received: "Customer: their card payment arrived",
  customer_refunded: "Customer: money refunded to their card",
  customer_instalment_due: "Customer: a payment plan's instalment is due today",
  customer_cancelled: "Customer: their request was cancelled",
  customer_door_statement: "Customer: confirm their right to enter, at the door",
  customer_missed_call: "Caller: we missed their call (text-back)",
  customer_relayed: "Customer: a text from their locksmith, through the business number",
  customer_job_closed: "Customer: texted about a job that is closed",
  locksmith_relayed: "Locksmith: the customer's text, through the business number",
  operator_alert: "On-call operator: a request needs attention",
};

export const OPT_OUT_LINE = "Reply STOP to opt out.";

/** Every placeholder, with what it stands for (shown beside the editor). */
export const PLACEHOLDERS = {
  business: "The business's name",
  business_phone: "The business's phone number",
  customer: "The customer's name",
  customer_phone: "The customer's phone number",
  address: "Service address and ZIP",
  service: "The service asked for",
  details: "What the customer told us",
  code: "The dispatch code",
  code_expires: "When the dispatch code expires",
  answer_by: "When the offer expires unanswered (Chicago time)",
  link: "The locksmith's job page",
  locksmith: "The locksmith's name",
  minutes: "Minutes until the locksmith arrives",
  review_link: "The customer's review form",
  customer_link: "The customer's page: who is coming, the quote to approve, the receipt",
  reason: "Why the locksmith is off the job",
  alert: "What needs attention",
  lead_link: "The lead's page in the back office",
  roster_link: "The locksmith's own page: Available or Off, and their open jobs",
  amount: "The quote's total",
  approval_code: "The one-time code the customer gives the locksmith to approve in person",
  balance: "What the customer still has to pay by card (the line is left out when nothing is)",
  request_link: "The website's request form",
  relay: "What the locksmith or the customer wrote",
} as const;
export type Placeholder = keyof typeof PLACEHOLDERS;
export type TextValues = Partial<Record<Placeholder, string | null>>;

interface KindRules {
  /** Placeholders this kind can fill. */
  allowed: readonly Placeholder[];
  /** Placeholders the text is useless without. */
  required: readonly Placeholder[];
  /** Whether it goes to the customer (and so ends with the opt-out line). */
  toCustomer: boolean;
}

const ABOUT_THE_JOB = ["business", "business_phone", "service", "locksmith"] as const;

export const KIND_RULES: Record<TextKind, KindRules> = {
  locksmith_dispatch: {
    allowed: [
      ...ABOUT_THE_JOB,
      // Never the customer's number: the locksmith calls through the business line (issue 50).
      "customer",
      "address",
      "details",
      "code",
      "code_expires",
      "answer_by",
      "link",
    ],
    required: ["code", "link"],
    toCustomer: false,
  },
  locksmith_off_job: {
    allowed: [...ABOUT_THE_JOB, "customer", "reason"],
    required: ["reason"],
    toCustomer: false,
  },
  locksmith_address_changed: {
    allowed: [...ABOUT_THE_JOB, "customer", "address", "details"],
    required: ["address"],
    toCustomer: false,
  },
  locksmith_link: {
    allowed: [...ABOUT_THE_JOB, "roster_link"],
    required: ["roster_link"],
    toCustomer: false,
  },
  customer_finding: {
    allowed: ["business", "business_phone", "service", "customer_link"],
    required: [],
    toCustomer: true,
  },
  customer_dispatched: {
    allowed: [...ABOUT_THE_JOB, "customer_link"],
    required: [],
    toCustomer: true,
  },
  customer_on_the_way: {
    allowed: [...ABOUT_THE_JOB, "minutes"],
    required: ["minutes"],
    toCustomer: true,
  },
  customer_running_late: {
    allowed: [...ABOUT_THE_JOB, "customer_link"],
    required: [],
    toCustomer: true,
  },
  customer_review_request: {
    // The receipt link is not required: a template saved before it existed still sends.
    allowed: [...ABOUT_THE_JOB, "review_link", "customer_link", "balance", "amount"],
    required: ["review_link"],
    toCustomer: true,
  },
  customer_approval_code: {
    allowed: [...ABOUT_THE_JOB, "amount", "approval_code"],
    required: ["approval_code", "amount"],
    toCustomer: true,
  },
  customer_quote_approved: {
    allowed: [...ABOUT_THE_JOB, "amount"],
    required: ["amount", "business_phone"],
    toCustomer: true,
  },
  customer_quote_waiting: {
    allowed: [...ABOUT_THE_JOB, "amount", "customer_link"],
    required: ["amount", "customer_link"],
    toCustomer: true,
  },
  customer_price_lowered: {
    allowed: [...ABOUT_THE_JOB, "amount"],
    required: ["amount"],
    toCustomer: true,
  },
  customer_payment_received: {
    allowed: [...ABOUT_THE_JOB, "amount", "customer_link"],
    required: ["amount", "customer_link"],
    toCustomer: true,
  },
  customer_refunded: {
    allowed: [...ABOUT_THE_JOB, "amount", "customer_link"],
    required: ["amount"],
    toCustomer: true,
  },
  customer_instalment_due: {
    allowed: [...ABOUT_THE_JOB, "amount", "customer_link"],
    required: ["amount", "customer_link"],
    toCustomer: true,
  },
  customer_cancelled: {
    allowed: [...ABOUT_THE_JOB],
    required: ["business_phone"],
    toCustomer: true,
  },
  customer_door_statement: {
    allowed: [...ABOUT_THE_JOB, "customer_link"],
    required: ["customer_link"],
    toCustomer: true,
  },
  customer_missed_call: {
    allowed: ["business", "business_phone", "request_link"],
    required: [],
    toCustomer: true,
  },
  customer_relayed: {
    allowed: [...ABOUT_THE_JOB, "relay"],
    required: ["relay"],
    toCustomer: true,
  },
  customer_job_closed: {
    allowed: ["business", "business_phone"],
    required: ["business_phone"],
    toCustomer: true,
  },
  locksmith_relayed: {
    // Never the customer's number: the locksmith answers through the business line.
    allowed: ["business", "service", "customer", "relay"],
    required: ["relay"],
    toCustomer: false,
  },
  operator_alert: {
    allowed: ["business", "service", "customer", "customer_phone", "address", "alert", "lead_link"],
    required: ["alert", "lead_link"],
    toCustomer: false,
  },
};

export const DEFAULT_TEMPLATES: Record<TextKind, string> = {
  locksmith_dispatch: [
    "{business}: new job, code {code}",
    "Customer: {customer}",
    "Where: {address}",
    "Service: {service}",
    "Notes: {details}",
    "Answer by {answer_by}, or it goes to someone else",
    "Accept or decline: {link}",
  ].join("\n"),
  locksmith_off_job:
    "{business}: you are off the job for {customer} ({service}). {reason} Do not go. Questions? Call {business_phone}.",
  locksmith_address_changed: [
    "{business}: new address from {customer}",
    "Where: {address}",
    "Notes: {details}",
    "Your job page shows it too.",
  ].join("\n"),
  locksmith_link:
    "{business}: your own page. Tap Available or Off so we send you jobs only when you can take them, and see your open jobs: {roster_link}",
  customer_finding:
    "{business}: we have your request for {service} and are finding your locksmith now. We will text you their name as soon as one accepts. Questions? Call {business_phone}.\nFollow your request: {customer_link}",
  customer_dispatched:
    "{business}: a locksmith, {locksmith}, is assigned to your request and will be in touch. Questions? Call {business_phone}.\nFollow the visit and approve the price: {customer_link}",
  customer_on_the_way: "{business}: {locksmith} is on the way, about {minutes} minutes out.",
  customer_running_late:
    "{business}: {locksmith} is running late, sorry. We are on it and will keep you posted. Questions? Call {business_phone}.\nFollow your request: {customer_link}",
  customer_review_request: [
    "{business}: your {service} is done, {amount}. Thank you for choosing us.",
    "Left to pay by card: {balance}",
    "Your receipt: {customer_link}",
    "How did {locksmith} do? Tell us in a minute: {review_link}",
  ].join("\n"),
  customer_approval_code:
    "{business}: your code to approve {amount} for {service} is {approval_code}. Give it to {locksmith} only if you agree to this price. It works for 10 minutes.",
  customer_quote_approved:
    "{business}: you approved {amount} for {service}. If this was not you, call {business_phone}.",
  customer_quote_waiting:
    "{business}: the price for your {service} is {amount}. It waits for your approval, and nothing is charged unless you approve it: {customer_link}",
  customer_price_lowered:
    "{business}: we lowered the price of your {service} to {amount}. Questions? Call {business_phone}.",
  customer_payment_received:
    "{business}: we received your card payment of {amount} for your {service}. Thank you. Your receipt: {customer_link}",
  customer_refunded:
    "{business}: we refunded {amount} to your card for your {service}. Banks take 5 to 10 days to show it. Questions? Call {business_phone}.",
  customer_instalment_due:
    "{business}: the next payment of your plan, {amount} for your {service}, is due today. Pay by card on your page: {customer_link} Questions? Call {business_phone}.",
  customer_door_statement:
    "{business}: {locksmith} is at your door. Before anything is opened, confirm on your page that you have the right to enter: {customer_link}",
  customer_cancelled:
    "{business}: your request for {service} is cancelled, and nobody is coming. If that is a mistake, or you still need a locksmith, call {business_phone}.",
  customer_missed_call:
    "{business}: Sorry we missed you — reply with your address or tap to request: {request_link}",
  customer_relayed: "{business}, from {locksmith}: {relay}\nReply here to answer them.",
  customer_job_closed:
    "{business}: this job is closed, so your text does not reach the locksmith any more. Call the office at {business_phone}.",
  locksmith_relayed: [
    "{business}: the customer {customer} ({service}) wrote:",
    "{relay}",
    "Answer from your job page.",
  ].join("\n"),
  operator_alert: [
    "{business} night watch: {alert}",
    "{service} for {customer}, {customer_phone}",
    "Where: {address}",
    "Open: {lead_link}",
  ].join("\n"),
};

/** A template longer than this would be split into more than four text segments. */
export const TEMPLATE_MAX_LENGTH = 600;

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** What is wrong with a template for this kind, or undefined when it is fine. */
export function templateProblem(kind: TextKind, template: string): string | undefined {
  const text = template.trim();
  if (!text) return "Write the text, or switch this kind off.";
  if (text.length > TEMPLATE_MAX_LENGTH)
    return `Keep it to ${TEMPLATE_MAX_LENGTH} characters (now ${text.length}).`;
  const rules = KIND_RULES[kind];
  const used = [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  const unknown = used.find((name) => !(rules.allowed as readonly string[]).includes(name));
  if (unknown) {
    return `{${unknown}} cannot be filled in this text. Use ${rules.allowed.map((name) => `{${name}}`).join(", ")}.`;
  }
  const missing = rules.required.find((name) => !used.includes(name));
  if (missing) return `This text needs {${missing}}.`;
  return undefined;
}

/** The text as sent: placeholders filled, empty lines left out, the opt-out line added. */
export function renderText(kind: TextKind, template: string, values: TextValues): string {
  const lines = template
    .trim()
    .split("\n")
    .flatMap((line) => {
      const names = [...line.matchAll(PLACEHOLDER)].map((match) => match[1] as Placeholder);
      const filled = names.map((name) => values[name]?.trim() ?? "");
      if (names.length > 0 && filled.every((value) => value === "")) return [];
      return [line.replace(PLACEHOLDER, (_, name: Placeholder) => values[name]?.trim() ?? "")];
    });
  if (KIND_RULES[kind].toCustomer) lines.push(OPT_OUT_LINE);
  return lines.join("\n");
}

/** Values for the preview in Settings → Messages. */
export const SAMPLE_VALUES: Required<{ [name in Placeholder]: string }> = {
  business: "Lockline",
  business_phone: "(708) 555-0100",
  customer: "Maria Lopez",
  customer_phone: "(773) 555-0142",
  address: "6118 S Pulaski Rd, Apt 2, 60629",
  service: "Car Lockout",
  details: "Keys locked in a grey Corolla",
  code: "K7Q2ZB",
  roster_link: "https://lockline.example/l/…",
  code_expires: "Nov 24, 2026, 2:30 AM",
  answer_by: "2:40 AM",
  link: "https://lockline.example/j/4bJ…",
  locksmith: "Marcus Reed",
  minutes: "20",
  review_link: "https://lockline.example/review/Qe9…",
  customer_link: "https://lockline.example/t/Zx3…",
  reason: "The office gave it to another locksmith.",
  alert: "New request untouched for 2 min",
  lead_link: "https://lockline.example/admin/leads/8f14e45f-…",
  amount: "$185.00",
  approval_code: "482913",
  balance: "$185.00",
  request_link: "https://lockline.example/request",
  relay: "I am outside the blue door, be there in 2 minutes.",
};
