import { FieldMessage } from "~/components/admin/settings/field-message";
import { Form, useActionData, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { formatTaxRate, TAX_LINE_KIND_LABELS } from "~/lib/money/receipt";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import { receiptSettingsSchema } from "~/lib/schemas/receipt-settings";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { requireOwner, userActor, userContext } from "~/server/auth/session.server";
import { businessContact } from "~/server/business.server";
import { readReceiptSettings, saveReceiptSettings } from "~/server/money/receipt-settings.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import type { Route } from "./+types/receipts";
import { SettingsBackLink } from "~/components/admin/settings/settings-back-link";

/*
 * Settings → Receipts (issue 44, decision 0053): the legal name and address every receipt
 * gives, beside the name, phone, e-mail and license from the configuration; and a tax rate
 * per kind of line, none by default (no tax line then).
 */

export async function loader({ context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  const settings = await readReceiptSettings(database.db);
  const rate = (value: number | undefined) => (value === undefined ? "" : formatTaxRate(value));
  return {
    isOwner: context.get(userContext).role === "owner",
    business: businessContact(env),
    values: {
      legalName: settings.legalName ?? "",
      address: settings.address ?? "",
      laborRate: rate(settings.taxRates.labor).replace("%", ""),
      partsRate: rate(settings.taxRates.parts).replace("%", ""),
    },
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  requireOwner(context);
  const { db } = context.get(servicesContext).database;
  return handleIntents(request, receiptSettingsSchema, {
    save: {
      failure: FAILURE.saveReceiptSettings,
      form: true,
      run: async ({ legalName, address, laborRate, partsRate }) => {
        await saveReceiptSettings(
          db,
          { legalName, address, taxRates: { labor: laborRate, parts: partsRate } },
          userActor(context),
        );
        return { toast: SUCCESS.receiptSettingsSaved };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Receipts | Settings | Admin" }];

type FieldName = "legalName" | "address" | "laborRate" | "partsRate";

export default function ReceiptSettingsPage({ loaderData }: Route.ComponentProps) {
  const { isOwner, business, values } = loaderData;
  const answer = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const result = answer && "result" in answer ? answer.result : undefined;
  const typed = result?.initialValue as Partial<Record<FieldName, string>> | undefined;
  const field = (name: FieldName, label: string, hint: string, props = {}) => {
    const error = (result?.error as Record<string, string[] | undefined> | undefined)?.[name]?.[0];
    return (
      <div className="grid gap-1">
        <label htmlFor={name} className="text-sm font-medium">
          {label}
        </label>
        <Input
          id={name}
          name={name}
          autoComplete="off"
          defaultValue={typed?.[name] ?? values[name]}
          disabled={!isOwner}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${name}-${error ? "error" : "hint"}`}
          {...props}
        />
        <FieldMessage name={name} error={error} hint={hint} />
      </div>
    );
  };
  return (
    <>
      <PageHeader
        title="Receipts"
        description="What every receipt says of the business, and the tax it counts."
      />
      <SettingsBackLink />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="save" />
        <Card>
          <CardHeader>
            <CardTitle as="h2">The business on receipts</CardTitle>
            <CardDescription>
              Receipts also give {business.name}, {business.phone}, {business.email}
              {business.license ? ` and ${business.license}` : ""} from the server's configuration.
              {isOwner ? "" : " Only an owner can change these."}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:max-w-lg">
            {field("legalName", "Legal name", `Left empty, receipts give ${business.name}.`)}
            {field(
              "address",
              "Business address",
              "Street, city, state and ZIP, as an insurer would write to you.",
            )}
          </CardContent>
        </Card>
        <Card className="mt-6">
          <CardHeader>
            <CardTitle as="h2">Tax</CardTitle>
            <CardDescription>
              A rate per kind of line, in percent. Prices include tax: the receipt shows the part of
              the price that is tax. Left empty, a kind has no rate and receipts show no tax line
              for it.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:max-w-xs">
            {field("laborRate", `${TAX_LINE_KIND_LABELS.labor} (%)`, "e.g. 0, or empty for none", {
              inputMode: "decimal",
            })}
            {field(
              "partsRate",
              `${TAX_LINE_KIND_LABELS.parts} (%)`,
              "Lines naming a key, lock, cylinder or other hardware.",
              { inputMode: "decimal" },
            )}
          </CardContent>
        </Card>
        {isOwner && (
          <Button type="submit" className="mt-6" disabled={saving}>
            {saving ? "Saving..." : "Save receipt settings"}
          </Button>
        )}
      </Form>
    </>
  );
}
