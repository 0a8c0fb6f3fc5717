import { parseWithZod } from "@conform-to/zod/v4";
import { BadgeCheck, Eye, EyeOff, Pencil, Plus, Star, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, useFetcher } from "react-router";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { PageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/admin/pagination";
import { ReviewDialog, type ReviewDraft } from "~/components/admin/reviews/review-dialog";
import { useLoadErrorToast } from "~/components/admin/use-load-error-toast";
import { Badge } from "~/components/ui/badge";
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
import { serviceAreas } from "~/content/service-areas";
import { formatDate } from "~/lib/format";
import { PAGE_SIZE, parseListParams } from "~/lib/pagination";
import { REVIEW_CATEGORY_LABELS } from "~/lib/review-categories";
import { REVIEW_STATUSES, reviewFormSchema, reviewIdSchema } from "~/lib/review-schemas";
import { servicesContext } from "~/server/context.server";
import { loadOrError } from "~/server/load-or-error.server";
import {
  createReview,
  deleteReview,
  listReviews,
  setReviewPublished,
  updateReview,
} from "~/server/reviews.server";
import { toastHeaders, type ToastInput } from "~/server/toast.server";
import type { Route } from "./+types/index";

export const handle = { liveTables: ["reviews"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const params = parseListParams(new URL(request.url).searchParams, REVIEW_STATUSES);
  const { data: page, loadError } = await loadOrError(
    "Failed to load reviews",
    () => listReviews(database.db, params),
    { rows: [], total: 0, page: 1, pageSize: PAGE_SIZE, pageCount: 1 },
  );
  return { page, loadError };
}

const error = (description: string): ToastInput => ({ type: "error", title: "Error", description });

export async function action({ request, context }: Route.ActionArgs) {
  const { database } = context.get(servicesContext);
  const formData = await request.formData();
  const intent = String(formData.get("intent"));

  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(formData, { schema: reviewFormSchema });
    if (submission.status !== "success")
      return data({ ok: false, result: submission.reply() }, { status: 400 });
    try {
      if (intent === "create") {
        await createReview(database.db, submission.value);
      } else {
        const id = reviewIdSchema.parse({ id: formData.get("id") }).id;
        if (!(await updateReview(database.db, id, submission.value))) {
          return data(
            { ok: false, result: submission.reply({ formErrors: ["This review was deleted."] }) },
            { status: 404, headers: await toastHeaders(error("This review was deleted.")) },
          );
        }
      }
    } catch (cause) {
      console.error("[reviews] save failed:", (cause as Error).message);
      return data(
        { ok: false, result: submission.reply({ formErrors: ["Failed to save review"] }) },
        { status: 500, headers: await toastHeaders(error("Failed to save review")) },
      );
    }
    const title = intent === "create" ? "Review added successfully" : "Review updated successfully";
    return data(
      { ok: true, result: submission.reply({ resetForm: true }) },
      { headers: await toastHeaders({ type: "success", title }) },
    );
  }

  const parsed = reviewIdSchema.safeParse({ id: formData.get("id") });
  if (!parsed.success)
    return data(
      { ok: false },
      { status: 400, headers: await toastHeaders(error("Unknown review")) },
    );
  const id = parsed.data.id;
  try {
    if (intent === "publish" || intent === "unpublish") {
      const found = await setReviewPublished(database.db, id, intent === "publish");
      if (!found)
        return data(
          { ok: false },
          { status: 404, headers: await toastHeaders(error("This review was deleted.")) },
        );
      return data(
        { ok: true },
        {
          headers: await toastHeaders({
            type: "success",
            title: intent === "publish" ? "Review published" : "Review unpublished",
            description:
              intent === "publish"
                ? "It is on the website now."
                : "It is no longer on the website.",
          }),
        },
      );
    }
    if (intent === "delete") {
      await deleteReview(database.db, id);
      return data(
        { ok: true },
        { headers: await toastHeaders({ type: "success", title: "Review deleted" }) },
      );
    }
  } catch (cause) {
    console.error("[reviews] update failed:", (cause as Error).message);
    return data(
      { ok: false },
      { status: 500, headers: await toastHeaders(error("Failed to update review")) },
    );
  }
  return data({ ok: false }, { status: 400 });
}

export const meta: Route.MetaFunction = () => [{ title: "Reviews | Admin" }];

const areaName = (slug: string) => serviceAreas.find((area) => area.slug === slug)?.name ?? slug;

type Row = Route.ComponentProps["loaderData"]["page"]["rows"][number];

function toDraft(row: Row): ReviewDraft {
  return { ...row };
}

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const { page, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const [editing, setEditing] = useState<ReviewDraft | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const openEditor = (review?: ReviewDraft) => {
    setEditing(review);
    setDialogOpen(true);
  };

  return (
    <>
      <PageHeader
        title="Reviews"
        description="Real customer reviews. Published ones appear on the home page and city pages."
      >
        <Button onClick={() => openEditor(undefined)}>
          <Plus aria-hidden="true" />
          Add Review
        </Button>
      </PageHeader>
      <ListToolbar
        searchLabel="Search reviews"
        searchPlaceholder="Search by customer, text or area"
        statuses={[
          { value: "published", label: "Published" },
          { value: "draft", label: "Not published" },
        ]}
      />
      {page.rows.length === 0 ? (
        <Card className="p-10 text-center text-muted-foreground">
          {loadError ?? "No reviews match."}
        </Card>
      ) : (
        <>
          <div className="hidden @3xl:block">
            <Table>
              <TableCaption>Reviews, newest first</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>Customer</TableHead>
                  <TableHead>Review</TableHead>
                  <TableHead>Rating</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Added</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {page.rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell className="align-top">
                      <span className="block font-medium">{row.customerName}</span>
                      <span className="block text-xs text-muted-foreground">
                        {areaName(row.areaSlug)}
                      </span>
                    </TableCell>
                    <TableCell className="max-w-md align-top">
                      <span className="block text-xs font-medium text-muted-foreground">
                        {REVIEW_CATEGORY_LABELS[row.category]}
                      </span>
                      <span className="line-clamp-2">{row.body}</span>
                    </TableCell>
                    <TableCell className="align-top whitespace-nowrap">
                      <Rating value={row.rating} />
                    </TableCell>
                    <TableCell className="align-top">
                      <StatusBadges published={row.published} verified={row.verified} />
                    </TableCell>
                    <TableCell className="align-top whitespace-nowrap">
                      {formatDate(row.createdAt)}
                    </TableCell>
                    <TableCell className="align-top">
                      <RowActions row={row} onEdit={() => openEditor(toDraft(row))} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ul className="grid gap-3 @3xl:hidden">
            {page.rows.map((row) => (
              <li key={row.id}>
                <Card className="grid gap-2 p-4">
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
                  <RowActions row={row} onEdit={() => openEditor(toDraft(row))} />
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        totalCapped={page.totalCapped}
      />
      <ReviewDialog
        key={editing?.id ?? "new"}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        review={editing}
      />
    </>
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

function RowActions({ row, onEdit }: { row: Row; onEdit: () => void }) {
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
