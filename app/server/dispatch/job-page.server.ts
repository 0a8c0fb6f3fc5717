import { and, desc, eq, or } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import type { JobStatus } from "~/lib/business-enums";
import { isHolding, type EndReason, type LocksmithEvent } from "~/lib/dispatch/assignment-machine";
import { jobLinkView, type JobCustomer, type JobLinkStage } from "~/lib/dispatch/job-link";
import { leadDisplayName, SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { formatRange, unusualPrice } from "~/lib/money/price-list";
import { finalPriceProblem, type QuoteView } from "~/lib/money/quote";
import { leadPriceRange } from "~/lib/money/guarantee";
import type { Collector, CustomerPaymentMethod } from "~/lib/money/collection";
import type { JobPageAction } from "~/lib/schemas/job-page";
import { RULE } from "~/lib/ui-text";
import {
  ARRIVAL_PROMISE_TEXT,
  estimateOverPromise,
  promisedArrivalMinutes,
} from "~/lib/dispatch/arrival-promise";
import { activityLog } from "../db/activity-tables.server";
import {
  assignments,
  dispatchCodes,
  jobs,
  leads,
  locksmiths,
  type Assignment,
  type Lead,
} from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import type { AfterHoursRate } from "~/lib/money/line-kinds";
import { derivedLinkToken, hashLinkToken, isLinkToken } from "../links/link-tokens.server";
import { keepCustomerLink } from "../customers/customer-links.server";
import { notFound, RuleError } from "../rule-error.server";
import { recordActivity } from "../activity/activity.server";
import { autoOfferAnswered } from "../night-watch/auto-dispatch.server";
import { notifyOperators } from "../night-watch/notify-operators.server";
import { readNightWatchSettings } from "../night-watch/settings.server";
import { rankLocksmithsForLead } from "./locksmith-ranking.server";
import { applyEvent } from "./assignments.server";
import { estimateTexts } from "./eta-text.server";
import { tellCustomerWeAreFinding, tellCustomerWhoIsComing } from "./customer-updates.server";
import { setJobPricing, setJobStatus, takeLeadJob } from "../money/jobs.server";
import { lockLead } from "../leads/leads.server";
import { promiseAreaOfLead } from "~/lib/reports/site-promises";
import type { TextContext } from "../texting/outbox.server";
import { readPriceList } from "../money/price-list.server";
import { readAfterHours } from "../money/after-hours.server";
import { openedThingOf, opensSomething, type OpenedThing } from "~/lib/door-check/opens";
import type { DoorCheckOutcome } from "~/lib/door-check/outcome";
import { policeFor, type PoliceContact } from "~/content/police";
import { canBridgeCalls } from "../texting/text-settings.server";
import {
  readDoorCheck,
  recordDoorCheck,
  recordRefusal,
  requireDoorCheck,
  statementOnScreen,
} from "../door-check/door-checks.server";
import { withStoredIdPhoto, type IdPhotoVault } from "../door-check/id-photos.server";
import {
  approvalCodeCannotReach,
  approveWithCode,
  approveWithSignature,
  currentQuote,
  customerQuote,
  giveQuote,
  officeQuote,
  quoteView,
  sendApprovalCode,
} from "../money/quotes.server";

/*
 * The locksmith's job page, reached by the link in the dispatch text (no sign-in: the link
 * is the key). It is one assignment of the dispatch state machine (assignments.server.ts):
 * what it shows and allows follows from the assignment's state (app/lib/dispatch/job-link.ts),
 * and each tap is one of the machine's conditional steps, taken under the lead's lock, so
 * a double tap, two phones, or a tap while the office reassigns act once. An ended link
 * still opens, to say why it ended, and shows nothing of the customer.
 */

export interface JobPageView {
  stage: JobLinkStage;
  actions: LocksmithEvent[];
  /** Why it ended (stage "ended"). */
  endReason: EndReason | null;
  locksmithName: string;
  service: string;
  /** Who and where: only while the assignment is live, and 12 hours after it completes. */
  customer: JobCustomer | null;
  /** When the customer last changed the address or details, after this job was offered. */
  changedAt: Date | null;
  code: string | null;
  offerExpiresAt: Date;
  etaMinutes: number | null;
  /** The most minutes the site promises for this service (an emergency: 30), if any. */
  promisedMinutes: number | null;
  job: { status: JobStatus; finalPriceCents: number | null; theirCutCents: number | null } | null;
  /**
   * The job's latest quote the customer may see; the locksmith may quote while the job is
   * theirs and not done.
   */
  quote: QuoteView | null;
  /** A newer quote held for the office, or rejected by it (decision 0055). */
  officeQuote: QuoteView | null;
  canQuote: boolean;
  /** The service's usual range (Settings → Prices), for the quote form. */
  usualRange: string;
  /** The after-hours rate in cents when the business charges one, for the line kinds. */
  afterHoursCents: number | null;
  /** A guarantee call-back: completing at $0 needs no quote (decision 0065). */
  guaranteeCallback: boolean;
  /**
   * No code can reach the customer's phone, so the customer may sign on this device for the
   * pending quote (decision 0055).
   */
  signatureOffered: boolean;
  /**
   * The check of identity and authority, for a job that opens something (issue 49): null for
   * one that opens nothing. `locked`: the quote and the completion wait for it.
   */
  doorCheck: {
    locked: boolean;
    outcome: DoorCheckOutcome | null;
    /** What the service opens when it is not the locksmith's to choose (a car: a vehicle). */
    fixedOpened: OpenedThing | null;
    /** Whether a text can carry the statement to the customer's phone. */
    canText: boolean;
    /** The statement the customer confirms on this screen. */
    statement: string;
  } | null;
  /** The police non-emergency number for the job's area, for a refusal. */
  police: PoliceContact;
}

/** What waits for the door check on a job that opens something. */
const DOOR_LOCKED_INTENTS = new Set<string>([
  "quote",
  "send_approval_code",
  "approve_with_code",
  "approve_with_signature",
  "complete",
]);

/** The states in which the locksmith may quote (and the customer approve): the job is theirs. */
const QUOTING_STATES = new Set(["accepted", "on_the_way", "arrived"]);

export async function findByToken(db: Db, token: string) {
  if (!isLinkToken(token)) return undefined;
  const [row] = await db
    .select({ assignment: assignments, locksmithName: locksmiths.name })
    .from(assignments)
    .innerJoin(locksmiths, eq(locksmiths.id, assignments.locksmithId))
    // The texted link, or the one made when they opened the job from their own page.
    .where(
      or(
        eq(assignments.tokenHash, hashLinkToken(token)),
        eq(assignments.rosterLinkHash, hashLinkToken(token)),
      ),
    );
  return row;
}

/** Whether a token is a job link of ours (one indexed read), checked before anything is written. */
export async function isJobLink(db: Db, token: string): Promise<boolean> {
  return (await findByToken(db, token)) !== undefined;
}

/**
 * The customer's own page for a job completed through this link, for the completion screen's
 * QR code (issue 44): a customer who did not agree to texts scans it for their receipt and
 * review link. Its token is derived from the job link's, so the same code shows each time and
 * nothing but its hash is stored. Undefined unless the job is completed.
 */
export async function completionCustomerToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<string | undefined> {
  const found = await findByToken(db, token);
  const jobId = found?.assignment.jobId;
  if (!found || !jobId || jobLinkView(found.assignment, now).stage !== "completed") {
    return undefined;
  }
  const [job] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
  if (job?.status !== "completed") return undefined;
  const customerToken = derivedLinkToken(token, "customer-page-after-completion");
  await keepCustomerLink(db, found.assignment.leadId, customerToken, now);
  return customerToken;
}

/** The page for a token, or undefined when it is no link of ours. */
const afterHoursCentsOf = (rate: AfterHoursRate) => (rate.enabled ? rate.cents : null);

export async function readJobPage(
  db: Db,
  token: string,
  now = new Date(),
  /** How texts go out, to tell whether a code can reach the customer (else no signature). */
  texts?: TextContext,
): Promise<JobPageView | undefined> {
  const found = await findByToken(db, token);
  if (!found) return undefined;
  const { assignment } = found;
  const view = jobLinkView(assignment, now);
  const [[lead], [code], [job], [change], quote, held, prices] = await Promise.all([
    db.select().from(leads).where(eq(leads.id, assignment.leadId)),
    assignment.dispatchCodeId
      ? db
          .select({ code: dispatchCodes.code })
          .from(dispatchCodes)
          .where(eq(dispatchCodes.id, assignment.dispatchCodeId))
      : [],
    assignment.jobId ? db.select().from(jobs).where(eq(jobs.id, assignment.jobId)) : [],
    view.showsCustomer ? latestCustomerChange(db, assignment) : [],
    assignment.jobId ? customerQuote(db, assignment.jobId) : undefined,
    assignment.jobId ? officeQuote(db, assignment.jobId) : undefined,
    readPriceList(db),
  ]);
  if (!lead) return undefined;
  const holding = Boolean(assignment.jobId) && QUOTING_STATES.has(view.stage);
  const check =
    assignment.jobId && opensSomething(lead.serviceType)
      ? await readDoorCheck(db, assignment.jobId)
      : undefined;
  const doorLocked = opensSomething(lead.serviceType) && check?.outcome !== "checked";
  const canQuote = holding && !doorLocked;
  return {
    stage: view.stage,
    actions: view.actions,
    endReason: view.endReason,
    locksmithName: found.locksmithName,
    service: SERVICE_TYPE_LABELS[lead.serviceType],
    customer: view.showsCustomer
      ? {
          name: leadDisplayName(lead.name),
          phone: texts && canBridgeCalls(texts.sender) ? null : lead.phone,
          address: lead.address,
          zip: lead.zip,
          details: lead.details,
        }
      : null,
    changedAt: change?.at ?? null,
    code: view.showsCustomer ? (code?.code ?? null) : null,
    offerExpiresAt: assignment.expiresAt,
    etaMinutes: assignment.etaMinutes,
    promisedMinutes: promisedArrivalMinutes(lead.serviceType, promiseAreaOfLead(lead)),
    job: job
      ? {
          status: job.status,
          finalPriceCents: job.finalPriceCents,
          theirCutCents: job.theirCutCents,
        }
      : null,
    quote: quote && view.stage !== "ended" ? quoteView(quote) : null,
    officeQuote: held && view.stage !== "ended" ? quoteView(held) : null,
    canQuote,
    afterHoursCents: canQuote ? afterHoursCentsOf(await readAfterHours(db)) : null,
    usualRange: lead.guaranteeJobId
      ? "$0.00: a guarantee call-back is free"
      : formatRange(prices[lead.serviceType]),
    guaranteeCallback: lead.guaranteeJobId !== null,
    doorCheck: opensSomething(lead.serviceType)
      ? {
          locked: doorLocked,
          outcome: check?.outcome ?? null,
          fixedOpened: openedThingOf(lead.serviceType) ?? null,
          canText: Boolean(texts?.sender.configured),
          statement: statementOnScreen(lead, openedThingOf(lead.serviceType)),
        }
      : null,
    police: policeFor(lead.zip),
    signatureOffered:
      canQuote &&
      quote?.state === "pending" &&
      texts !== undefined &&
      (await approvalCodeCannotReach(db, lead, texts)),
  };
}

/** The customer's latest word on where to go, if they changed it after this offer. */
function latestCustomerChange(db: Db, assignment: Assignment) {
  return db
    .select({ at: activityLog.at })
    .from(activityLog)
    .where(
      and(eq(activityLog.leadId, assignment.leadId), eq(activityLog.action, "customer_updated")),
    )
    .orderBy(desc(activityLog.at))
    .limit(1)
    .then((rows) => rows.filter((row) => row.at > assignment.createdAt));
}

/** What the page says after an action. */
export const JOB_PAGE_DONE = {
  accept: "Accepted. The job is yours: call the customer if you need to.",
  call_customer:
    "We are calling your phone now. Answer it and we connect you to the customer, who sees the business's number.",
  text_customer:
    "Text sent to the customer from the business's number. Their reply comes to you by text and shows here.",
  decline: "Declined. The office will send someone else.",
  on_my_way: "The customer is told you are on the way.",
  on_my_way_quiet:
    "New estimate saved. The customer was told already: call them if the change matters.",
  arrived: "Marked as arrived.",
  complete: "Job completed. Thank you!",
  quote: "Quote saved. The customer can approve it on their phone, or with a code we text them.",
  code_sent:
    "We texted the customer a 6-digit code. Ask them to read it to you, and type it below.",
  approved_with_code: "The customer approved the quote with their code. You can start the work.",
  quote_held:
    "Quote saved. It is far from the usual price, so it waits for the office to confirm it before the customer sees it.",
  approved_with_signature:
    "The customer approved the quote with their signature. You can start the work.",
  door_checked: "Check recorded. You can give the quote.",
  door_statement_sent:
    "We texted the customer their page. Once they confirm the statement there, the quote opens here: reload the page.",
  door_refused: "Refusal recorded. The office is told; the job ends unpaid.",
} as const;
export type JobPageDone = keyof typeof JOB_PAGE_DONE;

/** A price far from the usual, not yet confirmed: the page asks for a second tap. */
export class PriceCheckError extends RuleError {
  override name = "PriceCheckError";
  constructor(
    readonly priceCents: number,
    reason: string,
  ) {
    super(`${reason}. Check the amount: if it is right, tap Confirm to complete.`, {
      field: "price",
    });
  }
}

interface Step {
  tx: Db;
  lead: Lead;
  assignment: Assignment;
  actor: Actor;
  texts: TextContext;
  now: Date;
}

/** A tap this module answers (masked calls and texts are the phones module's). */
export type JobPageTap = Exclude<JobPageAction, { intent: "call_customer" | "text_customer" }>;

/**
 * One tap on the page, in one transaction, as the locksmith. A token that is no link of ours
 * is a 404; a tap the assignment's state does not allow (accepted twice, completing after
 * being taken off the job) is refused with a message and changes nothing. Returns what the
 * page says next.
 */
export async function actOnJobPage(
  db: Db,
  token: string,
  action: JobPageTap,
  texts: TextContext,
  now = new Date(),
  /** A door check's redacted ID photo (decision 0077), checked, and where it is kept. */
  idPhoto?: { bytes: Uint8Array; vault: IdPhotoVault },
): Promise<JobPageDone> {
  const found = await findByToken(db, token);
  if (!found) throw notFound(RULE.jobLinkGone);
  const jobId = found.assignment.jobId;
  // The photo's sealed bytes are stored first and removed again if the check does not commit.
  if (idPhoto && action.intent === "door_check" && jobId) {
    return withStoredIdPhoto(idPhoto.vault, idPhoto.bytes, jobId, (key) =>
      tapOnJobPage(db, found, action, texts, now, key),
    );
  }
  return tapOnJobPage(db, found, action, texts, now);
}

async function tapOnJobPage(
  db: Db,
  found: NonNullable<Awaited<ReturnType<typeof findByToken>>>,
  action: JobPageTap,
  texts: TextContext,
  now: Date,
  idPhotoKey?: string,
): Promise<JobPageDone> {
  let refused: RuleError | undefined;
  const done = await db.transaction(async (tx): Promise<JobPageDone> => {
    // The lead first, as every dispatch step does; then the assignment as it is now.
    const lead = await lockLead(tx, found.assignment.leadId);
    const [assignment] = await tx
      .select()
      .from(assignments)
      .where(eq(assignments.id, found.assignment.id));
    if (!assignment) throw notFound(RULE.jobLinkGone);
    // The photo was sealed to the job read before: another job now would not open it.
    if (idPhotoKey && assignment.jobId !== found.assignment.jobId) {
      throw new RuleError(RULE.jobLinkStageChanged);
    }
    const view = jobLinkView(assignment, now);
    const allowed =
      action.intent === "door_check" ||
      action.intent === "door_refusal" ||
      action.intent === "quote" ||
      action.intent === "send_approval_code" ||
      action.intent === "approve_with_code" ||
      action.intent === "approve_with_signature"
        ? Boolean(assignment.jobId) && QUOTING_STATES.has(view.stage)
        : view.actions.includes(action.intent);
    if (!allowed) throw new RuleError(RULE.jobLinkStageChanged);
    // Nothing is quoted or completed on a door nobody checked (issue 49).
    if (DOOR_LOCKED_INTENTS.has(action.intent)) {
      await requireDoorCheck(tx, lead, assignment.jobId!);
    }
    const actor: Actor = {
      kind: "locksmith",
      id: assignment.locksmithId,
      name: found.locksmithName,
    };
    const step: Step = { tx, lead, assignment, actor, texts, now };
    switch (action.intent) {
      case "accept":
        return accept(step);
      case "decline":
        return decline(step);
      case "on_my_way":
        return onMyWay(step, action.minutes, action.lateReason ?? null);
      case "arrived":
        return arrived(step);
      case "quote": {
        const quote = await giveQuote(tx, {
          lines: action.lines,
          total: action.total ?? null,
          reason: action.reason,
          discount: {
            kind: action.discount ?? null,
            cents: action.discountAmount ?? null,
            reason: action.discountReason ?? null,
          },
          jobId: assignment.jobId!,
          lead,
          locksmithId: assignment.locksmithId,
          actor,
          texts,
          now,
        });
        return quote.state === "held" ? "quote_held" : "quote";
      }
      case "approve_with_signature":
        await approveWithSignature(tx, {
          jobId: assignment.jobId!,
          lead,
          quoteId: action.quoteId,
          name: action.signerName,
          signature: action.signature ?? null,
          texts,
          actor,
          now,
        });
        return "approved_with_signature";
      case "send_approval_code":
        await sendApprovalCode(tx, {
          jobId: assignment.jobId!,
          lead,
          quoteId: action.quoteId,
          texts,
          actor,
          now,
        });
        return "code_sent";
      case "approve_with_code": {
        const approved = await approveWithCode(tx, {
          jobId: assignment.jobId!,
          lead,
          quoteId: action.quoteId,
          code: action.code,
          texts,
          actor,
          now,
        });
        if (approved.ok) return "approved_with_code";
        // Said after the commit, so the wrong try stays counted.
        refused = new RuleError(approved.message, { field: "code" });
        return "code_sent";
      }
      case "door_check":
        return recordDoorCheck(
          tx,
          {
            lead,
            serviceType: lead.serviceType,
            jobId: assignment.jobId!,
            locksmithId: assignment.locksmithId,
            actor,
            texts,
            now,
          },
          action,
          idPhotoKey,
        );
      case "door_refusal":
        return refuse(step, action.reason);
      case "complete":
        return complete(step, {
          priceCents: action.price,
          confirmedCents: action.confirmed ?? null,
          paymentMethod: action.paymentMethod,
          collectedBy: action.collectedBy,
        });
    }
  });
  if (refused) throw refused;
  return done;
}

/** One step of the machine; refused when the assignment moved on meanwhile. */
async function move(
  step: Step,
  event: LocksmithEvent,
  set: Parameters<typeof applyEvent>[3] = {},
): Promise<Assignment> {
  const moved = await applyEvent(step.tx, step.assignment.id, event, set);
  if (!moved) throw new RuleError(RULE.jobLinkStageChanged);
  return moved;
}

async function note(step: Step, action: string, after: Record<string, unknown> = {}) {
  await recordActivity(step.tx, {
    actor: step.actor,
    entity: "lead",
    entityId: step.lead.id,
    action,
    after: { locksmithId: step.assignment.locksmithId, ...after },
    leadId: step.lead.id,
  });
}

/** Accept: the lead's open job (or a new one) is theirs, and the code is used. */
async function accept(step: Step): Promise<JobPageDone> {
  await move(step, "accept", { acceptedAt: step.now });
  const job = await takeLeadJob(step.tx, step.lead, step.assignment.locksmithId, step.actor);
  await step.tx
    .update(assignments)
    .set({ jobId: job.id })
    .where(eq(assignments.id, step.assignment.id));
  if (step.assignment.dispatchCodeId) {
    await step.tx
      .update(dispatchCodes)
      .set({ status: "used" })
      .where(eq(dispatchCodes.id, step.assignment.dispatchCodeId));
  }
  await note(step, "locksmith_accepted", { jobId: job.id });
  await tellCustomerWhoIsComing(
    step.tx,
    step.texts,
    step.lead,
    step.actor.name ?? "",
    step.actor,
    step.now,
  );
  await autoOfferAnswered(step.tx, step.assignment.id, step.now);
  return "accept";
}

/**
 * Decline: the lead goes back to the office as New and nobody's, the code lapses, and the
 * job they held (if any) waits, open, for whoever accepts next.
 */
async function decline(step: Step): Promise<JobPageDone> {
  await move(step, "decline", { endedAt: step.now, endReason: "declined" });
  if (step.assignment.jobId) {
    await step.tx
      .update(jobs)
      .set({ locksmithId: null })
      .where(and(eq(jobs.id, step.assignment.jobId), eq(jobs.status, "in_progress")));
  }
  await step.tx
    .update(leads)
    .set({ status: "new", assignedLocksmithId: null })
    .where(eq(leads.id, step.lead.id));
  if (step.assignment.dispatchCodeId) {
    await step.tx
      .update(dispatchCodes)
      .set({ status: "expired" })
      .where(
        and(
          eq(dispatchCodes.id, step.assignment.dispatchCodeId),
          eq(dispatchCodes.status, "assigned"),
        ),
      );
  }
  await recordActivity(step.tx, {
    actor: step.actor,
    entity: "lead",
    entityId: step.lead.id,
    action: "locksmith_declined",
    before: { status: step.lead.status, assignedLocksmithId: step.lead.assignedLocksmithId },
    after: { status: "new", assignedLocksmithId: null, locksmithId: step.assignment.locksmithId },
    leadId: step.lead.id,
  });
  // Told this locksmith's name, the customer hears that someone else is being found.
  if (isHolding(step.assignment.state)) {
    await tellCustomerWeAreFinding(step.tx, step.texts, step.lead, step.actor, step.now);
  }
  await autoOfferAnswered(step.tx, step.assignment.id, step.now);
  return "decline";
}

/**
 * On my way, with minutes. The customer (with consent) is texted the first time, and once
 * more for a new estimate at least 5 minutes later; a new estimate inside those 5 minutes
 * is texted when they end (eta-text.server.ts).
 */
async function onMyWay(
  step: Step,
  minutes: number,
  lateReason: string | null,
): Promise<JobPageDone> {
  const area = promiseAreaOfLead(step.lead);
  const promised = estimateOverPromise(step.lead.serviceType, minutes, area);
  if (promised !== null && !lateReason) {
    throw new RuleError(ARRIVAL_PROMISE_TEXT.reasonNeeded(promised, minutes, area), {
      field: "lateReason",
    });
  }
  const { texted, set } = await estimateTexts(
    step.tx,
    step.texts,
    step.lead,
    step.assignment,
    minutes,
    step.actor,
    step.now,
  );
  const texting = set.etaTexts !== undefined;
  await move(step, "on_my_way", {
    onTheWayAt: step.assignment.onTheWayAt ?? step.now,
    etaMinutes: minutes,
    ...set,
  });
  await note(step, "locksmith_on_the_way", {
    minutes,
    customerTexted: texted,
    ...(promised !== null && { promisedMinutes: promised, lateReason }),
  });
  if (promised !== null) await alertOverPromise(step, minutes, promised, lateReason ?? "");
  return texting ? "on_my_way" : "on_my_way_quiet";
}

/**
 * An emergency estimate over the promise: the on-call person and the office's queue hear it
 * now, with the reason and the next nearest free locksmith, so the office can reassign.
 * Once per lead while the estimate stands (the clock rules hold the alert, then clear it).
 */
async function alertOverPromise(
  step: Step,
  minutes: number,
  promised: number,
  reason: string,
): Promise<void> {
  const ranked = await rankLocksmithsForLead(step.tx, step.lead.id, step.now);
  const next = ranked.find((smith) => smith.id !== step.assignment.locksmithId && smith.eligible);
  await notifyOperators(
    step.tx,
    {
      leadId: step.lead.id,
      rule: "eta_over_promise",
      since: step.now,
      detail: ARRIVAL_PROMISE_TEXT.alertDetail(
        minutes,
        promised,
        reason,
        next ? `${next.name} (${next.why})` : null,
      ),
    },
    { texts: step.texts, settings: await readNightWatchSettings(step.tx), now: step.now },
  );
}

/**
 * The locksmith refuses to open: no proof of identity or authority (issue 49). The assignment
 * ends as refused, the job ends unpaid ("Refused: no proof") and its lead closes, the record
 * keeps the reason, and the office is alerted the way every escalation reaches it.
 */
async function refuse(step: Step, reason: string): Promise<JobPageDone> {
  const jobId = step.assignment.jobId;
  if (!opensSomething(step.lead.serviceType) || !jobId) {
    throw new RuleError(RULE.jobLinkStageChanged);
  }
  await recordRefusal(
    step.tx,
    {
      lead: step.lead,
      serviceType: step.lead.serviceType,
      jobId,
      locksmithId: step.assignment.locksmithId,
      actor: step.actor,
      now: step.now,
    },
    reason,
  );
  await applyEvent(step.tx, step.assignment.id, "refuse", {
    endedAt: step.now,
    endReason: "refused",
  }).then((moved) => {
    if (!moved) throw new RuleError(RULE.jobLinkStageChanged);
  });
  await setJobStatus(step.tx, jobId, "refused", step.actor, step.texts, step.now);
  await note(step, "locksmith_refused_opening", { jobId });
  await notifyOperators(
    step.tx,
    {
      leadId: step.lead.id,
      rule: "door_refused",
      since: step.now,
      detail: `${step.actor.name ?? "The locksmith"}: ${reason}`,
    },
    { texts: step.texts, settings: await readNightWatchSettings(step.tx), now: step.now },
  );
  return "door_refused";
}

async function arrived(step: Step): Promise<JobPageDone> {
  await move(step, "arrived", { arrivedAt: step.now });
  await note(step, "locksmith_arrived");
  return "arrived";
}

/** A final price the approved quote does not allow: the page says it by the price field. */
export class AboveQuoteError extends RuleError {
  override name = "AboveQuoteError";
  constructor(message: string) {
    super(message, { field: "price" });
  }
}

/**
 * Complete, with the final price, how the customer paid and who holds the money. The price
 * needs an approved quote and may not exceed it (a slip of "1850" for "185" stops here); a
 * price far from the service's usual range also needs the same amount confirmed (a second
 * tap), and is then flagged for the office. The job takes the price with the split from the
 * locksmith's cut, and completes (its lead follows).
 */
async function complete(
  step: Step,
  input: {
    priceCents: number;
    confirmedCents: number | null;
    paymentMethod: CustomerPaymentMethod;
    collectedBy: Collector;
  },
): Promise<JobPageDone> {
  const { priceCents, confirmedCents } = input;
  const jobId = step.assignment.jobId;
  if (!jobId) throw new RuleError(RULE.jobLinkStageChanged);
  const quote = await currentQuote(step.tx, jobId);
  // A guarantee call-back is approved at $0 until the customer approves a quote above it.
  const bound = finalPriceProblem(
    priceCents,
    quote?.state === "approved" ? quote.amountCents : step.lead.guaranteeJobId ? 0 : null,
  );
  if (bound) throw new AboveQuoteError(bound);
  const prices = await readPriceList(step.tx);
  const unusual = unusualPrice(priceCents, leadPriceRange(prices, step.lead));
  if (unusual && confirmedCents !== priceCents) throw new PriceCheckError(priceCents, unusual);
  await move(step, "complete", { completedAt: step.now });
  const priced = await setJobPricing(step.tx, jobId, { finalPriceCents: priceCents }, step.actor);
  await step.tx
    .update(jobs)
    .set({ paymentMethod: input.paymentMethod, collectedBy: input.collectedBy })
    .where(eq(jobs.id, jobId));
  if (unusual) {
    await step.tx
      .update(jobs)
      .set({ priceFlag: `${unusual}; confirmed by ${step.actor.name}` })
      .where(eq(jobs.id, jobId));
  }
  await setJobStatus(step.tx, jobId, "completed", step.actor, step.texts, step.now);
  await note(step, "locksmith_completed", {
    jobId,
    finalPriceCents: priced.finalPriceCents,
    theirCutCents: priced.theirCutCents,
    quotedCents: quote?.state === "approved" ? quote.amountCents : 0,
    paymentMethod: input.paymentMethod,
    collectedBy: input.collectedBy,
    priceFlag: unusual ?? null,
  });
  return "complete";
}
