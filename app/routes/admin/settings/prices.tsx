import { Form, useActionData, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { SERVICE_TYPES, type ServiceType } from "~/lib/business-enums";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { centsToInput } from "~/lib/money/money";
import { PRICE_CHECK_FACTOR } from "~/lib/money/price-list";
import { pricesPageSchema } from "~/lib/schemas/prices";
import { readAfterHours, saveAfterHours } from "~/server/money/after-hours.server";
import { AfterHoursCard } from "~/components/admin/settings/after-hours-card";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { requireOwner, userActor, userContext } from "~/server/auth/session.server";
import { readPriceList, savePriceList } from "~/server/money/price-list.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import type { Route } from "./+types/prices";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import { SettingsBackLink } from "~/components/admin/settings/settings-back-link";

/*
 * Settings → Prices: each service's usual range. A locksmith's final price more than three
 * times the top (or under a third of the bottom) is asked again on their job page and
 * flagged for the office.
 */

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  return {
    isOwner: context.get(userContext).role === "owner",
    prices: await readPriceList(database.db),
    afterHours: await readAfterHours(database.db),
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  requireOwner(context);
  const { db } = context.get(servicesContext).database;
  return handleIntents(request, pricesPageSchema, {
    save: {
      failure: FAILURE.savePrices,
      form: true,
      run: async ({ prices }) => {
        await savePriceList(db, prices, userActor(context));
        return { toast: SUCCESS.pricesSaved };
      },
    },
    after_hours: {
      failure: FAILURE.saveAfterHours,
      form: true,
      run: async ({ rate }) => {
        await saveAfterHours(db, rate, userActor(context));
        return { toast: SUCCESS.afterHoursSaved };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Prices | Settings | Admin" }];

export default function PriceSettingsPage({ loaderData }: Route.ComponentProps) {
  const { prices, isOwner, afterHours } = loaderData;
  const answer = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const priceAnswer = answer?.intent === "save" ? answer : undefined;
  const errors = priceAnswer && "result" in priceAnswer ? (priceAnswer.result?.error ?? {}) : {};
  // Without JavaScript a refused form comes back as a page: keep what was typed.
  const typed = (
    priceAnswer && "result" in priceAnswer ? priceAnswer.result?.initialValue : undefined
  ) as Record<string, { low?: string; high?: string }> | undefined;
  const cell = (type: ServiceType, end: "low" | "high") => {
    const name = `${type}.${end}`;
    const error = errors[name]?.[0];
    const label = `${SERVICE_TYPE_LABELS[type]}: ${end === "low" ? "from" : "up to"} ($)`;
    return (
      <td className="p-2 align-top">
        <Input
          name={name}
          aria-label={label}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={
            typed?.[type]?.[end] ??
            centsToInput(end === "low" ? prices[type].lowCents : prices[type].highCents)
          }
          disabled={!isOwner}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${type}-${end}-error` : undefined}
          className="w-28 tabular-nums"
        />
        {error && (
          <p id={`${type}-${end}-error`} className="mt-1 text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </td>
    );
  };
  return (
    <>
      <PageHeader
        title="Prices"
        description="What each service usually costs: a quote outside its range needs a reason the customer sees, and a final price is checked against it."
      />
      <SettingsBackLink />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="save" />
        <Card>
          <CardHeader>
            <CardTitle as="h2">Usual price per service</CardTitle>
            <CardDescription>
              A locksmith's on-site quote outside the range needs a reason, shown to the customer
              who approves it (decision 0031). A locksmith who completes a job at more than{" "}
              {PRICE_CHECK_FACTOR} times the top of its range, or under a third of the bottom, is
              asked to confirm the exact figure, and the job is flagged for you to check.
              {isOwner ? "" : " Only an owner can change these."}
            </CardDescription>
          </CardHeader>
          <CardContent className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Usual price per service</caption>
              <thead>
                <tr>
                  <th scope="col" className="p-2 font-medium">
                    Service
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    From ($)
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    Up to ($)
                  </th>
                </tr>
              </thead>
              <tbody>
                {SERVICE_TYPES.map((type) => (
                  <tr key={type} className="border-t">
                    <th scope="row" className="p-2 align-top font-medium">
                      {SERVICE_TYPE_LABELS[type]}
                    </th>
                    {cell(type, "low")}
                    {cell(type, "high")}
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
        {isOwner && (
          <Button type="submit" className="mt-6" disabled={saving}>
            {saving ? "Saving..." : "Save prices"}
          </Button>
        )}
      </Form>
      <AfterHoursCard
        rate={afterHours}
        isOwner={isOwner}
        answer={answer?.intent === "after_hours" ? answer : undefined}
        saving={saving}
      />
    </>
  );
}
