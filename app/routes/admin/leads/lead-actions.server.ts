import type { RouterContextProvider } from "react-router";
import type { LeadStatus } from "~/lib/business-enums";
import type { DispatchResult } from "~/lib/dispatch/dispatch-result";
import { LATEST_WORD_FIELDS, openedInsteadText } from "~/lib/leads/latest-word";
import { leadDisplayName, LEAD_STATUS_LABELS } from "~/lib/leads/lead-labels";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { userActor } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { IntentHandler, IntentOutcome } from "~/server/route-helpers/intents.server";
import { dispatchLead, type Dispatch, type DispatchInput } from "~/server/dispatch/dispatch.server";
import { createJobFromLead } from "~/server/money/jobs.server";
import type { TakenCall } from "~/server/leads/latest-word.server";
import { reopenLead, setLeadStatus } from "~/server/leads/lead-lifecycle.server";
import { loadTextContext } from "~/server/texting/text-context.server";
import { openedJob } from "~/server/route-helpers/job-answers.server";

/**
 * The actions a lead has wherever it is shown (a row of the list, its own page): status,
 * dispatch and reassign (by text or by phone), reopen and create job.
 */
export function leadHandlers(context: Readonly<RouterContextProvider>) {
  const { database, env } = context.get(servicesContext);
  const db = database.db;
  const actor = userActor(context);
  const send = async (input: DispatchInput): Promise<IntentOutcome> =>
    dispatched(await dispatchLead(db, input, actor, await loadTextContext(db, env)));
  return {
    status: {
      failure: FAILURE.updateLeadStatus,
      run: async ({ leadId, status }: { leadId: string; status: LeadStatus }) => {
        await setLeadStatus(db, leadId, status, actor, await loadTextContext(db, env));
        return {
          toast: {
            title: SUCCESS.leadStatusUpdated,
            description: `Now ${LEAD_STATUS_LABELS[status]}.`,
          },
        };
      },
    },
    dispatch: {
      failure: FAILURE.dispatchLead,
      form: true,
      run: (input: Omit<DispatchInput, "reassign">) => send(input),
    },
    reassign: {
      failure: FAILURE.reassignLead,
      form: true,
      run: ({
        fromAssignmentId,
        reason,
        ...input
      }: Omit<DispatchInput, "reassign"> & { fromAssignmentId: string; reason: string }) =>
        send({ ...input, reassign: { fromAssignmentId, reason } }),
    },
    reopen: {
      failure: FAILURE.reopenLead,
      form: true,
      run: async ({ leadId, reason }: { leadId: string; reason: string }) => {
        await reopenLead(db, leadId, reason, actor);
        return {
          toast: {
            title: SUCCESS.leadReopened,
            description: "It is New again. Nobody was texted: send someone when ready.",
          },
        };
      },
    },
    "create-job": {
      failure: FAILURE.createJob,
      run: async ({ leadId }: { leadId: string }) => {
        const { job, existed } = await createJobFromLead(db, leadId, actor);
        return openedJob(job, existed);
      },
    },
  } satisfies Record<string, IntentHandler<never>>;
}

/** What a dispatch answers: the dialog's result (code, text to copy) and its toast. */
function dispatched(dispatch: Dispatch): IntentOutcome {
  const byPhone = !dispatch.code;
  const data: DispatchResult = {
    code: dispatch.code?.code ?? null,
    locksmithName: dispatch.locksmith.name,
    reassigned: Boolean(dispatch.replaced),
    text: dispatch.text,
    textStatus: byPhone
      ? "phone"
      : dispatch.message?.status === "queued"
        ? "queued"
        : dispatch.message
          ? "unsent"
          : "off",
  };
  const title = dispatch.replaced
    ? SUCCESS.leadReassigned
    : byPhone
      ? SUCCESS.leadAssigned
      : SUCCESS.leadDispatched;
  const to = byPhone
    ? `${dispatch.locksmith.name}, by phone`
    : `${dispatch.locksmith.name} · code ${dispatch.code!.code}`;
  return {
    data,
    toast: {
      title,
      description: dispatch.replaced
        ? `From ${dispatch.replaced.locksmithName} to ${to}. ${dispatch.replaced.locksmithName} is told they are off the job.`
        : to,
    },
  };
}

/**
 * Add Lead for a phone with an open lead: that lead opens, with what the office should know
 * (what the caller said new, and whether the locksmith who has it was texted).
 */
export function openedExisting(taken: TakenCall): IntentOutcome {
  const fields = LATEST_WORD_FIELDS.filter((field) => field in taken.changes);
  const { title, description } = openedInsteadText({
    customer: leadDisplayName(taken.lead.name),
    fields,
    address: [taken.lead.address, taken.lead.zip].filter(Boolean).join(", ") || undefined,
    ...(taken.holder?.texted ? { locksmithTexted: taken.holder.name } : {}),
    ...(taken.holder && !taken.holder.texted ? { locksmithNotTexted: taken.holder.name } : {}),
  });
  return {
    redirectTo: `/admin/leads/${taken.lead.id}`,
    toast: { type: "info", title, description },
  };
}
