import type { RouterContextProvider } from "react-router";
import type { LeadStatus } from "~/lib/business-enums";
import type { DispatchResult } from "~/lib/dispatch/dispatch-result";
import { LEAD_STATUS_LABELS } from "~/lib/leads/lead-labels";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { userActor } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { IntentHandler } from "~/server/route-helpers/intents.server";
import { dispatchLead } from "~/server/models/dispatch.server";
import { createJobFromLead } from "~/server/models/jobs.server";
import { assignLead, setLeadStatus } from "~/server/models/leads.server";
import { loadTextContext } from "~/server/models/text-context.server";
import { openedJob } from "~/server/route-helpers/job-answers.server";

/**
 * The actions a lead has wherever it is shown (a row of the list, its own page): status,
 * assign, one-step dispatch and create job.
 */
export function leadHandlers(context: Readonly<RouterContextProvider>) {
  const { database, env } = context.get(servicesContext);
  const db = database.db;
  const actor = userActor(context);
  return {
    status: {
      failure: FAILURE.updateLeadStatus,
      run: async ({ leadId, status }: { leadId: string; status: LeadStatus }) => {
        await setLeadStatus(db, leadId, status, actor);
        return {
          toast: {
            title: SUCCESS.leadStatusUpdated,
            description: `Now ${LEAD_STATUS_LABELS[status]}.`,
          },
        };
      },
    },
    assign: {
      failure: FAILURE.assignLead,
      run: async ({ leadId, locksmithId }: { leadId: string; locksmithId: string }) => {
        await assignLead(db, leadId, locksmithId, actor);
        return {
          toast: { title: SUCCESS.leadAssigned, description: "The lead is now In Progress." },
        };
      },
    },
    dispatch: {
      failure: FAILURE.dispatchLead,
      form: true,
      run: async (input: { leadId: string; locksmithId: string; requestId?: string | null }) => {
        const dispatch = await dispatchLead(db, input, actor, await loadTextContext(db, env));
        const data: DispatchResult = {
          code: dispatch.code.code,
          locksmithName: dispatch.locksmith.name,
          text: dispatch.text,
          textStatus:
            dispatch.message?.status === "queued" ? "queued" : dispatch.message ? "unsent" : "off",
        };
        return {
          data,
          toast: {
            title: SUCCESS.leadDispatched,
            description: `${dispatch.locksmith.name} · code ${dispatch.code.code}`,
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
