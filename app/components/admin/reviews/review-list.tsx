import type { DialogTrigger } from "~/components/admin/dialog-state";
import { BadgeCheck, Eye, EyeOff, Pencil, Star, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { DataList, type DataColumn } from "~/components/admin/data-list/data-list";
import { RowForm, useRowSending } from "~/components/admin/row-form";
import { serviceAreas } from "~/content/service-areas";
import { formatDate, formatDateTime, shortId } from "~/lib/format";
import {
  REVIEW_CATEGORY_LABELS,
  REVIEW_HIDDEN_REASON_LABELS,
  hideReasonsFor,
  type ReviewCategory,
  type ReviewHiddenReason,
} from "~/lib/reviews/review-categories";

/** What the list shows of a review (the loader's row, dates as they arrive). */
export interface ReviewRow {
  id: string;
  customerName: string;
  areaSlug: string;
  rating: number;
  category: ReviewCategory;
  body: string;
  verified: boolean;
  published: boolean;
  jobId: string | null;
  publishConsent: boolean;
  hiddenReason: ReviewHiddenReason | null;
  createdAt: Date | string;
  /** When it goes live by itself, while that is to come: nobody publishes it before. */
  publishesAt: Date | string | null;
}

const areaName = (slug: string) => serviceAreas.find((area) => area.slug === slug)?.name ?? slug;

/** Reviews, newest first, with Edit, Publish/Unpublish and Delete on each. */
export function ReviewList({
  rows,
  editTrigger,
}: {
  rows: ReviewRow[];
  /** The link that opens the row's Edit dialog. */
  editTrigger: (row: ReviewRow) => DialogTrigger;
}) {
  const columns: DataColumn<ReviewRow>[] = [
    {
      header: "Customer",
      cell: (row) => (
        <>
          <span className="block font-medium">{row.customerName}</span>
          <span className="block text-xs text-muted-foreground">{areaName(row.areaSlug)}</span>
        </>
      ),
    },
    {
      header: "Review",
      className: "max-w-md",
      cell: (row) => (
        <>
          <span className="block text-xs font-medium text-muted-foreground">
            {REVIEW_CATEGORY_LABELS[row.category]}
          </span>
          <span className="line-clamp-2">{row.body}</span>
        </>
      ),
    },
    {
      header: "Rating",
      className: "whitespace-nowrap",
      cell: (row) => <Rating value={row.rating} />,
    },
    {
      header: "Status",
      cell: (row) => <StatusBadges row={row} />,
    },
    { header: "Added", className: "whitespace-nowrap", cell: (row) => formatDate(row.createdAt) },
    {
      header: "Actions",
      align: "right",
      cell: (row) => <RowActions row={row} edit={editTrigger(row)} />,
    },
  ];
  return (
    <DataList
      rows={rows}
      columns={columns}
      caption="Reviews, newest first"
      card={(row) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <div>
              <p className="font-medium">{row.customerName}</p>
              <p className="text-xs text-muted-foreground">
                {areaName(row.areaSlug)} · {REVIEW_CATEGORY_LABELS[row.category]} ·{" "}
                {formatDate(row.createdAt)}
              </p>
            </div>
            <Rating value={row.rating} />
          </div>
          <p className="text-sm">{row.body}</p>
          <StatusBadges row={row} />
          <RowActions row={row} edit={editTrigger(row)} />
        </>
      )}
    />
  );
}

function Rating({ value }: { value: number }) {
  return (
    <span
      className="inline-flex items-center gap-1 font-medium"
      aria-label={`${value} out of 5 stars`}
    >
      <Star className="size-4 fill-accent-400 text-accent-500" aria-hidden="true" />
      {value}/5
    </span>
  );
}

function StatusBadges({ row }: { row: ReviewRow }) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={row.published ? "success" : "secondary"}>
        {row.published ? "Published" : "Not published"}
      </Badge>
      {row.verified && (
        <Badge variant="outline">
          <BadgeCheck aria-hidden="true" />
          Verified
        </Badge>
      )}
      {row.jobId && (
        <Link
          to={`/admin/jobs?q=${shortId(row.jobId)}`}
          className="text-xs font-medium text-brand-700 hover:underline"
        >
          Job {shortId(row.jobId)}
        </Link>
      )}
      {row.hiddenReason && (
        <Badge variant="warning">Hidden: {REVIEW_HIDDEN_REASON_LABELS[row.hiddenReason]}</Badge>
      )}
      {!row.publishConsent && <Badge variant="outline">Not for the website</Badge>}
      {row.publishesAt && !row.hiddenReason && (
        <Badge variant="outline">Goes live {formatDateTime(row.publishesAt)}</Badge>
      )}
    </span>
  );
}

function RowActions({ row, edit }: { row: ReviewRow; edit: DialogTrigger }) {
  const fetcherKey = `review:${row.id}`;
  const { busy } = useRowSending(fetcherKey);
  // A review from a job publishes by rule: it comes off only for a listed reason.
  const byRule = row.verified && row.publishConsent;
  return (
    <div className="flex flex-wrap justify-end gap-1 lg:flex-nowrap">
      <Button asChild size="sm" variant="ghost">
        <a {...edit}>
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only"> review by {row.customerName}</span>
        </a>
      </Button>
      <RowForm fetcherKey={fetcherKey}>
        <input type="hidden" name="id" value={row.id} />
        <Button
          type="submit"
          name="intent"
          value={row.published ? "unpublish" : "publish"}
          hidden={row.published ? byRule : !row.publishConsent || row.publishesAt !== null}
          size="sm"
          variant="ghost"
          disabled={busy}
        >
          {row.published ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {row.published ? "Unpublish" : "Publish"}
          <span className="sr-only"> review by {row.customerName}</span>
        </Button>
      </RowForm>
      {(row.published || (byRule && !row.hiddenReason)) && <HideForReason row={row} />}
      <RowForm
        fetcherKey={fetcherKey}
        onSubmit={(event) => {
          if (!window.confirm(`Delete the review by ${row.customerName}? This cannot be undone.`))
            event.preventDefault();
        }}
      >
        <input type="hidden" name="id" value={row.id} />
        <Button
          type="submit"
          name="intent"
          value="delete"
          size="sm"
          variant="ghost"
          className="text-destructive"
          disabled={busy}
        >
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only"> review by {row.customerName}</span>
        </Button>
      </RowForm>
    </div>
  );
}

/** Takes a review off the website (or keeps it off) for a policy reason, kept with it. */
function HideForReason({ row }: { row: ReviewRow }) {
  const fetcherKey = `review-hide:${row.id}`;
  const { busy } = useRowSending(fetcherKey);
  const id = `hide-reason-${row.id}`;
  return (
    <details className="relative">
      <summary className="inline-flex h-9 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold hover:bg-muted">
        Hide for a reason<span className="sr-only"> (review by {row.customerName})</span>
      </summary>
      <RowForm
        fetcherKey={fetcherKey}
        className="absolute right-0 z-10 mt-1 grid w-64 gap-2 rounded-lg border border-border bg-white p-3 shadow-md"
      >
        <input type="hidden" name="id" value={row.id} />
        <label htmlFor={id} className="text-sm font-medium">
          Why hide it?
        </label>
        <NativeSelect id={id} name="reason" required defaultValue="">
          <option value="" disabled>
            Choose a reason
          </option>
          {hideReasonsFor(row).map((reason) => (
            <option key={reason} value={reason}>
              {REVIEW_HIDDEN_REASON_LABELS[reason]}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" name="intent" value="unpublish" size="sm" disabled={busy}>
          Hide it
        </Button>
      </RowForm>
    </details>
  );
}
