import { Form, useActionData, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import {
  HIDE_REASONS_BY_POLICY,
  REVIEW_HIDDEN_REASON_LABELS,
} from "~/lib/reviews/review-categories";
import { reviewSettingsSchema } from "~/lib/schemas/review-settings";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { requireOwner, userActor, userContext } from "~/server/auth/session.server";
import {
  readModerationHours,
  saveModerationHours,
} from "~/server/reviews/review-moderation.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import type { Route } from "./+types/reviews";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import { SettingsBackLink } from "~/components/admin/settings/settings-back-link";

/*
 * Settings → Reviews: how long the office has to check a review from a job before it goes
 * live by itself (app/lib/reviews/moderation.ts).
 */

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  return {
    isOwner: context.get(userContext).role === "owner",
    moderationHours: await readModerationHours(database.db),
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  requireOwner(context);
  const { db } = context.get(servicesContext).database;
  return handleIntents(request, reviewSettingsSchema, {
    save: {
      failure: FAILURE.saveReviewSettings,
      form: true,
      run: async ({ moderationHours }) => {
        await saveModerationHours(db, moderationHours, userActor(context));
        return { toast: SUCCESS.reviewSettingsSaved };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Reviews | Settings | Admin" }];

export default function ReviewSettingsPage({ loaderData }: Route.ComponentProps) {
  const { moderationHours, isOwner } = loaderData;
  const answer = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const result = answer && "result" in answer ? answer.result : undefined;
  const error = result?.error?.moderationHours?.[0];
  const typed = (result?.initialValue as { moderationHours?: string } | undefined)?.moderationHours;
  return (
    <>
      <PageHeader
        title="Reviews"
        description="Reviews from jobs go on the website by rule, never by their stars."
      />
      <SettingsBackLink />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="save" />
        <Card>
          <CardHeader>
            <CardTitle as="h2">Moderation window</CardTitle>
            <CardDescription>
              A review a customer sends from their job's link, agreeing that it may be shown, goes
              live when this window has passed, whatever its rating. Within it, or later, you can
              hide it only for one of these reasons:{" "}
              {HIDE_REASONS_BY_POLICY.map((reason) => REVIEW_HIDDEN_REASON_LABELS[reason])
                .join(", ")
                .toLowerCase()}
              . Nobody can publish one before its window ends.
              {isOwner ? "" : " Only an owner can change this."}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <label htmlFor="moderationHours" className="text-sm font-medium">
              Publish after (hours)
            </label>
            <Input
              id="moderationHours"
              name="moderationHours"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={typed ?? String(moderationHours)}
              disabled={!isOwner}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "moderationHours-error" : "moderationHours-hint"}
              className="mt-1 w-28 tabular-nums"
            />
            {error ? (
              <p id="moderationHours-error" className="mt-1 text-sm font-medium text-destructive">
                {error}
              </p>
            ) : (
              <p id="moderationHours-hint" className="mt-1 text-sm text-muted-foreground">
                0 publishes at once; the default is 48.
              </p>
            )}
          </CardContent>
        </Card>
        {isOwner && (
          <Button type="submit" className="mt-6" disabled={saving}>
            {saving ? "Saving..." : "Save review settings"}
          </Button>
        )}
      </Form>
    </>
  );
}
