import { LSA_DISPUTE_REASON_KEYS } from "~/lib/lead-inbox/lsa";
import { z } from "zod";
import { LEAD_STATUSES, SERVICE_TYPES } from "../business-enums";
import { FIELD, RULE } from "../ui-text";
import { address, id, intent, optionalText, phone, requestId, requiredText } from "./fields";

/** What an operator types about a lead (the Add Lead dialog and the lead page). */
export const leadFields = {
  name: requiredText(FIELD.nameRequired, 100, "Name"),
  phone,
  serviceType: z.enum(SERVICE_TYPES, { error: FIELD.serviceType }),
  /**
   * Free text ("zip is free text (example 60601)", docs/spec/back-office.md §5): what the caller
   * said.
   */
  zip: optionalText(20, "ZIP"),
  address,
  details: optionalText(2000, "Notes"),
};

/**
 * Add Lead: a call the operator takes down by hand, with "Customer agreed to texts" (a
 * checkbox: ticked sends "on", unticked sends nothing), stored as the website's is.
 */
export const leadCreateSchema = intent("create", {
  ...leadFields,
  requestId,
  textConsent: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  /** Where the caller heard of us, picked by the office (decision 0039); empty: not known. */
  sourceName: optionalText(60, "Source"),
});

const leadId = { leadId: id() };

/** "Insurance expired Nov 3: send anyway?" ticked (decision 0064): "on" or "yes". */
const confirmLapsed = z
  .string()
  .nullish()
  .transform((value) => value === "yes" || value === "on");

/**
 * The status select, anywhere a lead is shown. Cancelled needs a confirmation (decision
 * 0057): the customer and whoever is on the way are texted. With JavaScript it is the
 * browser's confirm; without, a "Yes, cancel it" box beside Save.
 */
const leadStatus = intent("status", {
  ...leadId,
  status: z.enum(LEAD_STATUSES, { error: FIELD.chooseStatus }),
  confirmCancel: z
    .string()
    .nullish()
    .transform((value) => value === "yes" || value === "on"),
}).superRefine((value, context) => {
  if (value.status === "cancelled" && !value.confirmCancel) {
    context.addIssue({ code: "custom", path: ["status"], message: FIELD.confirmCancel });
  }
});

/**
 * Dispatch, in one step: the locksmith is offered the lead by text (a code and their job
 * page link), or, `by` phone, assigned at once because they said yes on the phone (which
 * also moves the lead to in_progress, docs/spec/back-office.md §4, lead status).
 */
export const leadDispatchSchema = intent("dispatch", {
  ...leadId,
  locksmithId: id(FIELD.chooseLocksmith),
  requestId,
  by: z.enum(["text", "phone"]).catch("text"),
  confirmLapsed,
});

/**
 * Reassign: dispatch to someone else while a locksmith has the lead. It names the live
 * assignment the office saw (so a change meanwhile is caught, not overwritten) and why.
 */
export const leadReassignSchema = intent("reassign", {
  ...leadId,
  locksmithId: id(FIELD.chooseLocksmith),
  requestId,
  by: z.enum(["text", "phone"]).catch("text"),
  confirmLapsed,
  fromAssignmentId: id(RULE.dispatchChangedMeanwhile),
  reason: requiredText(FIELD.reassignReason, 500, "The reason"),
});

/** Reopen a completed or cancelled lead, with the reason the timeline keeps. */
export const leadReopenSchema = intent("reopen", {
  ...leadId,
  reason: requiredText(FIELD.reopenReason, 500, "The reason"),
});

const createJob = intent("create-job", { leadId: id(FIELD.chooseLead) });

/** The Leads page's actions. */
export const leadActionSchema = z.discriminatedUnion("intent", [
  leadCreateSchema,
  leadStatus,
  leadDispatchSchema,
  leadReassignSchema,
  leadReopenSchema,
  createJob,
]);

/**
 * The lead page's edit: the fields as typed, and (`was`) as they were when the page was
 * shown, so the server saves only what this person changed (another operator's change to
 * another field meanwhile is kept).
 */
export const leadEditSchema = intent("edit", {
  ...leadId,
  ...leadFields,
  was: z
    .object({
      name: z.string().optional(),
      phone: z.string().optional(),
      serviceType: z.string().optional(),
      zip: z.string().optional(),
      address: z.string().optional(),
      details: z.string().optional(),
    })
    .default({}),
});

/** A note on the lead's timeline. */
export const leadNoteSchema = intent("note", {
  ...leadId,
  note: requiredText("Write the note first", 2000, "A note"),
});

/** "Customer agreed to texts", ticked by the operator for a phone lead (or taken back). */
export const leadTextConsentSchema = intent("text-consent", {
  ...leadId,
  consent: z.enum(["yes", "no"]),
});

/** The office confirms a quote held beyond the sanity bounds: it goes to the customer. */
export const heldQuoteConfirmSchema = intent("confirm-quote", { ...leadId, quoteId: id() });

/** The office rejects a held quote, with the reason the locksmith reads on the job page. */
export const heldQuoteRejectSchema = intent("reject-quote", {
  ...leadId,
  quoteId: id(),
  reason: requiredText("Say why, for the locksmith", 300, "The reason"),
});

/** The lead page's actions. */
/** "Not a real lead" (issue 51): one of Google's reasons, with words for "Another reason". */
export const lsaDisputeSchema = intent("lsa-dispute", {
  ...leadId,
  reason: z.enum(LSA_DISPUTE_REASON_KEYS, { error: "Choose Google's reason" }),
  comment: optionalText(500, "What was wrong"),
});

export const leadPageActionSchema = z.discriminatedUnion("intent", [
  lsaDisputeSchema,
  heldQuoteConfirmSchema,
  heldQuoteRejectSchema,
  leadTextConsentSchema,
  leadEditSchema,
  leadNoteSchema,
  leadStatus,
  leadDispatchSchema,
  leadReassignSchema,
  leadReopenSchema,
  createJob,
]);
