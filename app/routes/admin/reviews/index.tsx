import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";
import { useState } from "react";
import { data } from "react-router";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { PageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/admin/pagination";
import { ReviewDialog, type ReviewDraft } from "~/components/admin/reviews/review-dialog";
import { ReviewList } from "~/components/admin/reviews/review-list";
import { useLoadErrorToast } from "~/components/admin/use-load-error-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PAGE_SIZE, parseListParams } from "~/lib/pagination";
import { REVIEW_STATUSES, reviewFormSchema, reviewIdSchema } from "~/lib/review-schemas";
import { servicesContext } from "~/server/http/context.server";
import { loadOrError } from "~/server/http/load-or-error.server";
import {
  createReview,
  deleteReview,
  listReviews,
  setReviewPublished,
  updateReview,
} from "~/server/models/reviews.server";
import { toastHeaders, type ToastInput } from "~/server/http/toast.server";
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
        <ReviewList rows={page.rows} onEdit={openEditor} />
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
