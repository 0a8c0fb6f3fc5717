import { AddButton, ListPage } from "~/components/admin/data-list/list-page";
import { useDialogState } from "~/components/admin/dialog-state";
import type { ReviewDraft } from "~/components/admin/reviews/review-dialog";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { ReviewList } from "~/components/admin/reviews/review-list";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { pageSizeFor, parseListParams } from "~/lib/admin/pagination";
import { REVIEW_STATUSES, reviewActionSchema } from "~/lib/schemas/reviews";
import { userActor } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { loadPage } from "~/server/route-helpers/load-or-error.server";
import {
  createReview,
  deleteReview,
  listReviews,
  withPublicationDue,
  setReviewPublished,
  updateReview,
} from "~/server/reviews/reviews.server";
import type { Route } from "./+types/index";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";

// Its code (form, schema, Conform) loads when first opened (decision 0040).
const ReviewDialog = lazyDialog(() =>
  import("~/components/admin/reviews/review-dialog").then((module) => module.ReviewDialog),
);

export const handle = { liveTables: ["reviews"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const params = {
    ...parseListParams(new URL(request.url).searchParams, REVIEW_STATUSES),
    pageSize: pageSizeFor(request.headers),
  };
  const { data: page, loadError } = await loadPage(FAILURE.loadReviews, async () =>
    withPublicationDue(db, await listReviews(db, params)),
  );
  return { page, loadError };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext).database;
  return handleIntents(request, reviewActionSchema, {
    create: {
      failure: FAILURE.saveReview,
      form: true,
      run: async ({ intent: _, ...review }) => {
        await createReview(db, review, userActor(context));
        return { toast: SUCCESS.reviewAdded };
      },
    },
    update: {
      failure: FAILURE.saveReview,
      form: true,
      run: async ({ intent: _, id, ...review }) => {
        await updateReview(db, id, review, userActor(context));
        return { toast: SUCCESS.reviewUpdated };
      },
    },
    publish: {
      failure: FAILURE.updateReview,
      run: async ({ id }) => {
        await setReviewPublished(db, id, true, userActor(context));
        return {
          toast: { title: SUCCESS.reviewPublished, description: "It is on the website now." },
        };
      },
    },
    unpublish: {
      failure: FAILURE.updateReview,
      run: async ({ id, reason }) => {
        await setReviewPublished(db, id, false, userActor(context), reason);
        return {
          toast: {
            title: SUCCESS.reviewUnpublished,
            description: "It is no longer on the website.",
          },
        };
      },
    },
    delete: {
      failure: FAILURE.updateReview,
      run: async ({ id }) => {
        await deleteReview(db, id, userActor(context));
        return { toast: SUCCESS.reviewDeleted };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Reviews | Admin" }];

const STATUS_OPTIONS = [
  { value: "published", label: "Published" },
  { value: "draft", label: "Not published" },
];

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const editor = useDialogState<ReviewDraft>("review", (id) =>
    loaderData.page.rows.find((row) => row.id === id),
  );
  return (
    <>
      <ListPage
        title="Reviews"
        description="Real customer reviews. Published ones appear on the home page and city pages."
        actions={<AddButton trigger={editor.trigger()}>Add Review</AddButton>}
        toolbar={{
          searchLabel: "Search reviews",
          searchPlaceholder: "Search by customer, text or area",
          statuses: STATUS_OPTIONS,
        }}
        page={loaderData.page}
        loadError={loaderData.loadError}
        empty={{
          noMatches: "No reviews match.",
          nothingYet: "No reviews yet. Add one with Add Review.",
        }}
      >
        {(rows) => <ReviewList rows={rows} editTrigger={(row) => editor.trigger(row, row.id)} />}
      </ListPage>
      <ReviewDialog
        key={editor.key}
        open={editor.open}
        onOpenChange={editor.setOpen}
        {...editor.address}
        review={editor.item}
      />
    </>
  );
}
