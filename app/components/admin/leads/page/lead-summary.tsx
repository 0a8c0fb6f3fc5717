import { Globe, MapPin, MessageSquare, PenLine, Phone } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import type { LeadSource, LeadStatus, ServiceType } from "~/lib/business-enums";
import { formatDateTime, shortId } from "~/lib/format";
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, serviceTypeLabel } from "~/lib/leads/lead-labels";
import { formatPhone, phoneHref } from "~/lib/phone";
import { cn } from "~/lib/utils";
import { LeadOriginRows, type LeadOrigin } from "./lead-origin";

export interface LeadSummaryProps {
  lead: {
    id: string;
    name: string | null;
    displayName: string;
    phone: string;
    serviceType: ServiceType;
    zip: string | null;
    address: string | null;
    status: LeadStatus;
    source: LeadSource;
    createdAt: Date | string;
    assignedLocksmithName: string | null;
  } & LeadOrigin;
  customer?: { earlierJobCount: number; earlierLeads: number; earlierJobs: { id: string }[] };
}

const SOURCE_ICONS = { phone: Phone, web: Globe, manual: PenLine } as const;

const STATUS_BADGE: Record<
  LeadStatus,
  "default" | "secondary" | "success" | "warning" | "outline"
> = {
  new: "warning",
  assigned: "default",
  in_progress: "default",
  completed: "success",
  cancelled: "secondary",
};

/**
 * Who, what and where, at a glance, with the call and text buttons a dispatcher needs on a
 * phone; and, for a returning customer, how much business they have done before.
 */
export function LeadSummary({ lead, customer }: LeadSummaryProps) {
  const SourceIcon = SOURCE_ICONS[lead.source];
  const mapSearch = lead.address
    ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
        [lead.address, lead.zip].filter(Boolean).join(", "),
      )}`
    : undefined;
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1
            className={cn(
              "text-2xl font-bold tracking-tight",
              !lead.name?.trim() && "text-muted-foreground italic",
            )}
          >
            {lead.displayName}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {serviceTypeLabel(lead.serviceType)}
            {lead.zip && <> · ZIP {lead.zip}</>} · received {formatDateTime(lead.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={STATUS_BADGE[lead.status]}>{LEAD_STATUS_LABELS[lead.status]}</Badge>
          <Badge variant="outline" className="bg-white">
            <SourceIcon aria-hidden="true" />
            {LEAD_SOURCE_LABELS[lead.source]}
          </Badge>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <a
          href={phoneHref(lead.phone)}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-border px-3 font-semibold text-brand-700 tabular-nums hover:bg-muted"
        >
          <Phone className="size-4" aria-hidden="true" />
          {formatPhone(lead.phone)}
        </a>
        <a
          href={phoneHref(lead.phone, "sms")}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-border px-3 text-sm font-medium hover:bg-muted"
        >
          <MessageSquare className="size-4" aria-hidden="true" />
          Text<span className="sr-only"> {lead.displayName}</span>
        </a>
        {mapSearch && (
          <a
            href={mapSearch}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-border px-3 text-sm font-medium hover:bg-muted"
          >
            <MapPin className="size-4" aria-hidden="true" />
            Map<span className="sr-only"> of {lead.address} (opens a new tab)</span>
          </a>
        )}
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted-foreground">Address</dt>
        <dd>{lead.address ?? <span className="text-muted-foreground">Not given yet</span>}</dd>
        <dt className="font-medium text-muted-foreground">Locksmith</dt>
        <dd>
          {lead.assignedLocksmithName ?? (
            <span className="text-muted-foreground">Not assigned</span>
          )}
        </dd>
        <LeadOriginRows lead={lead} />
      </dl>
      {customer && (customer.earlierJobCount > 0 || customer.earlierLeads > 0) && (
        <ReturningCustomer customer={customer} />
      )}
    </Card>
  );
}

function ReturningCustomer({ customer }: { customer: NonNullable<LeadSummaryProps["customer"]> }) {
  const jobs = customer.earlierJobCount;
  return (
    <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
      <span className="font-semibold">
        Returning customer:{" "}
        {jobs > 0
          ? `${jobs} earlier job${jobs === 1 ? "" : "s"}`
          : `${customer.earlierLeads} earlier request${customer.earlierLeads === 1 ? "" : "s"}`}
      </span>
      {customer.earlierJobs.length > 0 && (
        <>
          {" "}
          (
          {customer.earlierJobs.map((job, index) => (
            <span key={job.id}>
              {index > 0 && ", "}
              <Link
                to={`/admin/jobs?q=${shortId(job.id)}`}
                className="font-mono underline underline-offset-2"
              >
                {shortId(job.id)}
              </Link>
            </span>
          ))}
          )
        </>
      )}
    </p>
  );
}
