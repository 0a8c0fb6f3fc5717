import { formatDateTime } from "~/lib/format";
import { leadDisplayName, SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { formatPhone } from "~/lib/phone";
import { DEFAULT_TEMPLATES, renderText } from "~/lib/texting/text-templates";
import type { DemoBusiness, JobRow, LeadRow, MessageRow } from "./rows.server";

/** How many of the latest dispatched jobs get their locksmith's text in the demo outbox. */
const DEMO_TEXTS = 30;

/** The latest jobs made from a lead with a locksmith: the ones the demo outbox has texts for. */
export function textedJobs(jobs: readonly JobRow[]): JobRow[] {
  return jobs
    .filter((job) => job.leadId && job.locksmithId && job.createdAt)
    .sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime())
    .slice(0, DEMO_TEXTS);
}

/** When such a job was dispatched: after its lead came in, before the locksmith made the job. */
export function dispatchedAt(lead: Pick<LeadRow, "createdAt">, job: JobRow): Date {
  const from = lead.createdAt.getTime();
  return new Date(from + Math.floor((job.createdAt!.getTime() - from) / 2));
}

/**
 * The demo's outbox: the texts that sent the latest jobs' locksmiths, as a demo install
 * (no Twilio) keeps them: not sent, with Copy; and the customer's "assigned" text where
 * the web form asked for updates. Each names the dispatch code the demo made for that
 * lead and locksmith. No job page links: a demo link would open nothing.
 */
export function demoMessages(
  data: DemoBusiness,
  business: { name: string; phone: string },
): MessageRow[] {
  const leadsById = new Map(data.leads.map((lead) => [lead.id, lead]));
  const crewById = new Map(data.locksmiths.map((smith) => [smith.id, smith]));
  // The texted jobs' codes come first; later codes of the same lead are older draws.
  const codeByLead = new Map<string, (typeof data.dispatchCodes)[number]>();
  for (const code of data.dispatchCodes) {
    if (code.leadId && !codeByLead.has(code.leadId)) codeByLead.set(code.leadId, code);
  }
  return textedJobs(data.jobs).flatMap((job) => {
    const lead = leadsById.get(job.leadId!);
    const smith = crewById.get(job.locksmithId!);
    const code = codeByLead.get(job.leadId!);
    if (!lead || !smith || code?.locksmithId !== smith.id) return [];
    const at = code.createdAt!;
    const common = { business: business.name, business_phone: formatPhone(business.phone) };
    const rows: MessageRow[] = [
      {
        toPhone: smith.phone,
        purpose: "locksmith_dispatch",
        status: "unsent",
        body: renderText(
          "locksmith_dispatch",
          DEFAULT_TEMPLATES.locksmith_dispatch.replace("\nAccept or decline: {link}", ""),
          {
            ...common,
            customer: leadDisplayName(lead.name ?? null),
            customer_phone: formatPhone(lead.phone),
            address: [lead.address, lead.zip].filter(Boolean).join(", ") || null,
            service: SERVICE_TYPE_LABELS[lead.serviceType],
            details: lead.details ?? null,
            code: code.code,
            code_expires: formatDateTime(code.expirationTime),
          },
        ),
        leadId: lead.id,
        jobId: job.id ?? null,
        locksmithId: smith.id,
        createdAt: at,
        nextAttemptAt: at,
      },
    ];
    if (lead.textConsent) {
      rows.push({
        toPhone: lead.phone,
        purpose: "customer_dispatched",
        status: "unsent",
        body: renderText("customer_dispatched", DEFAULT_TEMPLATES.customer_dispatched, {
          ...common,
          locksmith: smith.name,
        }),
        leadId: lead.id,
        jobId: job.id ?? null,
        createdAt: at,
        nextAttemptAt: at,
      });
    }
    return rows;
  });
}
