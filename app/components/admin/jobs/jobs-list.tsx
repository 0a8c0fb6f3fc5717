import { CircleDollarSign, ShieldCheck, TriangleAlert } from "lucide-react";
import { Form, Link } from "react-router";
import { GUARANTEE_CALLBACK_SOURCE, guaranteeLastDay } from "~/lib/money/guarantee";
import type { DialogTrigger } from "~/components/admin/dialog-state";
import { Button } from "~/components/ui/button";
import { ShortId, StackedDateTime } from "~/components/admin/data-list/cells";
import { DataList, type DataColumn } from "~/components/admin/data-list/data-list";
import { ariaSort, SortHeader } from "~/components/admin/data-list/sort-header";
import type { JobSort } from "~/lib/admin/job-list-params";
import type { JobStatus, ServiceType } from "~/lib/business-enums";
import { formatDateTime, shortId } from "~/lib/format";
import { NeedsClosingFlag } from "~/components/admin/needs-closing-flag";
import { serviceTypeLabel } from "~/lib/leads/lead-labels";
import { formatCents } from "~/lib/money/money";
import { DoorCheckLine } from "~/components/admin/door-check/door-check-line";
import { officeGate, type DoorCheckFacts } from "~/lib/door-check/standing";
import { JobStatusForm } from "./job-status-form";
import { CardMoney, type CardMoneyRow } from "./card-money";
import { PaymentPlan, type PlanJob } from "./payment-plan";

/** What the list shows of a job (the loader's row, dates as they arrive). */
export interface JobRow extends CardMoneyRow {
  id: string;
  clientName: string;
  jobType: ServiceType;
  status: JobStatus;
  locksmithId: string | null;
  locksmithName: string | null;
  leadId: string | null;
  locksmithDefaultCutPercent: number | null;
  finalPriceCents: number | null;
  /** A price the locksmith confirmed far outside the usual range: for the office to check. */
  priceFlag: string | null;
  /** The quote the customer last approved: a price above it waits for their new approval. */
  approvedQuoteCents: number | null;
  theirCutPercent: number | null;
  theirCutCents: number | null;
  yourCutCents: number | null;
  createdAt: Date | string;
  completedAt: Date | string | null;
  /** The live assignment's last progress, if the job has one (decision 0066). */
  liveProgressAt: string | null;
  /** The newest guarantee call-back lead opened under this job (issue 45). */
  callbackLeadId: string | null;
  /** This job is a guarantee call-back: the job whose guarantee it is under. */
  guaranteeJobId: string | null;
  paymentMethod: string | null;
  plan: PlanJob["plan"];
  /** Its door check without the contents (issue 49), null when none is recorded. */
  doorCheck: DoorCheckFacts | null;
}

interface JobsListProps {
  rows: readonly JobRow[];
  /** The link that opens a job's Edit Pricing dialog. */
  pricingTrigger: (job: JobRow) => DialogTrigger;
  /** The list's order, for the sortable headers. */
  order: { sort: JobSort; dir: "asc" | "desc"; dateField: "created" | "completed" };
  /** A live assignment with no progress since before this needs closing (ISO). */
  closingCutoff: string;
  /** An owner: each job's door-check record can be opened (decision 0069). */
  canOpenDoorChecks: boolean;
}

/** "Needs closing" under a job's status: live with no progress for longer than the setting. */
function NeedsClosing({ job, cutoff }: { job: JobRow; cutoff: string }) {
  if (!job.liveProgressAt || job.liveProgressAt >= cutoff) return null;
  return <NeedsClosingFlag since={job.liveProgressAt} />;
}

/**
 * Jobs, newest first: the columns of docs/spec/back-office.md §2 Jobs page on a table, the same on
 * a card.
 */
export function JobsList({
  rows,
  pricingTrigger,
  order,
  closingCutoff,
  canOpenDoorChecks,
}: JobsListProps) {
  const sortable = (label: string, sort: JobSort, firstDir: "asc" | "desc" = "desc") => ({
    id: label,
    header: (
      <SortHeader
        label={label}
        sort={sort}
        current={order.sort}
        dir={order.dir}
        firstDir={firstDir}
      />
    ),
    sorted: ariaSort(sort, order.sort, order.dir),
  });
  const dateLabel = order.dateField === "completed" ? "Completed" : "Created";
  const columns: DataColumn<JobRow>[] = [
    { header: "Job ID", cell: (job) => <ShortId id={job.id} /> },
    {
      ...sortable("Client", "client", "asc"),
      className: "min-w-36",
      cell: (job) => (
        <>
          <span className="block font-medium">{job.clientName}</span>
          <Locksmith name={job.locksmithName} />
          <LeadLink leadId={job.leadId} />
          <GuaranteeLinks job={job} />
          <DoorCheckLine job={job} canOpenRecord={canOpenDoorChecks} className="max-w-64" />
        </>
      ),
    },
    { header: "Type", cell: (job) => serviceTypeLabel(job.jobType) },
    {
      header: "Status",
      cell: (job) => (
        <>
          <JobStatusForm job={job} idPrefix="table" />
          <NeedsClosing job={job} cutoff={closingCutoff} />
          <GuaranteeCallbackButton job={job} />
        </>
      ),
    },
    { ...sortable("Pricing", "price"), align: "right", cell: (job) => <Pricing job={job} /> },
    {
      ...sortable(dateLabel, "date"),
      className: "whitespace-nowrap tabular-nums",
      cell: (job) =>
        order.dateField === "completed" ? (
          job.completedAt ? (
            <StackedDateTime value={job.completedAt} />
          ) : (
            <span className="text-muted-foreground">Not completed</span>
          )
        ) : (
          <StackedDateTime value={job.createdAt} />
        ),
    },
    {
      header: "Actions",
      align: "right",
      cell: (job) => <EditPricingButton job={job} trigger={pricingTrigger(job)} />,
    },
  ];
  return (
    <DataList
      rows={rows}
      columns={columns}
      caption={listCaption(order)}
      card={(job) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{job.clientName}</p>
              <p className="text-xs text-muted-foreground">
                {serviceTypeLabel(job.jobType)} · <ShortId id={job.id} />
              </p>
              <Locksmith name={job.locksmithName} />
              <LeadLink leadId={job.leadId} />
              <GuaranteeLinks job={job} />
              <DoorCheckLine job={job} canOpenRecord={canOpenDoorChecks} />
            </div>
            <div className="shrink-0 text-right">
              <Pricing job={job} />
            </div>
          </div>
          <div className="flex items-start gap-3">
            <span className="mt-2.5 text-sm text-muted-foreground">Status</span>
            <div>
              <JobStatusForm job={job} idPrefix="card" />
              <NeedsClosing job={job} cutoff={closingCutoff} />
            </div>
          </div>
          <div className="flex items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground tabular-nums">
              Created {formatDateTime(job.createdAt)}
            </p>
            <EditPricingButton job={job} trigger={pricingTrigger(job)} />
          </div>
          <GuaranteeCallbackButton job={job} />
        </>
      )}
    />
  );
}

/** The lead the job came from, when it came from one. */
function LeadLink({ leadId }: { leadId: string | null }) {
  if (!leadId) return null;
  return (
    <Link to={`/admin/leads/${leadId}`} className="block text-xs text-brand-700 hover:underline">
      Open the lead
    </Link>
  );
}

/** A guarantee call-back's job names the job it is under; that job names its call-back. */
function GuaranteeLinks({ job }: { job: JobRow }) {
  return (
    <>
      {job.guaranteeJobId && (
        <Link
          to={`/admin/jobs?q=${shortId(job.guaranteeJobId)}`}
          className="block text-xs text-brand-700 hover:underline"
        >
          {GUARANTEE_CALLBACK_SOURCE} for job {shortId(job.guaranteeJobId)}
        </Link>
      )}
      {job.callbackLeadId && (
        <Link
          to={`/admin/leads/${job.callbackLeadId}`}
          className="block text-xs text-brand-700 hover:underline"
        >
          Open its {GUARANTEE_CALLBACK_SOURCE.toLowerCase()}
        </Link>
      )}
    </>
  );
}

/**
 * A completed job's service guarantee, under its status: the day it runs to, and a lead for
 * the work again (the server refuses it once the guarantee has ended, and says so). A small
 * link-like button, so the table keeps within a laptop's width.
 */
function GuaranteeCallbackButton({ job }: { job: JobRow }) {
  if (job.status !== "completed" || !job.completedAt) return null;
  return (
    <Form method="post" className="mt-1 grid max-w-44 justify-items-start">
      <input type="hidden" name="intent" value="guarantee-callback" />
      <input type="hidden" name="jobId" value={job.id} />
      <span className="text-xs text-muted-foreground">
        Guarantee through {guaranteeLastDay(job.completedAt)}
      </span>
      <Button
        type="submit"
        size="sm"
        variant="link"
        className="h-auto min-h-6 justify-start gap-1 px-0 text-left text-xs whitespace-normal"
      >
        <ShieldCheck aria-hidden="true" />
        Open a guarantee call-back
        <span className="sr-only">
          {" "}
          for job {shortId(job.id)} of {job.clientName}
        </span>
      </Button>
    </Form>
  );
}

function Locksmith({ name }: { name: string | null }) {
  return (
    <span className="block text-xs text-muted-foreground">
      {name ? `Locksmith: ${name}` : "No locksmith"}
    </span>
  );
}

function Pricing({ job }: { job: JobRow }) {
  if (job.finalPriceCents === null) {
    return <span className="text-sm whitespace-nowrap text-muted-foreground">Not priced</span>;
  }
  return (
    <span className="grid gap-0.5 whitespace-nowrap tabular-nums">
      <span className="font-semibold">{formatCents(job.finalPriceCents)}</span>
      <span className="text-xs text-muted-foreground">
        Locksmith {formatCents(job.theirCutCents ?? 0)}
        {job.theirCutPercent !== null && ` (${job.theirCutPercent}%)`}
      </span>
      <span className="text-xs text-muted-foreground">
        You {formatCents(job.yourCutCents ?? 0)}
      </span>
      {job.priceFlag && (
        <span
          className="inline-flex items-center gap-1 justify-self-end rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-950"
          title={job.priceFlag}
        >
          <TriangleAlert aria-hidden="true" className="size-3.5" />
          Check price<span className="sr-only">: {job.priceFlag}</span>
        </span>
      )}
      <CardMoney job={job} />
      <PaymentPlan job={job} />
    </span>
  );
}

function EditPricingButton({ job, trigger }: { job: JobRow; trigger: DialogTrigger }) {
  // The server refuses a price before the door check (decision 0075): say why instead.
  const gate = officeGate(job, job.doorCheck?.outcome);
  if (gate) {
    return <p className="max-w-56 text-left text-xs text-amber-900">{gate}.</p>;
  }
  return (
    <Button asChild size="sm" variant="outline">
      <a {...trigger}>
        <CircleDollarSign aria-hidden="true" />
        Edit Pricing
        <span className="sr-only">
          {" "}
          of job {shortId(job.id)} for {job.clientName}
        </span>
      </a>
    </Button>
  );
}

/** "Jobs, newest first" (the default), or what the headers sorted it by. */
function listCaption(order: JobsListProps["order"]): string {
  if (order.sort === "date" && order.dir === "desc" && order.dateField === "created") {
    return "Jobs, newest first";
  }
  const by = order.sort === "date" ? `${order.dateField} date` : order.sort;
  return `Jobs, by ${by}, ${order.dir === "asc" ? "ascending" : "descending"}`;
}
