import { and, eq } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import type { JobStatus } from "~/lib/business-enums";
import { jobLinkAccess, type JobLinkAction, type JobLinkStage } from "~/lib/dispatch/job-link";
import { leadDisplayName, SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { RULE } from "~/lib/ui-text";
import type { JobPageAction } from "~/lib/schemas/job-page";
import { dispatchCodes, jobs, leads, locksmiths, type Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { dispatchLinks, type DispatchLink } from "../db/messaging-tables.server";
import { hashLinkToken, isLinkToken } from "../links/link-tokens.server";
import { queueCustomerText, type TextContext } from "./messages.server";
import { recordActivity } from "./activity.server";
import { revokeLeadLinks } from "./dispatch-links.server";
import { createJobFromLead, setJobPricing, setJobStatus } from "./jobs.server";
import { notFound, RuleError } from "../rule-error.server";

/*
 * The locksmith's job page, reached by the link in the dispatch text (no sign-in: the
 * link is the key). What it may do follows from the link's facts (app/lib/dispatch/job-link.ts);
 * every action locks the link's row, so a double tap or two phones act once, and lands
 * in the activity log as the locksmith.
 */

export interface JobPageView {
  stage: JobLinkStage;
  actions: readonly JobLinkAction[];
  locksmithName: string;
  customerName: string;
  customerPhone: string;
  address: string | null;
  zip: string | null;
  service: string;
  details: string | null;
  code: string | null;
  codeExpiresAt: Date;
  etaMinutes: number | null;
  job: { status: JobStatus; finalPriceCents: number | null; theirCutCents: number | null } | null;
}

/** The page for a token, or undefined when it does not open (unknown, expired, revoked). */
export async function readJobPage(
  db: Db,
  token: string,
  now = new Date(),
): Promise<JobPageView | undefined> {
  if (!isLinkToken(token)) return undefined;
  const [row] = await db
    .select({
      link: dispatchLinks,
      lead: leads,
      locksmithName: locksmiths.name,
      code: dispatchCodes.code,
      job: jobs,
    })
    .from(dispatchLinks)
    .innerJoin(leads, eq(leads.id, dispatchLinks.leadId))
    .innerJoin(locksmiths, eq(locksmiths.id, dispatchLinks.locksmithId))
    .leftJoin(dispatchCodes, eq(dispatchCodes.id, dispatchLinks.dispatchCodeId))
    .leftJoin(jobs, eq(jobs.id, dispatchLinks.jobId))
    .where(eq(dispatchLinks.tokenHash, hashLinkToken(token)));
  if (!row) return undefined;
  const access = jobLinkAccess(row.link, now);
  if (!access.open) return undefined;
  return {
    stage: access.stage,
    actions: access.actions,
    locksmithName: row.locksmithName,
    customerName: leadDisplayName(row.lead.name),
    customerPhone: row.lead.phone,
    address: row.lead.address,
    zip: row.lead.zip,
    service: SERVICE_TYPE_LABELS[row.lead.serviceType],
    details: row.lead.details,
    code: row.code,
    codeExpiresAt: row.link.expiresAt,
    etaMinutes: row.link.etaMinutes,
    job: row.job
      ? {
          status: row.job.status,
          finalPriceCents: row.job.finalPriceCents,
          theirCutCents: row.job.theirCutCents,
        }
      : null,
  };
}

/** What the page says after an action. */
export const JOB_PAGE_DONE: Record<JobPageAction["intent"], string> = {
  accept: "Accepted. The job is yours: call the customer if you need to.",
  decline: "Declined. The office will send someone else.",
  on_my_way: "The customer is told you are on the way.",
  arrived: "Marked as arrived.",
  complete: "Job completed. Thank you!",
};

/**
 * One action from the page, in one transaction. A link that no longer opens is a 404; an
 * action the link's stage does not allow (accepted twice, declined after completing) is
 * refused with a message and changes nothing.
 */
export async function actOnJobPage(
  db: Db,
  token: string,
  action: JobPageAction,
  texts: TextContext,
  now = new Date(),
): Promise<void> {
  if (!isLinkToken(token)) throw notFound(RULE.jobLinkGone);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ link: dispatchLinks, locksmithName: locksmiths.name })
      .from(dispatchLinks)
      .innerJoin(locksmiths, eq(locksmiths.id, dispatchLinks.locksmithId))
      .where(eq(dispatchLinks.tokenHash, hashLinkToken(token)))
      .for("update", { of: dispatchLinks });
    if (!row) throw notFound(RULE.jobLinkGone);
    const access = jobLinkAccess(row.link, now);
    if (!access.open) throw notFound(RULE.jobLinkGone);
    if (!access.actions.includes(action.intent)) throw new RuleError(RULE.jobLinkStageChanged);
    const actor: Actor = { kind: "locksmith", id: row.link.locksmithId, name: row.locksmithName };
    const step = { tx: tx, link: row.link, actor, texts, now };
    switch (action.intent) {
      case "accept":
        return accept(step);
      case "decline":
        return decline(step);
      case "on_my_way":
        return onMyWay(step, action.minutes);
      case "arrived":
        return arrived(step);
      case "complete":
        return complete(step, action.price);
    }
  });
}

interface Step {
  tx: Db;
  link: DispatchLink;
  actor: Actor;
  texts: TextContext;
  now: Date;
}

async function lead(step: Step): Promise<Lead> {
  const [row] = await step.tx
    .select()
    .from(leads)
    .where(eq(leads.id, step.link.leadId))
    .for("update");
  if (!row) throw notFound(RULE.jobLinkGone);
  return row;
}

async function note(step: Step, action: string, after: Record<string, unknown> = {}) {
  await recordActivity(step.tx, {
    actor: step.actor,
    entity: "lead",
    entityId: step.link.leadId,
    action,
    after: { locksmithId: step.link.locksmithId, ...after },
    leadId: step.link.leadId,
  });
}

/** Accept: the lead's job is made (or the one the office made is taken), the code is used. */
async function accept(step: Step): Promise<void> {
  const { job } = await createJobFromLead(step.tx, step.link.leadId, step.actor);
  await step.tx
    .update(dispatchLinks)
    .set({ acceptedAt: step.now, jobId: job.id })
    .where(eq(dispatchLinks.id, step.link.id));
  if (step.link.dispatchCodeId) {
    await step.tx
      .update(dispatchCodes)
      .set({ status: "used" })
      .where(eq(dispatchCodes.id, step.link.dispatchCodeId));
  }
  await note(step, "locksmith_accepted", { jobId: job.id });
}

/**
 * Decline: the lead goes back to the office as New and unassigned, the code lapses, the
 * link stops opening, and a job already made for it is cancelled.
 */
async function decline(step: Step): Promise<void> {
  if (step.link.jobId) {
    const [job] = await step.tx.select().from(jobs).where(eq(jobs.id, step.link.jobId));
    if (job?.status === "in_progress") {
      await setJobStatus(step.tx, job.id, "cancelled", step.actor);
    }
  }
  const before = await lead(step);
  await step.tx
    .update(leads)
    .set({ status: "new", assignedLocksmithId: null })
    .where(eq(leads.id, before.id));
  if (step.link.dispatchCodeId) {
    await step.tx
      .update(dispatchCodes)
      .set({ status: "expired" })
      .where(
        and(eq(dispatchCodes.id, step.link.dispatchCodeId), eq(dispatchCodes.status, "assigned")),
      );
  }
  await revokeLeadLinks(step.tx, before.id, "declined");
  await recordActivity(step.tx, {
    actor: step.actor,
    entity: "lead",
    entityId: before.id,
    action: "locksmith_declined",
    before: { status: before.status, assignedLocksmithId: before.assignedLocksmithId },
    after: { status: "new", assignedLocksmithId: null, locksmithId: step.link.locksmithId },
    leadId: before.id,
  });
}

/** On my way: with minutes, told to the customer when they agreed to texts. */
async function onMyWay(step: Step, minutes: number): Promise<void> {
  await step.tx
    .update(dispatchLinks)
    .set({ onTheWayAt: step.now, etaMinutes: minutes })
    .where(eq(dispatchLinks.id, step.link.id));
  await note(step, "locksmith_on_the_way", { minutes });
  await queueCustomerText(
    step.tx,
    step.texts,
    await lead(step),
    {
      kind: "customer_on_the_way",
      values: { locksmith: step.actor.name, minutes: String(minutes) },
      jobId: step.link.jobId,
    },
    step.actor,
  );
}

async function arrived(step: Step): Promise<void> {
  await step.tx
    .update(dispatchLinks)
    .set({ arrivedAt: step.now })
    .where(eq(dispatchLinks.id, step.link.id));
  await note(step, "locksmith_arrived");
}

/**
 * Complete: the final price with the split from the locksmith's default cut, the job
 * completed (its lead follows, the link turns read-only).
 */
async function complete(step: Step, priceCents: number): Promise<void> {
  const jobId = step.link.jobId;
  if (!jobId) throw new RuleError(RULE.jobLinkStageChanged);
  const priced = await setJobPricing(step.tx, jobId, { finalPriceCents: priceCents }, step.actor);
  await setJobStatus(step.tx, jobId, "completed", step.actor, step.texts);
  await note(step, "locksmith_completed", {
    jobId,
    finalPriceCents: priced.finalPriceCents,
    theirCutCents: priced.theirCutCents,
  });
}
