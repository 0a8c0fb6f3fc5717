import { BadgeCheck, Eye, EyeOff, Pencil, Star, Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataList, type DataColumn } from "~/components/admin/data-list/data-list";
import { serviceAreas } from "~/content/service-areas";
import { formatDate } from "~/lib/format";
import { REVIEW_CATEGORY_LABELS, type ReviewCategory } from "~/lib/review-categories";

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
  createdAt: Date | string;
}

const areaName = (slug: string) => serviceAreas.find((area) => area.slug === slug)?.name ?? slug;

/** Reviews, newest first, with Edit, Publish/Unpublish and Delete on each. */
export function ReviewList({
  rows,
  onEdit,
}: {
  rows: ReviewRow[];
  onEdit: (row: ReviewRow) => void;
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
      cell: (row) => <StatusBadges published={row.published} verified={row.verified} />,
    },
    { header: "Added", className: "whitespace-nowrap", cell: (row) => formatDate(row.createdAt) },
    {
      header: "Actions",
      align: "right",
      cell: (row) => <RowActions row={row} onEdit={() => onEdit(row)} />,
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
          <StatusBadges published={row.published} verified={row.verified} />
          <RowActions row={row} onEdit={() => onEdit(row)} />
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

function StatusBadges({ published, verified }: { published: boolean; verified: boolean }) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={published ? "success" : "secondary"}>
        {published ? "Published" : "Not published"}
      </Badge>
      {verified && (
        <Badge variant="outline">
          <BadgeCheck aria-hidden="true" />
          Verified
        </Badge>
      )}
    </span>
  );
}

function RowActions({ row, onEdit }: { row: ReviewRow; onEdit: () => void }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <div className="flex flex-wrap justify-end gap-1 lg:flex-nowrap">
      <Button type="button" size="sm" variant="ghost" onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit<span className="sr-only"> review by {row.customerName}</span>
      </Button>
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={row.id} />
        <Button
          type="submit"
          name="intent"
          value={row.published ? "unpublish" : "publish"}
          size="sm"
          variant="ghost"
          disabled={busy}
        >
          {row.published ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {row.published ? "Unpublish" : "Publish"}
          <span className="sr-only"> review by {row.customerName}</span>
        </Button>
      </fetcher.Form>
      <fetcher.Form
        method="post"
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
      </fetcher.Form>
    </div>
  );
}
