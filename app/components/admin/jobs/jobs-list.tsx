import { CircleDollarSign } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import type { JobStatus, ServiceType } from "~/lib/business-enums";
import { formatDateTime } from "~/lib/format";
import { serviceTypeLabel } from "~/lib/lead-labels";
import { formatCents } from "~/lib/money";
import { JobStatusForm } from "./job-status-form";

/** What the list shows of a job (the loader's row, dates as they arrive). */
export interface JobRow {
  id: string;
  clientName: string;
  jobType: ServiceType;
  status: JobStatus;
  locksmithId: string | null;
  locksmithName: string | null;
  locksmithDefaultCutPercent: number | null;
  finalPriceCents: number | null;
  theirCutPercent: number | null;
  theirCutCents: number | null;
  yourCutCents: number | null;
  createdAt: Date | string;
  completedAt: Date | string | null;
}

interface JobsListProps {
  rows: readonly JobRow[];
  onEditPricing: (job: JobRow) => void;
}

const shortId = (id: string) => id.slice(0, 8);

/** A table where the list's column has 768 px, cards below (a phone, or beside the sidebar). */
export function JobsList({ rows, onEditPricing }: JobsListProps) {
  return (
    <>
      <div className="hidden @3xl:block">
        <Table>
          <TableCaption>Jobs, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Job ID</TableHead>
              <TableHead>Client</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Pricing</TableHead>
              <TableHead>Created</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((job) => (
              <TableRow key={job.id}>
                <TableCell className="align-top">
                  <JobId id={job.id} />
                </TableCell>
                <TableCell className="min-w-36 align-top">
                  <span className="block font-medium">{job.clientName}</span>
                  <Locksmith name={job.locksmithName} />
                </TableCell>
                <TableCell className="align-top">{serviceTypeLabel(job.jobType)}</TableCell>
                <TableCell className="align-top">
                  <JobStatusForm job={job} idPrefix="table" />
                </TableCell>
                <TableCell className="text-right align-top">
                  <Pricing job={job} />
                </TableCell>
                <TableCell className="align-top whitespace-nowrap tabular-nums">
                  <StackedDateTime value={job.createdAt} />
                </TableCell>
                <TableCell className="text-right align-top">
                  <EditPricingButton job={job} onClick={() => onEditPricing(job)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 @3xl:hidden" aria-label="Jobs, newest first">
        {rows.map((job) => (
          <li key={job.id}>
            <Card className="grid gap-3 p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{job.clientName}</p>
                  <p className="text-xs text-muted-foreground">
                    {serviceTypeLabel(job.jobType)} · <JobId id={job.id} />
                  </p>
                  <Locksmith name={job.locksmithName} />
                </div>
                <div className="shrink-0 text-right">
                  <Pricing job={job} />
                </div>
              </div>
              <div className="flex items-start gap-3">
                <span className="mt-2.5 text-sm text-muted-foreground">Status</span>
                <JobStatusForm job={job} idPrefix="card" />
              </div>
              <div className="flex items-center justify-between gap-2">
                <p className="text-xs text-muted-foreground tabular-nums">
                  Created {formatDateTime(job.createdAt)}
                </p>
                <EditPricingButton job={job} onClick={() => onEditPricing(job)} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The spec shows 8 characters; the whole id is in the tooltip and the search finds it. */
function JobId({ id }: { id: string }) {
  return (
    <span className="font-mono text-xs tabular-nums" title={id}>
      {shortId(id)}
    </span>
  );
}

/** "Nov 21, 2026" over "10:23 PM": the table has seven columns to fit next to the sidebar. */
function StackedDateTime({ value }: { value: Date | string }) {
  const text = formatDateTime(value);
  const split = text.lastIndexOf(", ");
  if (split < 0) return <>{text}</>;
  return (
    <>
      <span className="block">{text.slice(0, split)}</span>
      <span className="block text-xs text-muted-foreground">{text.slice(split + 2)}</span>
    </>
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
    </span>
  );
}

function EditPricingButton({ job, onClick }: { job: JobRow; onClick: () => void }) {
  return (
    <Button type="button" size="sm" variant="outline" onClick={onClick}>
      <CircleDollarSign aria-hidden="true" />
      Edit Pricing
      <span className="sr-only">
        {" "}
        of job {shortId(job.id)} for {job.clientName}
      </span>
    </Button>
  );
}
