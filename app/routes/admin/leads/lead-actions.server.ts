import type { RouterContextProvider } from "react-router";
import type { LeadStatus } from "~/lib/business-enums";
import type { DispatchResult } from "~/lib/dispatch/dispatch-result";
import { LEAD_STATUS_LABELS } from "~/lib/leads/lead-labels";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { userActor } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { IntentHandler, IntentOutcome } from "~/server/route-helpers/intents.server";
import { dispatchLead, type Dispatch, type DispatchInput } from "~/server/models/dispatch.server";
import { createJobFromLead } from "~/server/models/jobs.server";
import { reopenLead, setLeadStatus } from "~/server/models/lead-lifecycle.server";
import { loadTextContext } from "~/server/models/text-context.server";
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
