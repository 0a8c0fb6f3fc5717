import crypto from "node:crypto";
import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { formatCents } from "~/lib/money/money";
import { phoneReachProblem } from "~/lib/phone-region";
import {
  discountLine,
  type DiscountInput,
  quoteHeldForOffice,
  quoteReasonNeeded,
  quoteTotal,
  type ApprovalWay,
  type QuoteLine,
  type QuoteView,
} from "~/lib/money/quote";
import {
  customers,
  jobs,
  locksmiths,
  quotes,
  type Lead,
  type Quote,
} from "../db/business-tables.server";
import { formatRange } from "~/lib/money/price-list";
import { GUARANTEE_TEXT, leadPriceRange } from "~/lib/money/guarantee";
import { messages } from "../db/messaging-tables.server";
import type { Db } from "../db/database.server";
import { RuleError } from "../rule-error.server";
import { recordActivity } from "../activity/activity.server";
import { queueCustomerText, type TextContext } from "../texting/outbox.server";
import { newCustomerPageUrl } from "../customers/customer-links.server";
import { setJobPricing } from "./jobs.server";
import { lockLead } from "../leads/leads.server";
import { requireOfficeDoorCheck } from "../door-check/door-checks.server";
import { readPriceList } from "./price-list.server";
import { readAfterHours } from "./after-hours.server";
import { afterHoursProblem } from "~/lib/money/line-kinds";
import { notifyOperators } from "../night-watch/notify-operators.server";
import { closeOpenAlert } from "../night-watch/alerts.server";
import { readNightWatchSettings } from "../night-watch/settings.server";

/*
 * Quotes before work (issue 29, decision 0031): the locksmith's on-site quote for a job,
 * approved by the customer (on their page or in person) before the final price may be set,
 * and bounding it. Every function takes the caller's transaction, under the lead's lock, so a
 * quote, its approval and the completion are never half-written or crossed.
 */

export const QUOTE_RULE = {
  changed:
    "This quote was changed or replaced since the page was opened: look at the quote as it is now.",
  decided: "This quote was answered already: nothing more was recorded.",
  none: "There is no quote to answer yet.",
  noTexting:
    "Texting is not set up, so no code can reach the customer's phone: ask them to approve on their own page, or call the office.",
  codeNotTexted:
    "We cannot text this customer a code (they replied STOP, or asked for too many codes): ask them to approve on their own page, or call the office.",
  codeExpired: "This code has expired or was never sent: text the customer a new one.",
  codeWrong: "That is not the code we texted. Check it with the customer and type it again.",
  codeSpent: "Too many wrong codes: text the customer a new one.",
  signatureRefused:
    "This customer can get a code by text: text them a code, or ask them to approve on their own page.",
  officeDecided:
    "This quote was confirmed, rejected or replaced already: nothing more was recorded.",
  jobClosed: "The job is completed or cancelled: this quote can no longer go to the customer.",
} as const;

/** How long a texted approval code works, and how many wrong tries it survives. */
export const APPROVAL_CODE_MINUTES = 10;
export const APPROVAL_CODE_TRIES = 5;

function hashApprovalCode(quoteId: string, code: string): string {
  return crypto.createHash("sha256").update(`${quoteId}:${code}`).digest("hex");
}

/** The job's current quote (pending or approved), if any. */
export async function currentQuote(tx: Db, jobId: string): Promise<Quote | undefined> {
  const [row] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.jobId, jobId), inArray(quotes.state, ["pending", "approved"])));
  return row;
}

/**
 * The quote the pages show: the current one (pending or approved), else the latest in any
 * state (a declined one too). A withdrawn raise is newer than the approval that stands again.
 * Never one held for the office or rejected by it (issue 44: a typo cannot reach the customer
 * as a price): the locksmith's page shows that one apart (`officeQuote`).
 */
export async function customerQuote(db: Db, jobId: string): Promise<Quote | undefined> {
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.jobId, jobId), notInArray(quotes.state, ["held", "rejected"])))
    .orderBy(
      desc(sql`${quotes.state} in ('pending', 'approved')`),
      desc(quotes.createdAt),
      desc(quotes.id),
    )
    .limit(1);
  return row;
}

/** The job's newest quote when it waits for the office or was rejected by it, for the locksmith. */
export async function officeQuote(db: Db, jobId: string): Promise<Quote | undefined> {
  const [row] = await db
    .select()
    .from(quotes)
    .where(eq(quotes.jobId, jobId))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(1);
  return row?.state === "held" || row?.state === "rejected" ? row : undefined;
}

export interface QuoteInput {
  lines: QuoteLine[];
  total: number | null;
  reason: string | null;
  /** A senior, military or other discount off the lines (none when absent). */
  discount?: DiscountInput;
}

const NO_DISCOUNT: DiscountInput = { kind: null, cents: null, reason: null };

/** A field's problem with a quote: the page shows it next to that field. */
export class QuoteFieldError extends RuleError {
  override name = "QuoteFieldError";
  constructor(
    readonly quoteField:
      | "total"
      | "reason"
      | "discount"
      | "discountAmount"
      | "discountReason"
      | `lines[${number}].kind`,
    message: string,
  ) {
    super(message, { field: quoteField });
  }
}

/**
 * A new quote for the job, replacing the current one (pending or approved): its total from
 * the lines or as typed; a reason when it is outside the service's usual range or replaces
 * an approved quote. Written with its timeline entry. A total beyond the sanity bounds is
 * held for the office (decision 0055): the current quote stands, the customer sees nothing,
 * and the office is alerted as the night watch alerts it.
 */
export async function giveQuote(
  tx: Db,
  input: QuoteInput & {
    jobId: string;
    lead: Lead;
    locksmithId: string;
    actor: Actor;
    texts: TextContext;
    now: Date;
  },
): Promise<Quote> {
  const discount = discountLine(input.lines, input.discount ?? NO_DISCOUNT);
  if (!discount.ok) throw new QuoteFieldError(discount.field, discount.error);
  // The price list decides what a quote may contain: an after-hours line only when it is on.
  const afterHours = afterHoursProblem(input.lines, await readAfterHours(tx), input.now);
  if (afterHours) throw new QuoteFieldError(`lines[${afterHours.index}].kind`, afterHours.error);
  const lines = discount.line ? [...input.lines, discount.line] : input.lines;
  const total = quoteTotal(lines, input.total);
  if (!total.ok) throw new QuoteFieldError("total", total.error);
  const prices = await readPriceList(tx);
  const range = leadPriceRange(prices, input.lead);
  const previous = await currentQuote(tx, input.jobId);
  // The usual range is about the work: a promised discount off it needs no excuse, and the
  // after-hours rate the business publishes is no part of it.
  const afterHoursCents = lines
    .filter((line) => line.kind === "after_hours")
    .reduce((sum, line) => sum + line.cents, 0);
  const beforeDiscount = total.cents - (discount.line?.cents ?? 0) - afterHoursCents;
  const needsReason = quoteReasonNeeded(beforeDiscount, range, previous?.state === "approved");
  if (needsReason && !input.reason) {
    throw new QuoteFieldError(
      "reason",
      input.lead.guaranteeJobId ? GUARANTEE_TEXT.reason : needsReason,
    );
  }
  const held = quoteHeldForOffice(total.cents, range);
  // An earlier quote still waiting for the office is replaced by any new one.
  await tx
    .update(quotes)
    .set({ state: "superseded" })
    .where(and(eq(quotes.jobId, input.jobId), eq(quotes.state, "held")));
  if (previous && !held) {
    await tx.update(quotes).set({ state: "superseded" }).where(eq(quotes.id, previous.id));
  }
  const [quote] = await tx
    .insert(quotes)
    .values({
      jobId: input.jobId,
      leadId: input.lead.id,
      locksmithId: input.locksmithId,
      amountCents: total.cents,
      lines: lines.length > 0 ? lines : null,
      reason: input.reason,
      state: held ? "held" : "pending",
    })
    .returning();
  const service = SERVICE_TYPE_LABELS[input.lead.serviceType];
  await recordActivity(tx, {
    actor: input.actor,
    entity: "lead",
    entityId: input.lead.id,
    action: held ? "quote_held" : "quote_given",
    before: previous ? { amountCents: previous.amountCents, state: previous.state } : null,
    after: {
      quoteId: quote!.id,
      jobId: input.jobId,
      amountCents: total.cents,
      lines: lines.map((line) => ({ ...line })),
      reason: input.reason,
      service,
      ...(held ? { held } : {}),
    },
    leadId: input.lead.id,
  });
  if (held) {
    await notifyOperators(
      tx,
      {
        leadId: input.lead.id,
        rule: "quote_held",
        since: input.now,
        detail: `${formatCents(total.cents)} for ${service} from ${input.actor.name}`,
      },
      { texts: input.texts, settings: await readNightWatchSettings(tx), now: input.now },
    );
  } else {
    await textQuoteWaiting(tx, input.texts, input.lead, quote!, input.actor);
  }
  return quote!;
}

/**
 * The customer hears of every price that waits on them, with their page to answer it: the
 * locksmith's quote and the office's raise alike. No agreement to texts, no text, and no link
 * made that nobody would receive.
 */
export async function textQuoteWaiting(
  tx: Db,
  texts: TextContext,
  lead: Lead,
  quote: Quote,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  if (!lead.textConsent) return;
  await queueCustomerText(
    tx,
    texts,
    lead,
    {
      kind: "customer_quote_waiting",
      values: {
        amount: formatCents(quote.amountCents),
        customer_link: await newCustomerPageUrl(tx, texts, lead.id, now),
      },
      jobId: quote.jobId,
    },
    actor,
  );
}

/** The office's answer to a held quote: confirmed, it goes to the customer as any quote. */
export async function decideHeldQuote(
  tx: Db,
  input: {
    lead: Lead;
    quoteId: string;
    decision: "confirm" | "reject";
    /** Why not (reject): the locksmith reads it on the job page. */
    reason: string | null;
    texts: TextContext;
    actor: Actor;
    now: Date;
  },
): Promise<Quote> {
  const leadId = input.lead.id;
  const [held] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, input.quoteId), eq(quotes.leadId, leadId)));
  if (!held || held.state !== "held") throw new RuleError(QUOTE_RULE.officeDecided);
  const confirming = input.decision === "confirm";
  if (confirming) {
    const [job] = await tx
      .select({ id: jobs.id, status: jobs.status, jobType: jobs.jobType })
      .from(jobs)
      .where(eq(jobs.id, held.jobId));
    if (job?.status !== "in_progress") throw new RuleError(QUOTE_RULE.jobClosed);
    // A quote is given only after the door check (decision 0075), by the office too.
    await requireOfficeDoorCheck(tx, job);
    const previous = await currentQuote(tx, held.jobId);
    if (previous) {
      await tx.update(quotes).set({ state: "superseded" }).where(eq(quotes.id, previous.id));
    }
  }
  const [decided] = await tx
    .update(quotes)
    .set(
      confirming
        ? { state: "pending" }
        : { state: "rejected", officeReason: input.reason, decidedAt: input.now },
    )
    .where(and(eq(quotes.id, held.id), eq(quotes.state, "held")))
    .returning();
  if (!decided) throw new RuleError(QUOTE_RULE.officeDecided);
  await recordActivity(tx, {
    actor: input.actor,
    entity: "lead",
    entityId: leadId,
    action: confirming ? "quote_confirmed" : "quote_rejected",
    after: {
      quoteId: held.id,
      jobId: held.jobId,
      amountCents: held.amountCents,
      ...(confirming ? {} : { reason: input.reason }),
    },
    leadId,
  });
  if (confirming) await textQuoteWaiting(tx, input.texts, input.lead, decided, input.actor);
  const [stillHeld] = await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.leadId, leadId), eq(quotes.state, "held")))
    .limit(1);
  if (!stillHeld) await closeOpenAlert(tx, leadId, "quote_held", input.now);
  return decided;
}

/** The office's answer to a held quote, in its own transaction under the lead's lock. */
export function answerHeldQuote(
  db: Db,
  { leadId, ...input }: Omit<Parameters<typeof decideHeldQuote>[1], "lead"> & { leadId: string },
): Promise<Quote> {
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx, leadId);
    return decideHeldQuote(tx, { ...input, lead });
  });
}

/** A quote waiting for the office, as the lead page shows it with Confirm and Reject. */
export interface HeldQuoteView {
  id: string;
  amountCents: number;
  lines: QuoteLine[] | null;
  reason: string | null;
  locksmithName: string | null;
  createdAt: Date;
  /** Why it waits: "$18,500.00 is more than 3 times the usual top price ($350.00)…". */
  why: string;
  usualRange: string;
}

/** The lead's quotes waiting for the office, oldest first, for the lead page. */
export async function readHeldQuotes(
  db: Db,
  lead: Pick<Lead, "id" | "serviceType" | "guaranteeJobId">,
): Promise<HeldQuoteView[]> {
  const [rows, prices] = await Promise.all([
    db
      .select({ quote: quotes, locksmithName: locksmiths.name })
      .from(quotes)
      .leftJoin(locksmiths, eq(locksmiths.id, quotes.locksmithId))
      .where(and(eq(quotes.leadId, lead.id), eq(quotes.state, "held")))
      .orderBy(quotes.createdAt),
    readPriceList(db),
  ]);
  const range = leadPriceRange(prices, lead);
  return rows.map(({ quote, locksmithName }) => ({
    id: quote.id,
    amountCents: quote.amountCents,
    lines: quote.lines,
    reason: quote.reason,
    locksmithName,
    createdAt: quote.createdAt,
    // The range may have changed since: say why it waits by the list as it is now, if it does.
    why:
      quoteHeldForOffice(quote.amountCents, range) ??
      `${formatCents(quote.amountCents)} was far from the usual price when it was given`,
    usualRange: formatRange(range),
  }));
}

/** The job's pending quote the page showed (by id), or why it cannot be answered. */
async function pendingQuote(tx: Db, jobId: string, quoteId: string): Promise<Quote> {
  const current = await currentQuote(tx, jobId);
  if (!current) {
    const [asked] = await tx.select().from(quotes).where(eq(quotes.id, quoteId));
    if (asked?.jobId === jobId && asked.state === "declined") {
      throw new RuleError(QUOTE_RULE.decided);
    }
    throw new RuleError(asked?.jobId === jobId ? QUOTE_RULE.changed : QUOTE_RULE.none);
  }
  if (current.id !== quoteId) throw new RuleError(QUOTE_RULE.changed);
  if (current.state !== "pending") throw new RuleError(QUOTE_RULE.decided);
  return current;
}

type QuoteLead = Pick<Lead, "id" | "phone" | "customerId" | "textConsent" | "serviceType">;

/**
 * Whether no approval code can reach the customer's phone: texting is not set up, the number
 * is one we do not text, they replied STOP, or the last code we texted them failed. Only then
 * may the customer sign on the locksmith's device instead (decision 0055).
 */
export async function approvalCodeCannotReach(
  db: Db,
  lead: QuoteLead,
  texts: TextContext,
): Promise<boolean> {
  if (!texts.sender.configured) return true;
  if (phoneReachProblem(lead.phone, texts.phoneRegions)) return true;
  if (lead.customerId) {
    const [customer] = await db
      .select({ optedOutAt: customers.textsOptedOutAt })
      .from(customers)
      .where(eq(customers.id, lead.customerId));
    if (customer?.optedOutAt) return true;
  }
  const [last] = await db
    .select({ status: messages.status })
    .from(messages)
    .where(and(eq(messages.leadId, lead.id), eq(messages.purpose, "customer_approval_code")))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return last?.status === "failed" || last?.status === "undelivered";
}

/**
 * The customer signs on the locksmith's device (a drawing, or their full name typed with the
 * consent box ticked): only when no code can reach their phone; a customer we can text
 * approves with the code or on their own page.
 */
export async function approveWithSignature(
  tx: Db,
  input: {
    jobId: string;
    lead: QuoteLead;
    quoteId: string;
    name: string;
    signature: string | null;
    texts: TextContext;
    actor: Actor;
    now: Date;
  },
): Promise<Quote> {
  await pendingQuote(tx, input.jobId, input.quoteId);
  if (!(await approvalCodeCannotReach(tx, input.lead, input.texts))) {
    throw new RuleError(QUOTE_RULE.signatureRefused);
  }
  return answerQuote(tx, {
    jobId: input.jobId,
    lead: input.lead,
    quoteId: input.quoteId,
    answer: "approve",
    way: "customer_signature",
    signer: { name: input.name, signature: input.signature },
    texts: input.texts,
    actor: input.actor,
    now: input.now,
  });
}

/**
 * In person, the customer approves with a one-time code texted to their own phone (issue 44):
 * the locksmith asks for it here, and types what the customer reads out. A new code replaces
 * the last one. Refused when no text can reach the customer, so no code waits unseen.
 */
export async function sendApprovalCode(
  tx: Db,
  input: {
    jobId: string;
    lead: QuoteLead;
    quoteId: string;
    texts: TextContext;
    actor: Actor;
    now: Date;
  },
): Promise<void> {
  const quote = await pendingQuote(tx, input.jobId, input.quoteId);
  if (!input.texts.sender.configured) throw new RuleError(QUOTE_RULE.noTexting);
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  await tx
    .update(quotes)
    .set({
      approvalCodeHash: hashApprovalCode(quote.id, code),
      approvalCodeExpiresAt: new Date(input.now.getTime() + APPROVAL_CODE_MINUTES * 60_000),
      approvalCodeTries: 0,
    })
    .where(eq(quotes.id, quote.id));
  const texted = await queueCustomerText(
    tx,
    input.texts,
    input.lead,
    {
      kind: "customer_approval_code",
      values: {
        amount: formatCents(quote.amountCents),
        locksmith: input.actor.name,
        approval_code: code,
      },
      jobId: input.jobId,
    },
    input.actor,
    true,
  );
  if (!texted) throw new RuleError(QUOTE_RULE.codeNotTexted);
  await recordActivity(tx, {
    actor: input.actor,
    entity: "lead",
    entityId: input.lead.id,
    action: "approval_code_sent",
    after: { quoteId: quote.id, jobId: input.jobId, amountCents: quote.amountCents },
    leadId: input.lead.id,
  });
}

/**
 * The code the locksmith typed: right, it approves the quote ("approved in person with the
 * code texted to the customer"); wrong, the try is counted (returned, not thrown, so the
 * caller's transaction keeps the count) and at the limit the code stops working.
 */
export async function approveWithCode(
  tx: Db,
  input: {
    jobId: string;
    lead: QuoteLead;
    quoteId: string;
    code: string;
    texts: TextContext;
    actor: Actor;
    now: Date;
  },
): Promise<{ ok: true } | { ok: false; message: string }> {
  const quote = await pendingQuote(tx, input.jobId, input.quoteId);
  if (
    !quote.approvalCodeHash ||
    !quote.approvalCodeExpiresAt ||
    quote.approvalCodeExpiresAt <= input.now
  ) {
    return { ok: false, message: QUOTE_RULE.codeExpired };
  }
  if (quote.approvalCodeTries >= APPROVAL_CODE_TRIES) {
    return { ok: false, message: QUOTE_RULE.codeSpent };
  }
  const typed = Buffer.from(hashApprovalCode(quote.id, input.code));
  if (!crypto.timingSafeEqual(typed, Buffer.from(quote.approvalCodeHash))) {
    const [counted] = await tx
      .update(quotes)
      .set({ approvalCodeTries: sql`${quotes.approvalCodeTries} + 1` })
      .where(eq(quotes.id, quote.id))
      .returning({ tries: quotes.approvalCodeTries });
    const spent = (counted?.tries ?? APPROVAL_CODE_TRIES) >= APPROVAL_CODE_TRIES;
    return { ok: false, message: spent ? QUOTE_RULE.codeSpent : QUOTE_RULE.codeWrong };
  }
  await answerQuote(tx, {
    jobId: input.jobId,
    lead: input.lead,
    quoteId: quote.id,
    answer: "approve",
    way: "customer_code",
    texts: input.texts,
    actor: input.actor,
    now: input.now,
  });
  return { ok: true };
}

/**
 * The customer's answer to a quote: only the quote they saw (by id), only while it is the
 * job's pending quote. An answer to a replaced, answered or unknown quote records nothing.
 * An approval is confirmed to the customer by text, with the number to call if it was not
 * them.
 */
export async function answerQuote(
  tx: Db,
  input: {
    jobId: string;
    lead: QuoteLead;
    quoteId: string;
    answer: "approve" | "decline";
    way: ApprovalWay;
    /** Signed on the locksmith's device: the name the customer typed, and their drawing. */
    signer?: { name: string; signature: string | null };
    texts: TextContext;
    actor: Actor;
    now: Date;
  },
): Promise<Quote> {
  const current = await pendingQuote(tx, input.jobId, input.quoteId);
  const approving = input.answer === "approve";
  const [answered] = await tx
    .update(quotes)
    .set(
      approving
        ? {
            state: "approved",
            approvedWay: input.way,
            decidedAt: input.now,
            approvalCodeHash: null,
            approvalCodeExpiresAt: null,
            ...(input.signer
              ? { approvedName: input.signer.name, approvedSignature: input.signer.signature }
              : {}),
          }
        : { state: "declined", decidedAt: input.now, approvalCodeHash: null },
    )
    .where(and(eq(quotes.id, current.id), eq(quotes.state, "pending")))
    .returning();
  if (!answered) throw new RuleError(QUOTE_RULE.decided);
  await recordActivity(tx, {
    actor: input.actor,
    entity: "lead",
    entityId: input.lead.id,
    action: approving ? "quote_approved" : "quote_declined",
    after: {
      quoteId: answered.id,
      jobId: input.jobId,
      amountCents: answered.amountCents,
      way: input.way,
      ...(input.signer
        ? { approvedName: input.signer.name, drawn: input.signer.signature !== null }
        : {}),
    },
    leadId: input.lead.id,
  });
  if (approving) {
    // A new price the office asked for after the work (Edit Pricing): approved, it is the price.
    const [job] = await tx
      .select({ status: jobs.status, finalPriceCents: jobs.finalPriceCents })
      .from(jobs)
      .where(eq(jobs.id, input.jobId));
    if (job?.status === "completed" && job.finalPriceCents !== answered.amountCents) {
      await setJobPricing(tx, input.jobId, { finalPriceCents: answered.amountCents }, input.actor);
    }
    await queueCustomerText(
      tx,
      input.texts,
      input.lead,
      {
        kind: "customer_quote_approved",
        values: {
          amount: formatCents(answered.amountCents),
        },
        jobId: input.jobId,
      },
      input.actor,
      // Approved with a texted code: the confirmation belongs to the same exchange.
      input.way === "customer_code",
    );
  }
  return answered;
}

/** A quote as the pages show it. */
export function quoteView(quote: Quote): QuoteView {
  return {
    id: quote.id,
    amountCents: quote.amountCents,
    lines: quote.lines,
    reason: quote.reason,
    state: quote.state,
    approvedWay: quote.approvedWay,
    approvedName: quote.approvedName,
    decidedAt: quote.decidedAt?.toISOString() ?? null,
    officeReason: quote.officeReason,
  };
}
