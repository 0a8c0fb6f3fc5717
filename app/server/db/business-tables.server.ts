import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { ASSIGNMENT_STATES, END_REASONS } from "~/lib/dispatch/assignment-machine";
import {
  CALL_STATUSES,
  DISPATCH_CODE_STATUSES,
  JOB_STATUSES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  SERVICE_TYPES,
} from "~/lib/business-enums";
import { DEFAULT_CUT_PERCENT } from "~/lib/money/job-split";
import type { OnCallShift } from "~/lib/dispatch/on-call";
import { PAYOUT_METHODS } from "~/lib/money/payouts";
import {
  COLLECTORS,
  CUSTOMER_PAYMENT_METHODS,
  SETTLEMENT_DIRECTIONS,
} from "~/lib/money/collection";
import { CARD_MONEY_KINDS, PAYMENT_VERDICTS, REFUND_STATES } from "~/lib/money/card-payments";
import { APPROVAL_WAYS, QUOTE_MAX_CENTS, QUOTE_STATES, type QuoteLine } from "~/lib/money/quote";
import {
  createdAt,
  newestFirstIndexes,
  phoneDigitsOf,
  phoneGramsOf,
  trigram,
  updatedAt,
  uuidPrimaryKey,
} from "./columns.server";

/*
 * The back office's business tables: locksmiths, leads, jobs, dispatch codes, call logs.
 * Money is integer cents; times are timestamptz; ids are UUIDs. Every searched text column
 * has a trigram index (pg_trgm, created by the migration) so `ILIKE '%…%'` stays fast on
 * tens of thousands of rows; phone numbers are searched and indexed by their digits, so
 * "312-555" finds "(312) 555-0147" and "+13125550147" alike.
 */

export const serviceType = pgEnum("service_type", SERVICE_TYPES);
export const leadStatus = pgEnum("lead_status", LEAD_STATUSES);
export const leadSource = pgEnum("lead_source", LEAD_SOURCES);
export const jobStatus = pgEnum("job_status", JOB_STATUSES);
export const dispatchCodeStatus = pgEnum("dispatch_code_status", DISPATCH_CODE_STATUSES);
export const callStatus = pgEnum("call_status", CALL_STATUSES);
export const customerPaymentMethod = pgEnum("customer_payment_method", CUSTOMER_PAYMENT_METHODS);
export const collector = pgEnum("collector", COLLECTORS);
export const locksmithPresence = pgEnum("locksmith_presence", ["available", "off"]);

export const locksmiths = pgTable(
  "locksmiths",
  {
    id: uuidPrimaryKey(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    phoneDigits: phoneDigitsOf("phone"),
    email: text("email"),
    active: boolean("active").notNull().default(true),
    /** The ZIP codes the locksmith covers; leads in these ZIPs suggest them first. */
    assignedZips: text("assigned_zips")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    paymentMethod: text("payment_method"),
    /** The locksmith's share of a job's price, in whole percent, when none is given. */
    defaultCutPercent: smallint("default_cut_percent").notNull().default(DEFAULT_CUT_PERCENT),
    /** Their own Illinois locksmith license (app/lib/locksmiths/license.ts), and its last day. */
    licenseNumber: text("license_number"),
    licenseExpiresOn: date("license_expires_on", { mode: "string" }),
    /**
     * What the locksmith set themselves to (from their own page, or the office), and when;
     * "on a job" is not stored: it is their live assignment. A new locksmith starts Off: they
     * opt in (decision 0057).
     */
    presence: locksmithPresence("presence").notNull().default("off"),
    presenceChangedAt: timestamp("presence_changed_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    /** Available lapses at this instant, the end of the shift they chose; null: until Off. */
    availableUntil: timestamp("available_until", { withTimezone: true }),
    /** The weekly on-call schedule, Chicago time (app/lib/dispatch/on-call.ts); [] = any time. */
    onCallShifts: jsonb("on_call_shifts")
      .$type<OnCallShift[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Their own page's link (/l/:token): only the token's hash, and until when it opens. */
    linkTokenHash: text("link_token_hash").unique(),
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "locksmiths_default_cut_percent_range",
      sql`${table.defaultCutPercent} between 0 and 100`,
    ),
    ...newestFirstIndexes("locksmiths", table, { name: "active", column: table.active }),
    trigram("locksmiths_name_trgm_idx", sql`${table.name}`),
    trigram("locksmiths_phone_digits_trgm_idx", sql`${table.phoneDigits}`),
    trigram("locksmiths_email_trgm_idx", sql`${table.email}`),
  ],
);

/**
 * The people who call and write, one per phone number (E.164): a lead, a call or a job from
 * a number finds its customer, or makes one. What the business knows of them (name,
 * address, notes) is kept here as well as on each lead.
 */
export const customers = pgTable(
  "customers",
  {
    id: uuidPrimaryKey(),
    phone: text("phone").notNull().unique(),
    name: text("name"),
    address: text("address"),
    notes: text("notes"),
    /** They replied STOP: no text is queued to them until they reply START. */
    textsOptedOutAt: timestamp("texts_opted_out_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check("customers_phone_e164", sql`${table.phone} ~ '^\\+[1-9][0-9]{6,14}$'`)],
);

export const leads = pgTable(
  "leads",
  {
    id: uuidPrimaryKey(),
    /** Callers do not always give a name: shown as 'Unknown'. */
    name: text("name"),
    phone: text("phone").notNull(),
    phoneDigits: phoneDigitsOf("phone"),
    phoneGrams: phoneGramsOf("phone"),
    serviceType: serviceType("service_type").notNull(),
    /** Free text, as the caller said it; null when not given. */
    zip: text("zip"),
    status: leadStatus("status").notNull().default("new"),
    assignedLocksmithId: uuid("assigned_locksmith_id").references(() => locksmiths.id, {
      onDelete: "set null",
    }),
    source: leadSource("source").notNull().default("manual"),
    details: text("details"),
    /** Street and unit, or cross streets: where the locksmith goes. */
    address: text("address"),
    /** An e-mail address the customer gave on the website's form, for the receipt's copy. */
    email: text("email"),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /**
     * The customer agreed to texts about this request: ticked by them on the website's
     * form, or by the operator for a caller who said yes on the phone.
     */
    textConsent: boolean("text_consent").notNull().default(false),
    /** The form's one-time token: a double-clicked Add Lead makes one lead. */
    idempotencyKey: uuid("idempotency_key").unique(),
    createdAt: createdAt(),
    /*
     * Where the lead came from, for the reports (issue 30, decision 0039): the source's name
     * ("Google Ads", "Website", a tracking number's source, the office's pick; null when not
     * known), and a web request's first touch: the visit's first page, the referring site,
     * its utm_* and gclid, and the page the form was sent from. Captured once, never edited.
     */
    sourceName: text("source_name"),
    landingPage: text("landing_page"),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    gclid: text("gclid"),
    requestPage: text("request_page"),
    /** The number a caller dialled (a tracking number, or the website's own). */
    calledNumber: text("called_number"),
    /**
     * A guarantee call-back (issue 45, decision 0065): the completed job whose guarantee it
     * is made under; its job is priced $0 unless the customer approves a quote with a reason.
     */
    guaranteeJobId: uuid("guarantee_job_id").references((): AnyPgColumn => jobs.id, {
      onDelete: "set null",
    }),
  },
  (table) => [
    // Reports read a period's leads by day; the leads list filters by source.
    index("leads_source_name_created_at_idx").on(table.sourceName, table.createdAt.desc()),
    index("leads_customer_created_at_idx").on(table.customerId, table.createdAt.desc()),
    // Everything the leads search reads, so its count by status never touches the table.
    ...newestFirstIndexes("leads", table, {
      name: "status",
      column: table.status,
      searched: [table.serviceType, table.name, table.phoneDigits, table.phoneGrams, table.zip],
    }),
    index("leads_assigned_locksmith_id_idx").on(table.assignedLocksmithId),
    // A job's call-backs, for its row in Jobs.
    index("leads_guarantee_job_id_idx")
      .on(table.guaranteeJobId)
      .where(sql`${table.guaranteeJobId} is not null`),
    trigram("leads_name_trgm_idx", sql`${table.name}`, table.status),
    index("leads_phone_grams_idx").using("gin", table.status, table.phoneGrams),
    trigram("leads_zip_trgm_idx", sql`${table.zip}`, table.status),
  ],
);

type JobMoneyColumns = Record<
  "status" | "finalPriceCents" | "cardKeptCents" | "planCashCents",
  AnyPgColumn
>;

/**
 * What a job keeps over what its price asks (card money less refunds, plus plan instalments
 * paid in cash or by check; a job not completed asks nothing): above 0 a refund is due. The
 * partial index below and the queries that read it share this one text, so the planner
 * matches them.
 */
export function keptOverPrice(table: JobMoneyColumns) {
  return sql`${table.cardKeptCents} + ${table.planCashCents} - case when ${table.status} = 'completed' then coalesce(${table.finalPriceCents}, 0) else 0 end`;
}

export const jobs = pgTable(
  "jobs",
  {
    id: uuidPrimaryKey(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    locksmithId: uuid("locksmith_id").references(() => locksmiths.id, { onDelete: "set null" }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    clientName: text("client_name").notNull(),
    /** Copied from the lead when the job is made from one. */
    address: text("address"),
    jobType: serviceType("job_type").notNull(),
    status: jobStatus("status").notNull().default("in_progress"),
    /** Price and split are all null until the price is set, then all set (checked below). */
    finalPriceCents: integer("final_price_cents"),
    theirCutPercent: smallint("their_cut_percent"),
    theirCutCents: integer("their_cut_cents"),
    yourCutCents: integer("your_cut_cents"),
    createdAt: createdAt(),
    /** When the job last moved to completed; null while it is not completed. */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The form's one-time token: a double-clicked New Job makes one job. */
    idempotencyKey: uuid("idempotency_key").unique(),
    /**
     * A price the locksmith confirmed although it is far outside the usual range for the
     * service: what the office should check, in a sentence; null when there is nothing to.
     */
    priceFlag: text("price_flag"),
    /** The payout that settled the locksmith's cut (pricing is then fixed). */
    payoutId: uuid("payout_id").references((): AnyPgColumn => payouts.id, {
      onDelete: "set null",
    }),
    /** How the customer paid (recorded at completion); null for jobs from before issue 29. */
    paymentMethod: customerPaymentMethod("payment_method"),
    /** Who holds the customer's money: decides which way the job's cut is owed (0031). */
    collectedBy: collector("collected_by").notNull().default("business"),
    /**
     * Moves on every change of price or status (a trigger, migration 0030): a Checkout
     * Session made at another version is for a price the job no longer asks (issue 44).
     */
    priceVersion: integer("price_version").notNull().default(1),
    /**
     * Card money the business keeps for the job: payments less refunds (card_money, kept by
     * a trigger, migration 0031). A pay-link job counts in the ledger once this reaches its
     * price: until then it is awaiting payment (issue 44).
     */
    cardKeptCents: integer("card_kept_cents").notNull().default(0),
    /**
     * Instalments of a payment plan the office recorded as paid in cash or by check (issue
     * 45): with the card money kept, what a pay-link job has collected (decision 0065).
     */
    planCashCents: integer("plan_cash_cents").notNull().default(0),
  },
  (table) => [
    index("jobs_payout_id_idx").on(table.payoutId),
    // Payouts reads completed jobs' money from jobs_completed_money_idx, an index with
    // INCLUDE columns that Drizzle cannot declare: it is in migration 0014's hand-written part.
    // A lead has at most one open job: a second Create job finds the first.
    uniqueIndex("jobs_one_open_per_lead")
      .on(table.leadId)
      .where(sql`${table.status} = 'in_progress' and ${table.leadId} is not null`),
    index("jobs_customer_id_idx").on(table.customerId),
    check(
      "jobs_money_non_negative",
      sql`${table.finalPriceCents} >= 0 and ${table.theirCutCents} >= 0 and ${table.yourCutCents} >= 0`,
    ),
    check("jobs_their_cut_percent_range", sql`${table.theirCutPercent} between 0 and 100`),
    check(
      "jobs_split_complete",
      sql`(${table.finalPriceCents} is null and ${table.theirCutPercent} is null and ${table.theirCutCents} is null and ${table.yourCutCents} is null)
        or (${table.finalPriceCents} is not null and ${table.theirCutPercent} is not null and ${table.theirCutCents} is not null and ${table.yourCutCents} is not null
          and ${table.theirCutCents} + ${table.yourCutCents} = ${table.finalPriceCents})`,
    ),
    check(
      "jobs_completed_at_when_completed",
      sql`(${table.status} = 'completed') = (${table.completedAt} is not null)`,
    ),
    ...newestFirstIndexes("jobs", table, { name: "status", column: table.status }),
    index("jobs_lead_id_idx").on(table.leadId),
    index("jobs_locksmith_id_idx").on(table.locksmithId),
    trigram("jobs_client_name_trgm_idx", sql`${table.clientName}`),
    // Jobs are searched by id too: the list shows its first 8 characters.
    trigram("jobs_id_trgm_idx", sql`(${table.id}::text)`),
    // The few jobs keeping more money than they ask (a refund due): the reconciliation of a
    // month and the Jobs list's refunds read these alone (decision 0054).
    index("jobs_card_over_price_idx")
      .on(table.id)
      .where(sql`${keptOverPrice(table)} > 0`),
  ],
);

/** The job a row belongs to: always one, and the row goes when the job does. */
export const belongsToJob = () =>
  uuid("job_id")
    .notNull()
    .references(() => jobs.id, { onDelete: "cascade" });

/** The lead a row belongs to: always one, and the row goes when the lead does. */
export const belongsToLead = () =>
  uuid("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "cascade" });

export const assignmentState = pgEnum("assignment_state", ASSIGNMENT_STATES);
export const assignmentEndReason = pgEnum("assignment_end_reason", END_REASONS);

/**
 * One locksmith's assignment to one lead, from the offer to its end: the dispatch state
 * machine's rows (app/lib/dispatch/assignment-machine.ts, decision 0026). Each carries the
 * link of the locksmith's job page (/j/:token; only the token's hash is kept). A lead has at
 * most one live assignment (offered, accepted, on the way or arrived), and the job's
 * locksmith is the live assignment's.
 */
export const assignments = pgTable(
  "assignments",
  {
    id: uuidPrimaryKey(),
    tokenHash: text("token_hash").notNull(),
    leadId: belongsToLead(),
    locksmithId: uuid("locksmith_id")
      .notNull()
      .references(() => locksmiths.id, { onDelete: "cascade" }),
    dispatchCodeId: uuid("dispatch_code_id").references(() => dispatchCodes.id, {
      onDelete: "set null",
    }),
    /** The job the locksmith holds through this assignment (made or taken on Accept). */
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    state: assignmentState("state").notNull().default("offered"),
    /** Until when an unanswered offer stands (the dispatch code's expiry). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    onTheWayAt: timestamp("on_the_way_at", { withTimezone: true }),
    etaMinutes: smallint("eta_minutes"),
    /** The customer's "on the way" texts for this assignment, and when the last was queued. */
    etaTexts: smallint("eta_texts").notNull().default(0),
    etaTextedAt: timestamp("eta_texted_at", { withTimezone: true }),
    /** When the customer was told the estimate passed (once per assignment, issue 45). */
    lateTextedAt: timestamp("late_texted_at", { withTimezone: true }),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Declined, expired or withdrawn: when, why, and the office's words (a reassign's). */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endReason: assignmentEndReason("end_reason"),
    endNote: text("end_note"),
    /** The dispatch form's one-time token: a double-clicked Dispatch sends once. */
    idempotencyKey: uuid("idempotency_key").unique(),
    /**
     * A second link to the same job page, made when the locksmith opens the job from their
     * own page (/l/:token): the texted link keeps working; only the latest such link does.
     */
    rosterLinkHash: text("roster_link_hash"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("assignments_token_hash_idx").on(table.tokenHash),
    uniqueIndex("assignments_roster_link_hash_idx")
      .on(table.rosterLinkHash)
      .where(sql`${table.rosterLinkHash} is not null`),
    index("assignments_lead_id_idx").on(table.leadId, table.createdAt.desc()),
    index("assignments_job_id_idx").on(table.jobId),
    index("assignments_locksmith_id_idx").on(table.locksmithId),
    // Ranking reads, per locksmith: the live assignment, the offers missed lately, and when
    // the last one ended — each one index probe, however many leads there are.
    index("assignments_locksmith_live_idx")
      .on(table.locksmithId, table.createdAt)
      .where(sql`${table.state} in ('offered', 'accepted', 'on_the_way', 'arrived')`),
    index("assignments_locksmith_missed_idx")
      .on(table.locksmithId, table.endedAt)
      .where(sql`${table.endReason} in ('declined', 'expired')`),
    index("assignments_locksmith_finished_idx").on(
      table.locksmithId,
      sql`(coalesce(${table.completedAt}, ${table.endedAt}))`,
    ),
    // The guard of the whole machine: one live assignment per lead.
    uniqueIndex("assignments_one_live_per_lead")
      .on(table.leadId)
      .where(sql`${table.state} in ('offered', 'accepted', 'on_the_way', 'arrived')`),
    check("assignments_eta_range", sql`${table.etaMinutes} between 1 and 240`),
    check(
      "assignments_completed_at_when_completed",
      sql`(${table.state} = 'completed') = (${table.completedAt} is not null)`,
    ),
    check(
      "assignments_ended_when_ended",
      // As text: the enum's 'refused' is added in the same migration (issue 49).
      sql`(${table.state}::text in ('declined', 'expired', 'withdrawn', 'refused')) = (${table.endedAt} is not null and ${table.endReason} is not null)`,
    ),
  ],
);

export const payoutMethod = pgEnum("payout_method", PAYOUT_METHODS);
export const settlementDirection = pgEnum("settlement_direction", SETTLEMENT_DIRECTIONS);

/**
 * Money paid to a locksmith, in cents, on a day (Chicago), covering completed jobs (their
 * payout_id). Undone (owner only) releases the jobs; the row stays, for the record.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuidPrimaryKey(),
    locksmithId: uuid("locksmith_id")
      .notNull()
      .references(() => locksmiths.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    method: payoutMethod("method").notNull(),
    reference: text("reference"),
    partial: boolean("partial").notNull().default(false),
    /** Which way the money went: to the locksmith (a payout) or from them (decision 0031). */
    direction: settlementDirection("direction").notNull().default("to_locksmith"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    undoneBy: text("undone_by"),
    /** The form's one-time token: a double-submitted payout is recorded once. */
    idempotencyKey: uuid("idempotency_key").unique(),
  },
  (table) => [
    check("payouts_amount_positive", sql`${table.amountCents} > 0`),
    index("payouts_locksmith_paid_on_idx").on(table.locksmithId, table.paidOn),
  ],
);

/**
 * Each locksmith's cut of every completed job, all time: the "earned" half of what they are
 * owed, kept by a trigger on jobs (migration 0015), so a balance is one row, not a sum over
 * every job the business ever did. Written only by that trigger.
 */
export const locksmithEarnings = pgTable("locksmith_earnings", {
  locksmithId: uuid("locksmith_id")
    .primaryKey()
    .references(() => locksmiths.id, { onDelete: "cascade" }),
  earnedCents: bigint("earned_cents", { mode: "number" }).notNull().default(0),
});

export const dispatchCodes = pgTable(
  "dispatch_codes",
  {
    id: uuidPrimaryKey(),
    code: text("code").notNull().unique(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    locksmithId: uuid("locksmith_id").references(() => locksmiths.id, { onDelete: "set null" }),
    expirationTime: timestamp("expiration_time", { withTimezone: true }).notNull(),
    status: dispatchCodeStatus("status").notNull().default("new"),
    /** The dispatch form's one-time token: a double-clicked Dispatch makes one code. */
    idempotencyKey: uuid("idempotency_key").unique(),
    createdAt: createdAt(),
  },
  (table) => [
    check("dispatch_codes_code_format", sql`${table.code} ~ '^[A-Z0-9]{1,20}$'`),
    ...newestFirstIndexes("dispatch_codes", table, { name: "status", column: table.status }),
    index("dispatch_codes_lead_id_idx").on(table.leadId),
    index("dispatch_codes_locksmith_id_idx").on(table.locksmithId),
    trigram("dispatch_codes_code_trgm_idx", sql`${table.code}`),
  ],
);

export const callLogs = pgTable(
  "call_logs",
  {
    id: uuidPrimaryKey(),
    clientPhone: text("client_phone").notNull(),
    clientPhoneDigits: phoneDigitsOf("client_phone"),
    status: callStatus("status").notNull(),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }),
    /** The phone system's recording; served to the browser only through our proxy. */
    recordingUrl: text("recording_url"),
    /** Twilio's CallSid: a webhook delivered twice records the call once. */
    twilioCallSid: text("twilio_call_sid").unique(),
    /** The number the caller dialled (Twilio's To): its source in Settings → Sources. */
    calledNumber: text("called_number"),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The caller left a voicemail (the recording is the message), through Lockline's call flow. */
    voicemail: boolean("voicemail").notNull().default(false),
    /** How long the voicemail runs (Twilio's RecordingDuration), when one was left. */
    voicemailSeconds: integer("voicemail_seconds"),
    /** Twilio's transcription of the voicemail (Settings → Phone, off by default). */
    transcript: text("transcript"),
    /** When the recording was deleted here and at Twilio (retention, Settings → Phone). */
    recordingPurgedAt: timestamp("recording_purged_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("call_logs_customer_start_idx").on(table.customerId, table.startTime.desc()),
    index("call_logs_missed_start_idx")
      .on(table.startTime.desc())
      .where(sql`${table.status} = 'missed'`),
    check("call_logs_duration_non_negative", sql`${table.durationSeconds} >= 0`),
    ...newestFirstIndexes("call_logs", table, { name: "status", column: table.status }),
    trigram("call_logs_client_phone_digits_trgm_idx", sql`${table.clientPhoneDigits}`),
    trigram("call_logs_id_trgm_idx", sql`(${table.id}::text)`),
    index("call_logs_recording_created_idx")
      .on(table.createdAt)
      .where(sql`${table.recordingUrl} is not null`),
  ],
);

/**
 * What Lockline's call flow (issue 50) learned about a call before its terminal status
 * callback: whether a person picked up a ringing leg, and the voicemail the caller left.
 * The terminal event reads it to store the call as it really ended (decision 0071).
 */
export const callFlows = pgTable("call_flows", {
  twilioCallSid: text("twilio_call_sid").primaryKey(),
  answered: boolean("answered").notNull().default(false),
  /** The caller reached voicemail (whether or not they left a message). */
  reachedVoicemail: boolean("reached_voicemail").notNull().default(false),
  voicemailUrl: text("voicemail_url"),
  voicemailSeconds: integer("voicemail_seconds"),
  /** A transcription that came before the call's terminal status callback. */
  transcript: text("transcript"),
  createdAt: createdAt(),
});

export const quoteState = pgEnum("quote_state", QUOTE_STATES);
export const approvalWay = pgEnum("approval_way", APPROVAL_WAYS);

/**
 * The locksmith's on-site quotes for a job (issue 29, decision 0031): at most one current
 * (pending or approved) per job; a new one supersedes it. The final price may not exceed
 * the approved one. A quote beyond the sanity bounds is "held" for the office (decision
 * 0055): it leaves the current one standing until the office confirms it.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: uuidPrimaryKey(),
    jobId: belongsToJob(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    locksmithId: uuid("locksmith_id").references(() => locksmiths.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    /** Line items as typed (label and cents), or null for a quote given as a total. */
    lines: jsonb("lines").$type<QuoteLine[]>(),
    /** Why: outside the usual range, or replacing an approved quote. */
    reason: text("reason"),
    state: quoteState("state").notNull().default("pending"),
    approvedWay: approvalWay("approved_way"),
    /** The name the customer typed when approving in person (or signing). */
    approvedName: text("approved_name"),
    /** The customer's signature drawn on the locksmith's device: a PNG data URL. */
    approvedSignature: text("approved_signature"),
    /** Why the office did not confirm a held quote: the locksmith reads it. */
    officeReason: text("office_reason"),
    /** The one-time approval code texted to the customer (hashed), while one is live. */
    approvalCodeHash: text("approval_code_hash"),
    approvalCodeExpiresAt: timestamp("approval_code_expires_at", { withTimezone: true }),
    /** Wrong codes typed against the live one: at the limit it stops working. */
    approvalCodeTries: integer("approval_code_tries").notNull().default(0),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("quotes_one_current_per_job")
      .on(table.jobId)
      .where(sql`${table.state} in ('pending', 'approved')`),
    index("quotes_job_id_idx").on(table.jobId, table.createdAt.desc()),
    check(
      "quotes_amount_range",
      sql`${table.amountCents} between 0 and ${sql.raw(String(QUOTE_MAX_CENTS))}`,
    ),
    // The drawn signature's size cap (the job page's form checks it too).
    check(
      "quotes_signature_size",
      sql`${table.approvedSignature} is null or length(${table.approvedSignature}) <= 200000`,
    ),
    check(
      "quotes_approved_how",
      // A superseded quote keeps how it was approved, for the record.
      sql`${table.state} not in ('approved', 'pending', 'declined') or (${table.state} = 'approved') = (${table.approvedWay} is not null)`,
    ),
  ],
);

/**
 * The customer's page links (/t/:token), texted at dispatch: random, stored hashed, expiring.
 * A link shows its lead's latest assignment and job, and nothing else.
 */
export const customerLinks = pgTable(
  "customer_links",
  {
    id: uuidPrimaryKey(),
    leadId: belongsToLead(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("customer_links_token_hash_idx").on(table.tokenHash),
    index("customer_links_lead_id_idx").on(table.leadId),
  ],
);

export type Quote = typeof quotes.$inferSelect;

export type Locksmith = typeof locksmiths.$inferSelect;
export type Lead = typeof leads.$inferSelect;
export type Job = typeof jobs.$inferSelect;
export type DispatchCode = typeof dispatchCodes.$inferSelect;
export type Assignment = typeof assignments.$inferSelect;
export type CallLog = typeof callLogs.$inferSelect;
export type Customer = typeof customers.$inferSelect;

/**
 * Card payment links for a completed job's final price (Stripe Checkout Sessions, decision
 * 0036), made when the customer taps Pay on their page. A session is paid once, by its
 * signed `checkout.session.completed` webhook; a job has at most one paid link.
 */
export const payLinks = pgTable(
  "pay_links",
  {
    id: uuidPrimaryKey(),
    jobId: belongsToJob(),
    sessionId: text("session_id").notNull().unique(),
    url: text("url").notNull(),
    amountCents: integer("amount_cents").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The Stripe event that paid it, for the record. */
    paidByEvent: text("paid_by_event"),
    /** The job's price version the session was made for (jobs.price_version). */
    priceVersion: integer("price_version").notNull().default(1),
    /** When we expired it at Stripe (the price changed or the job was cancelled). */
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    /** The payment plan's instalment it is for (its amount); null: the whole balance. */
    instalmentId: uuid("instalment_id").references((): AnyPgColumn => planInstalments.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index("pay_links_job_id_idx").on(table.jobId, table.createdAt.desc()),
    check("pay_links_amount_range", sql`${table.amountCents} >= 0`),
  ],
);

export const cardMoneyKind = pgEnum("card_money_kind", CARD_MONEY_KINDS);
export const paymentVerdict = pgEnum("payment_verdict", PAYMENT_VERDICTS);
export const refundState = pgEnum("refund_state", REFUND_STATES);

/**
 * Card money as Stripe moved it (issue 44, decision 0050): one row per paid Checkout
 * Session and one per refund. A job's balance is its price less its payments plus its
 * refunds; a payment is kept with its verdict (for the price, for an old amount, for a
 * cancelled job, a duplicate), and one the office must decide on stays open until it does.
 */
export const cardMoney = pgTable(
  "card_money",
  {
    id: uuidPrimaryKey(),
    jobId: belongsToJob(),
    kind: cardMoneyKind("kind").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** Payments: the paid session; refunds: the session of the payment refunded. */
    payLinkId: uuid("pay_link_id").references(() => payLinks.id, { onDelete: "set null" }),
    /** Stripe's payment intent (what a refund names). */
    paymentIntent: text("payment_intent"),
    /** Payments: the verdict on arrival. */
    verdict: paymentVerdict("verdict"),
    /** Refunds: the payment given back, Stripe's refund id and where it stands. */
    refundOf: uuid("refund_of").references((): AnyPgColumn => cardMoney.id, {
      onDelete: "set null",
    }),
    refundId: text("refund_id"),
    refundState: refundState("refund_state"),
    /** A payment the office had to decide on: when that was settled (refunded or kept). */
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("card_money_job_id_idx").on(table.jobId, table.createdAt),
    index("card_money_created_at_idx").on(table.createdAt),
    // One payment per session, however many times its events (or the return page) say so.
    uniqueIndex("card_money_one_payment_per_session")
      .on(table.payLinkId)
      .where(sql`${table.kind} = 'payment'`),
    uniqueIndex("card_money_refund_id_unique").on(table.refundId),
    index("card_money_open_alerts_idx")
      .on(table.createdAt)
      .where(
        sql`${table.kind} = 'payment' and ${table.verdict} <> 'for_price' and ${table.settledAt} is null`,
      ),
    check("card_money_amount_positive", sql`${table.amountCents} > 0`),
    check(
      "card_money_kind_fields",
      sql`(${table.kind} = 'payment') = (${table.verdict} is not null) and (${table.kind} = 'refund') = (${table.refundState} is not null)`,
    ),
  ],
);
export type CardMoney = typeof cardMoney.$inferSelect;

/**
 * A completed job's payment plan (issue 45, decision 0065): 2–6 instalments with a Chicago
 * date and an amount each, adding up to what was due when it was set, at the job's price
 * version then. A change of price (or status) cancels the plan: its rows get `cancelled_at`
 * and its open sessions are expired. An instalment is paid by its own pay link or recorded
 * by the office as cash or check.
 */
export const planInstalments = pgTable(
  "plan_instalments",
  {
    id: uuidPrimaryKey(),
    jobId: belongsToJob(),
    number: smallint("number").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    priceVersion: integer("price_version").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** "pay_link", "cash" or "check" (app/lib/money/payment-plan.ts). */
    paidBy: text("paid_by"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // One live plan per job: its numbers once each.
    uniqueIndex("plan_instalments_live_number")
      .on(table.jobId, table.number)
      .where(sql`${table.cancelledAt} is null`),
    check("plan_instalments_amount_positive", sql`${table.amountCents} > 0`),
    check("plan_instalments_number_range", sql`${table.number} between 1 and 6`),
    check(
      "plan_instalments_paid_by",
      sql`(${table.paidAt} is null) = (${table.paidBy} is null) and (${table.paidBy} is null or ${table.paidBy} in ('pay_link', 'cash', 'check'))`,
    ),
  ],
);
export type PlanInstalment = typeof planInstalments.$inferSelect;
