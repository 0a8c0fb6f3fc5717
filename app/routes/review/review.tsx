import { Form, useActionData, useNavigation } from "react-router";
import { LinkGone, useRootBusiness } from "~/components/link-page/link-gone";
import { LinkPageShell } from "~/components/link-page/link-page-shell";
import { StarRatingField } from "~/components/review-page/star-rating-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { REVIEW_NAME_MAX, REVIEW_TEXT_MAX } from "~/lib/reviews/review-request";
import { servicesContext } from "~/server/route-helpers/context.server";
import { readReviewRequest } from "~/server/reviews/review-requests.server";
import type { Route } from "./+types/review";
import { handleReviewSubmit, REVIEW_PAGE_HEADERS, reviewLinkGone } from "./review-page.server";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";

/*
 * /review/:token — the short form a customer opens from the text after their job: stars,
 * a few words, the name to show, and whether it may go on the website. One use, 30 days.
 */

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const request = await readReviewRequest(database.db, params.token);
  if (!request) reviewLinkGone();
  return request;
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ params, request, context }: Route.ActionArgs) {
  return handleReviewSubmit(request, params.token, context.get(servicesContext).database.db);
}

export const headers = () => REVIEW_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "How did we do?" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export default function ReviewPage({ loaderData: request }: Route.ComponentProps) {
  const business = useRootBusiness();
  const answer = useActionData<typeof action>();
  const sending = useNavigation().state === "submitting";
  const reply = answer && "result" in answer ? answer.result : undefined;
  const errors = reply?.error ?? {};
  const typed = (reply?.initialValue ?? {}) as Record<string, string | undefined>;
  const field = (name: string) => errors[name]?.[0];
  return (
    <LinkPageShell business={business}>
      <h1 className="text-2xl font-extrabold tracking-tight">How did we do?</h1>
      <p className="mt-2 text-muted-foreground">
        Your {request.service.toLowerCase()} job
        {request.locksmithName ? ` with ${request.locksmithName}` : ""}. A minute of your time helps{" "}
        {business.name} and your neighbours.
      </p>
      {answer && "formError" in answer && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-medium text-red-900">
          {answer.formError}
        </p>
      )}
      <Form method="post" className="mt-5 grid gap-5 rounded-xl bg-white p-4 shadow-sm">
        <StarRatingField
          name="rating"
          defaultValue={typed.rating ? Number(typed.rating) : undefined}
          error={field("rating")}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="body">Your review</Label>
          <Textarea
            id="body"
            name="body"
            rows={5}
            required
            defaultValue={typed.body ?? ""}
            aria-invalid={field("body") ? true : undefined}
            aria-describedby={field("body") ? "body-error body-help" : "body-help"}
          />
          {field("body") && (
            <p id="body-error" className="text-sm font-medium text-destructive">
              {field("body")}
            </p>
          )}
          <p id="body-help" className="text-xs text-muted-foreground">
            Up to {REVIEW_TEXT_MAX.toLocaleString("en-US")} characters. Please leave out phone
            numbers and addresses.
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="name">Name to show</Label>
          <Input
            id="name"
            name="name"
            required
            maxLength={REVIEW_NAME_MAX + 20}
            autoComplete="given-name"
            defaultValue={typed.name ?? request.suggestedName}
            aria-invalid={field("name") ? true : undefined}
            aria-describedby={field("name") ? "name-error" : undefined}
          />
          {field("name") && (
            <p id="name-error" className="text-sm font-medium text-destructive">
              {field("name")}
            </p>
          )}
        </div>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            name="publishConsent"
            defaultChecked={reply ? typed.publishConsent === "on" : false}
            className="mt-1 size-5 shrink-0 accent-brand-700"
          />
          <span>{business.name} may show my review, with the name above, on its website</span>
        </label>
        <Button type="submit" size="lg" className="w-full" disabled={sending}>
          {sending ? "Sending..." : "Send my review"}
        </Button>
      </Form>
    </LinkPageShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <LinkGone
      error={error}
      heading="This review link is not valid"
      reasons="It may have been used already, be more than 30 days old, or be mistyped."
      callFor="We would still love to hear from you:"
    />
  );
}
