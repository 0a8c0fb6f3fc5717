import { asc, desc, eq } from "drizzle-orm";
import { openedThingOf, opensSomething, type OpenedThing } from "~/lib/door-check/opens";
import type { ServiceType } from "~/lib/business-enums";
import type { JobPageAction } from "~/lib/schemas/job-page";
import type { PhoneCheckInput } from "~/lib/schemas/door-check";
import {
  assignments,
  dispatchCodes,
  jobs,
  leads,
  type Assignment,
} from "~/server/db/business-tables.server";
import type { Db } from "~/server/db/database.server";
import { messages } from "~/server/db/messaging-tables.server";
import { hashLinkToken } from "~/server/links/link-tokens.server";
import { dispatchLead, type Dispatch, type DispatchInput } from "~/server/dispatch/dispatch.server";
import { actOnJobPage, readJobPage, type JobPageTap } from "~/server/dispatch/job-page.server";
import { recordPhoneCheck } from "~/server/dispatch/office-door-check.server";
import { createLead } from "~/server/leads/leads.server";
import { answerHeldQuote } from "~/server/money/quotes.server";
import { createAvailableLocksmith } from "./available-locksmith";
import type { TextContext } from "~/server/texting/outbox.server";
import { TEST_ACTOR } from "./actor";
import { uniquePhone } from "./phones";
import { configuredTexts } from "./texting";

/*
 * A small dispatch business for the database tests: locksmiths, leads, dispatches, the
 * locksmith's taps through their link, and what the tables say afterwards.
 */

let locksmithNumber = 0;

export function dispatchWorld(db: () => Db, texts: () => TextContext = configuredTexts) {
  const world = {
    async locksmith(
      name: string,
      cut = 60,
      license: { licenseNumber?: string | null; licenseExpiresOn?: string | null } = {},
    ) {
      locksmithNumber += 1;
      return createAvailableLocksmith(
        db(),
        {
          name,
          // 555-01xx is the fictional range; each locksmith gets a number of their own.
          phone: `(312) 555-${String(100 + (locksmithNumber % 100)).padStart(4, "0")}`,
          email: null,
          assignedZips: ["60629"],
          paymentMethod: null,
          defaultCutPercent: cut,
          ...license,
        },
        TEST_ACTOR,
      );
    },

    /** A lead from a caller; `consent`: they agreed to texts. */
    async lead(
      options: {
        consent?: boolean;
        serviceType?: ServiceType;
        name?: string;
        phone?: string;
        email?: string;
      } = {},
    ) {
      const lead = await createLead(
        db(),
        {
          name: options.name ?? "Ann Lee",
          phone: options.phone ?? uniquePhone(),
          serviceType: options.serviceType ?? "emergency",
          zip: "60629",
          address: "6118 S Pulaski Rd",
          details: "Grey Corolla",
          email: options.email,
        },
        TEST_ACTOR,
      );
      if (!options.consent) return lead;
      const [row] = await db()
        .update(leads)
        .set({ textConsent: true })
        .where(eq(leads.id, lead.id))
        .returning();
      return row!;
    },

    dispatch(leadId: string, locksmithId: string, extra: Partial<DispatchInput> = {}, now?: Date) {
      return dispatchLead(db(), { leadId, locksmithId, ...extra }, TEST_ACTOR, texts(), now);
    },

    reassign(
      leadId: string,
      locksmithId: string,
      fromAssignmentId: string,
      reason = "He is stuck on the Dan Ryan",
    ) {
      return world.dispatch(leadId, locksmithId, { reassign: { fromAssignmentId, reason } });
    },

    /** The job page token in the locksmith's text. */
    tokenOf(dispatch: Dispatch): string {
      return /\/j\/([A-Za-z0-9_-]{43})/.exec(dispatch.text)![1]!;
    },

    /**
     * A tap on the job page. A quote or a completion on a job that opens something starts from
     * a door already checked (issue 49), as the locksmith would have done: tests of other rules
     * need not repeat it; the door check's own tests use `tap`, which does nothing first.
     */
    async act(token: string, action: JobPageTap, now?: Date) {
      if (action.intent === "quote" || action.intent === "complete") {
        await world.doorChecked(token, now);
      }
      return actOnJobPage(db(), token, action, texts(), now);
    },

    tap(token: string, action: JobPageTap, now?: Date) {
      return actOnJobPage(db(), token, action, texts(), now);
    },

    /** The check recorded on the locksmith's screen, when the job needs one and has none. */
    async doorChecked(token: string, now?: Date) {
      const page = await world.page(token, now);
      if (!page?.doorCheck?.locked || page.doorCheck.outcome === "refused") return;
      if (!["accepted", "on_the_way", "arrived"].includes(page.stage)) return;
      await actOnJobPage(
        db(),
        token,
        passingDoorCheck(page.doorCheck.fixedOpened ?? "home"),
        texts(),
        now,
      );
    },

    /** The office records the check the locksmith reads out by phone (decision 0075). */
    heardByPhone(jobId: string, now?: Date) {
      return heardByPhone(db(), jobId, now, texts());
    },

    /**
     * The locksmith quotes (with a reason, so any amount is accepted), the office confirms it
     * when it is beyond the sanity bounds, and the customer approves in person with the code
     * texted to them: what every completion needs first (issues 29, 44).
     */
    async approvedQuote(token: string, cents: number, now?: Date) {
      const given = await world.act(
        token,
        { intent: "quote", lines: [], total: cents, reason: "As agreed" },
        now,
      );
      if (given === "quote_held") {
        const held = (await world.page(token, now))!.officeQuote!;
        const { leadId } = await world.assignmentOf(token);
        await answerHeldQuote(db(), {
          leadId,
          quoteId: held.id,
          decision: "confirm",
          reason: null,
          texts: texts(),
          actor: TEST_ACTOR,
          now: now ?? new Date(),
        });
      }
      const quote = (await world.page(token, now))!.quote!;
      const code = await world.textedCode(token, quote.id, now);
      await world.act(token, { intent: "approve_with_code", quoteId: quote.id, code }, now);
      return quote;
    },

    /** The locksmith asks for an approval code; the code as the customer's phone got it. */
    async textedCode(token: string, quoteId: string, now?: Date): Promise<string> {
      await world.act(token, { intent: "send_approval_code", quoteId }, now);
      const [text] = await db()
        .select({ body: messages.body })
        .from(messages)
        .where(eq(messages.purpose, "customer_approval_code"))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(1);
      return /\b(\d{6})\b/.exec(text!.body)![1]!;
    },

    /** Complete at a price (the customer paid by card, to the business, unless told). */
    complete(
      token: string,
      price: number,
      extra: Partial<Extract<JobPageAction, { intent: "complete" }>> = {},
      now?: Date,
    ) {
      return world.act(
        token,
        {
          intent: "complete",
          price,
          paymentMethod: "card_on_site",
          collectedBy: "business",
          ...extra,
        },
        now,
      );
    },

    /**
     * `smith` sent to a new lead for `serviceType` (the customer agreed to texts), accepted
     * and arrived: the job on site, where the door check and the quote come next.
     */
    async onSite(smith: { id: string }, serviceType: ServiceType) {
      const lead = await world.lead({ consent: true, serviceType });
      const token = world.tokenOf(await world.dispatch(lead.id, smith.id));
      await world.tap(token, { intent: "accept" });
      await world.tap(token, { intent: "arrived" });
      const { jobId } = await world.assignmentOf(token);
      return { lead, token, jobId: jobId! };
    },

    /** Quote, approve in person, complete: the whole honest price at once. */
    async quoteAndComplete(
      token: string,
      price: number,
      extra: Partial<Extract<JobPageAction, { intent: "complete" }>> = {},
    ) {
      await world.approvedQuote(token, price);
      return world.complete(token, price, extra);
    },

    page(token: string, now?: Date) {
      return readJobPage(db(), token, now, texts());
    },

    async assignmentOf(token: string): Promise<Assignment> {
      const [row] = await db()
        .select()
        .from(assignments)
        .where(eq(assignments.tokenHash, hashLinkToken(token)));
      return row!;
    },

    assignmentsOf(leadId: string) {
      return db()
        .select()
        .from(assignments)
        .where(eq(assignments.leadId, leadId))
        .orderBy(asc(assignments.createdAt));
    },

    async leadRow(id: string) {
      return (await db().select().from(leads).where(eq(leads.id, id)))[0]!;
    },

    jobsOf(leadId: string) {
      return db().select().from(jobs).where(eq(jobs.leadId, leadId));
    },

    codesOf(leadId: string) {
      return db().select().from(dispatchCodes).where(eq(dispatchCodes.leadId, leadId));
    },

    textsOf(leadId: string) {
      return db()
        .select()
        .from(messages)
        .where(eq(messages.leadId, leadId))
        .orderBy(asc(messages.createdAt));
    },
  };
  return world;
}

/** A door check that passes (issue 49): ID and authority seen, signed on the screen. */
export function passingDoorCheck(
  opened: OpenedThing,
): Extract<JobPageTap, { intent: "door_check" }> {
  const vehicle = opened === "vehicle";
  return {
    intent: "door_check",
    askedBy: "Ann Lee",
    opened,
    idType: "drivers_license",
    idLast4: "K7WZ",
    idExpiry: "2099-01-31",
    idNameMatches: "yes",
    authority: vehicle ? "registration" : "lease",
    authorityNameMatches: "yes",
    authorityAddressMatches: "yes",
    vin: vehicle ? "1HGCM82633A004352" : undefined,
    plate: vehicle ? "AB1234" : undefined,
    statementWay: "on_screen",
    signerName: "Ann Lee",
    consent: "on",
    signature: undefined,
  };
}

/** A door check that passes, as the locksmith reads it out to the office (decision 0075). */
export function passingPhoneCheck(opened: OpenedThing): PhoneCheckInput {
  const { intent: _, statementWay: _way, signature: _sig, ...fields } = passingDoorCheck(opened);
  return { ...fields, intent: "phone_check", signerName: "Ann Lee", consent: "on" };
}

/**
 * The office records a passing check by phone for a job in progress that opens something, as
 * the dispatcher would before pricing or completing it from the office's screens (decision
 * 0075): tests of other rules (money, reports, reviews) start from a door already checked.
 */
export async function heardByPhone(
  db: Db,
  jobId: string,
  now = new Date(),
  texts: TextContext = configuredTexts(),
): Promise<void> {
  const [job] = await db.select({ jobType: jobs.jobType }).from(jobs).where(eq(jobs.id, jobId));
  if (!job || !opensSomething(job.jobType)) throw new Error(`job ${jobId} opens nothing`);
  await recordPhoneCheck(
    db,
    { jobId, actor: TEST_ACTOR, texts, now },
    passingPhoneCheck(openedThingOf(job.jobType) ?? "home"),
  );
}
