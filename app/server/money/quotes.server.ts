import { and, desc, eq, inArray } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import {
  quoteReasonNeeded,
  quoteTotal,
  type ApprovalWay,
  type QuoteLine,
  type QuoteView,
} from "~/lib/money/quote";
import { quotes, type Lead, type Quote } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { RuleError } from "../rule-error.server";
import { recordActivity } from "../activity/activity.server";
import { readPriceList } from "./price-list.server";

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
} as const;

/** The job's current quote (pending or approved), if any. */
export async function currentQuote(tx: Db, jobId: string): Promise<Quote | undefined> {
  const [row] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.jobId, jobId), inArray(quotes.state, ["pending", "approved"])));
  return row;
}

/** The job's latest quote in any state (a declined one too), for the pages. */
export async function latestQuote(db: Db, jobId: string): Promise<Quote | undefined> {
  const [row] = await db
    .select()
    .from(quotes)
    .where(eq(quotes.jobId, jobId))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(1);
  return row;
}

export interface QuoteInput {
  lines: QuoteLine[];
  total: number | null;
  reason: string | null;
}

/** A field's problem with a quote: the page shows it next to that field. */
export class QuoteFieldError extends RuleError {
  override name = "QuoteFieldError";
  constructor(
    readonly quoteField: "total" | "reason",
    message: string,
  ) {
    super(message, { field: quoteField });
  }
}

/**
 * A new quote for the job, replacing the current one (pending or approved): its total from
 * the lines or as typed; a reason when it is outside the service's usual range or replaces
 * an approved quote. Written with its timeline entry.
 */
export async function giveQuote(
  tx: Db,
  input: QuoteInput & { jobId: string; lead: Lead; locksmithId: string; actor: Actor },
): Promise<Quote> {
  const total = quoteTotal(input.lines, input.total);
  if (!total.ok) throw new QuoteFieldError("total", total.error);
  const prices = await readPriceList(tx);
  const previous = await currentQuote(tx, input.jobId);
  const needsReason = quoteReasonNeeded(
    total.cents,
    prices[input.lead.serviceType],
    previous?.state === "approved",
  );
  if (needsReason && !input.reason) throw new QuoteFieldError("reason", needsReason);
  if (previous) {
    await tx.update(quotes).set({ state: "superseded" }).where(eq(quotes.id, previous.id));
  }
  const [quote] = await tx
    .insert(quotes)
    .values({
      jobId: input.jobId,
      leadId: input.lead.id,
      locksmithId: input.locksmithId,
      amountCents: total.cents,
      lines: input.lines.length > 0 ? input.lines : null,
      reason: input.reason,
    })
    .returning();
  await recordActivity(tx, {
    actor: input.actor,
    entity: "lead",
    entityId: input.lead.id,
    action: "quote_given",
    before: previous ? { amountCents: previous.amountCents, state: previous.state } : null,
    after: {
      quoteId: quote!.id,
      jobId: input.jobId,
      amountCents: total.cents,
      lines: input.lines.map((line) => ({ ...line })),
      reason: input.reason,
      service: SERVICE_TYPE_LABELS[input.lead.serviceType],
    },
    leadId: input.lead.id,
  });
  return quote!;
}

/**
 * The customer's answer to a quote: only the quote they saw (by id), only while it is the
 * job's pending quote. An answer to a replaced, answered or unknown quote records nothing.
 */
export async function answerQuote(
  tx: Db,
  input: {
    jobId: string;
    leadId: string;
    quoteId: string;
    answer: "approve" | "decline";
    way: ApprovalWay;
    approvedName?: string | null;
    actor: Actor;
    now: Date;
  },
): Promise<Quote> {
  const current = await currentQuote(tx, input.jobId);
  if (!current) {
    const [asked] = await tx.select().from(quotes).where(eq(quotes.id, input.quoteId));
    if (asked?.jobId === input.jobId && asked.state === "declined") {
      throw new RuleError(QUOTE_RULE.decided);
    }
    throw new RuleError(asked?.jobId === input.jobId ? QUOTE_RULE.changed : QUOTE_RULE.none);
  }
  if (current.id !== input.quoteId) throw new RuleError(QUOTE_RULE.changed);
  if (current.state !== "pending") throw new RuleError(QUOTE_RULE.decided);
  const approving = input.answer === "approve";
  const [answered] = await tx
    .update(quotes)
    .set(
      approving
        ? {
            state: "approved",
            approvedWay: input.way,
            approvedName: input.approvedName ?? null,
            decidedAt: input.now,
          }
        : { state: "declined", decidedAt: input.now },
    )
    .where(and(eq(quotes.id, current.id), eq(quotes.state, "pending")))
    .returning();
  if (!answered) throw new RuleError(QUOTE_RULE.decided);
  await recordActivity(tx, {
    actor: input.actor,
    entity: "lead",
    entityId: input.leadId,
    action: approving ? "quote_approved" : "quote_declined",
    after: {
      quoteId: answered.id,
      jobId: input.jobId,
      amountCents: answered.amountCents,
      way: input.way,
      approvedName: answered.approvedName,
    },
    leadId: input.leadId,
  });
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
  };
}
