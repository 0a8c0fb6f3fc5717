import { formatDateTime } from "~/lib/format";
import { leadDisplayName, SERVICE_TYPE_LABELS } from "~/lib/lead-labels";
import { formatPhone } from "~/lib/phone";
import { DEFAULT_TEMPLATES, renderText } from "~/lib/text-templates";
import type { messages } from "../db/messaging-tables.server";
import type { DemoBusiness } from "./business.server";

type MessageRow = typeof messages.$inferInsert;

/** How many of the latest dispatched jobs get their locksmith's text in the demo outbox. */
const DEMO_TEXTS = 30;

/**
 * The demo's outbox: the texts that sent the latest jobs' locksmiths, as a demo install
 * (no Twilio) keeps them: not sent, with Copy; and the customer's "assigned" text where
 * the web form asked for updates. No job page links: a demo link would open nothing.
 */
export function demoMessages(
  data: DemoBusiness,
  business: { name: string; phone: string },
): MessageRow[] {
  const leadsById = new Map(data.leads.map((lead) => [lead.id, lead]));
  const crewById = new Map(data.locksmiths.map((smith) => [smith.id, smith]));
  const latest = data.jobs
    .filter((job) => job.leadId && job.locksmithId && job.createdAt)
    .sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime())
    .slice(0, DEMO_TEXTS);
  return latest.flatMap((job) => {
    const lead = leadsById.get(job.leadId!);
    const smith = crewById.get(job.locksmithId!);
    if (!lead || !smith) return [];
    const at = new Date(job.createdAt!.getTime() - 60_000);
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
            code: job
              .id!.replace(/[^a-z0-9]/gi, "")
              .slice(0, 6)
              .toUpperCase(),
            code_expires: formatDateTime(new Date(at.getTime() + 24 * 3_600_000)),
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
