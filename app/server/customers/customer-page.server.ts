import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { licenseToShow, licenseToday } from "~/lib/locksmiths/license";
import type { ReceiptFacts } from "~/lib/money/receipt";
import { usualPriceText, type QuoteView } from "~/lib/money/quote";
import { GUARANTEE_TEXT } from "~/lib/money/guarantee";
import type { VisitStage } from "~/lib/site/visit-live";
import { customerMayCall } from "~/lib/dispatch/job-link";
import {
  assignments,
  customerLinks,
  jobs,
  leads,
  locksmiths,
  type Lead,
} from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { hashLinkToken, isLinkToken } from "../links/link-tokens.server";
import { notFound, RuleError } from "../rule-error.server";
import { lockLead } from "../leads/leads.server";
import { readPayLink, type PayLinkState } from "../money/pay-links.server";
import { answerQuote, customerQuote, quoteView } from "../money/quotes.server";
import { readPriceList } from "../money/price-list.server";
import { readReceipt } from "../money/receipts.server";
import { freshReviewLink, reviewOpen } from "../reviews/review-requests.server";
import type { TextContext } from "../texting/outbox.server";
import {
  DOOR_CHECK_RULE,
  recordCustomerStatement,
  waitingStatement,
} from "../door-check/door-checks.server";

/*
 * The customer's page (/t/:token, issue 29): texted at dispatch to a customer who agreed to
 * texts. No sign-in: the link is the key (random, stored hashed, expiring, like the
 * locksmith's). It shows that lead's job and nothing else: who is coming, where they are,
 * the quote to approve, the receipt, the review link.
 */

export const CUSTOMER_LINK_GONE = "This link is not valid any more.";

export interface CustomerPageView {
  stage: VisitStage;
  service: string;
  /** The locksmith's first name, only while they hold the job or did it. */
  locksmithFirstName: string | null;
  /** Their own license, while it is live (never an expired one). */
  locksmithLicense: string | null;
  /** When "On my way" was tapped, and the minutes they gave. */
  onTheWayAt: Date | null;
  etaMinutes: number | null;
  address: string | null;
  quote: QuoteView | null;
  /** "Usual price for a car lockout: $125.00–$350.00", shown beside any quote. */
  usualPrice: string;
  receipt: ReceiptFacts | null;
  reviewOpen: boolean;
  /** A job completed as "pay link" while the pay link is configured: what to pay, or paid. */
  payLink: PayLinkState | null;
  /** The statement at the door the locksmith asked this customer to confirm (issue 49). */
  doorStatement: string | null;
  /** "Call your locksmith" through the business line (issue 50): Twilio is set up and a
   * locksmith holds the job, or did it in the last 12 hours. */
  canCallLocksmith: boolean;
}

/** Whether a token opens a customer's page now: one read, before anything is counted. */
export async function isCustomerLink(db: Db, token: string, now = new Date()): Promise<boolean> {
  return (await findLink(db, token, now)) !== undefined;
}

async function findLink(db: Db, token: string, now: Date) {
  if (!isLinkToken(token)) return undefined;
  const [row] = await db
    .select({ link: customerLinks, lead: leads })
    .from(customerLinks)
    .innerJoin(leads, eq(leads.id, customerLinks.leadId))
    .where(
      and(eq(customerLinks.tokenHash, hashLinkToken(token)), gt(customerLinks.expiresAt, now)),
    );
  return row;
}

/** The lead's latest assignment that is live or done (an ended one shows nobody). */
async function currentVisit(db: Db, leadId: string) {
  const [row] = await db
    .select({
      assignment: assignments,
      locksmithName: locksmiths.name,
      license: { number: locksmiths.licenseNumber, expiresOn: locksmiths.licenseExpiresOn },
    })
    .from(assignments)
    .innerJoin(locksmiths, eq(locksmiths.id, assignments.locksmithId))
    .where(
      and(
        eq(assignments.leadId, leadId),
        inArray(assignments.state, ["offered", "accepted", "on_the_way", "arrived", "completed"]),
      ),
    )
    .orderBy(desc(assignments.createdAt))
    .limit(1);
  return row;
}

/** The lead of a customer's link and its current visit; undefined for a link gone. */
export async function customerPageVisit(db: Db, token: string, now = new Date()) {
  const found = await findLink(db, token, now);
  if (!found) return undefined;
  return { lead: found.lead, visit: await currentVisit(db, found.lead.id) };
}

/** The job a customer's link is about, for paying it: undefined for a link gone. */
export async function customerPageJob(db: Db, token: string, now = new Date()) {
  const found = await findLink(db, token, now);
  if (!found) return undefined;
  const visit = await currentVisit(db, found.lead.id);
  return leadJob(db, found.lead, visit?.assignment.jobId ?? null);
}

/** The lead's job the page is about: the visit's, else its latest. */
async function leadJob(db: Db, lead: Lead, jobId: string | null) {
  const [job] = await db
    .select()
    .from(jobs)
    .where(jobId ? eq(jobs.id, jobId) : eq(jobs.leadId, lead.id))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return job;
}

/** The page for a token, or undefined for a link that is unknown or expired. */
export async function readCustomerPage(
  db: Db,
  token: string,
  now = new Date(),
  options: { payLinks?: boolean; maskedCalls?: boolean } = {},
): Promise<CustomerPageView | undefined> {
  const found = await findLink(db, token, now);
  if (!found) return undefined;
  const { lead } = found;
  const visit = await currentVisit(db, lead.id);
  const job = await leadJob(db, lead, visit?.assignment.jobId ?? null);
  const [quote, canReview, receipt, payLink, prices] = await Promise.all([
    // Never a quote held for the office (or rejected by it): a typo is no price (issue 44).
    job ? customerQuote(db, job.id) : undefined,
    job?.status === "completed" ? reviewOpen(db, job.id, now) : false,
    job?.status === "completed" ? readReceipt(db, job.id) : undefined,
    job?.status === "completed" && options.payLinks ? readPayLink(db, job, now) : null,
    readPriceList(db),
  ]);
  const state = visit?.assignment.state;
  const done = job?.status === "completed";
  const stage: VisitStage = done
    ? "done"
    : lead.status === "cancelled" || job?.status === "cancelled"
      ? "closed"
      : state === "on_the_way" || state === "arrived"
        ? state
        : state === "accepted"
          ? "assigned"
          : "finding";
  // An offer is nobody's promise yet: the customer hears a name once a locksmith accepts.
  const coming = visit && state !== "offered" ? visit : undefined;
  return {
    stage,
    service: SERVICE_TYPE_LABELS[lead.serviceType],
    locksmithFirstName: coming ? firstName(coming.locksmithName) : null,
    locksmithLicense: coming ? licenseToShow(coming.license, licenseToday(now)) : null,
    onTheWayAt: coming?.assignment.onTheWayAt ?? null,
    etaMinutes: state === "on_the_way" ? (visit?.assignment.etaMinutes ?? null) : null,
    // A cancelled visit needs no address: the link stays 30 days, the address need not (issue 47).
    address:
      stage === "closed" ? null : [lead.address, lead.zip].filter(Boolean).join(", ") || null,
    quote: quote && stage !== "closed" ? quoteView(quote) : null,
    usualPrice: lead.guaranteeJobId
      ? GUARANTEE_TEXT.usualPrice
      : usualPriceText(lead.serviceType, prices[lead.serviceType]),
    receipt: receipt ?? null,
    reviewOpen: Boolean(canReview),
    payLink,
    doorStatement:
      job?.status === "in_progress" &&
      state &&
      ["accepted", "on_the_way", "arrived"].includes(state)
        ? ((await waitingStatement(db, lead, job.id)) ?? null)
        : null,
    canCallLocksmith: Boolean(
      options.maskedCalls && stage !== "closed" && visit && customerMayCall(visit.assignment, now),
    ),
  };
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export type CustomerPageAction =
  | { intent: "approve" | "decline"; quoteId: string }
  | { intent: "review" }
  | { intent: "door_statement"; signerName: string; consent: "on" };

export const CUSTOMER_PAGE_DONE = {
  pay: "Your card payment page is ready: continue below to pay.",
  approve: "Thank you: the quote is approved. The locksmith can start the work.",
  decline: "The quote is declined. The locksmith will talk it over with you, or call us.",
  door_statement: "Thank you: your statement is recorded. The locksmith can go ahead.",
  call_locksmith: "We are calling you now: answer, and we connect you to your locksmith.",
} as const;

/**
 * The customer's answer on their page: approve or decline the quote they saw (only while it
 * is the job's pending quote), or ask for the review form (a fresh review link). In one
 * transaction under the lead's lock, as every step of the job is.
 */
export async function actOnCustomerPage(
  db: Db,
  token: string,
  action: CustomerPageAction,
  texts: TextContext,
  now = new Date(),
): Promise<{ done: keyof typeof CUSTOMER_PAGE_DONE } | { reviewToken: string }> {
  const found = await findLink(db, token, now);
  if (!found) throw notFound(CUSTOMER_LINK_GONE);
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx, found.lead.id);
    const visit = await currentVisit(tx, lead.id);
    const job = await leadJob(tx, lead, visit?.assignment.jobId ?? null);
    if (action.intent === "review") {
      const link = job?.status === "completed" ? await freshReviewLink(tx, job.id, now) : null;
      if (!link)
        throw new RuleError("The review for this job was given already, or its time is over.");
      return { reviewToken: link.token };
    }
    // A completed job's quote waits when the office asked a new price (Edit Pricing).
    const live =
      job?.status === "completed" ||
      (job?.status === "in_progress" &&
        visit &&
        ["accepted", "on_the_way", "arrived"].includes(visit.assignment.state));
    const actor: Actor = { kind: "customer", id: lead.customerId, name: lead.name };
    if (action.intent === "door_statement") {
      // Only while the visit is live: a statement for a job that ended is no statement.
      if (!job || job.status !== "in_progress" || !live) {
        throw new RuleError(DOOR_CHECK_RULE.notWaiting);
      }
      await recordCustomerStatement(tx, {
        lead,
        jobId: job.id,
        signerName: action.signerName,
        actor,
        now,
      });
      return { done: "door_statement" };
    }
    if (!job || !live) throw new RuleError("This job is not waiting for a quote any more.");
    await answerQuote(tx, {
      jobId: job.id,
      lead,
      quoteId: action.quoteId,
      answer: action.intent,
      way: "customer_page",
      texts,
      actor,
      now,
    });
    return { done: action.intent };
  });
}
