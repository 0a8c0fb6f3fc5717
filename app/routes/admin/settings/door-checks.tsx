import { FieldMessage } from "~/components/admin/settings/field-message";
import { Form, useActionData, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { SettingsBackLink } from "~/components/admin/settings/settings-back-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { keptYears, RETENTION_YEARS_MAX } from "~/lib/door-check/retention";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import { doorCheckSettingsSchema } from "~/lib/schemas/door-check-settings";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { requireOwner, userActor, userContext } from "~/server/auth/session.server";
import { readRetention, saveRetention } from "~/server/door-check/door-checks.server";
import { configuredPhotoCipher } from "~/server/door-check/id-photo-cipher.server";
import { readKeepIdPhoto } from "~/server/door-check/id-photos.server";
import { ID_PHOTO_TEXT } from "~/lib/door-check/id-photo";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import type { Route } from "./+types/door-checks";

/*
 * Settings → Door checks (issue 49, decision 0069): how many years a door-check record is kept
 * before the hourly purge_door_checks timer empties its contents, and the legal minimum the
 * business is held to (the years never go below it). Owners change it; each change is in the
 * activity log. The timer reads the setting when it runs.
 */

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  return {
    isOwner: context.get(userContext).role === "owner",
    retention: await readRetention(db),
    keepIdPhoto: await readKeepIdPhoto(db),
    // Without the key no photo could be sealed: the screen says so.
    photoKeyMissing: !configuredPhotoCipher(context.get(servicesContext).env),
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  requireOwner(context);
  const { db } = context.get(servicesContext).database;
  return handleIntents(request, doorCheckSettingsSchema, {
    save: {
      failure: FAILURE.saveDoorCheckSettings,
      form: true,
      run: async ({ years, legalMinimumYears, keepIdPhoto }) => {
        const settings = { years, legalMinimumYears };
        await saveRetention(db, settings, userActor(context), keepIdPhoto);
        const kept = keptYears(settings);
        return {
          toast: {
            title: SUCCESS.doorCheckSettingsSaved,
            description: `Records are kept ${kept} year${kept === 1 ? "" : "s"}, then their contents are purged.${keepIdPhoto ? " A redacted photo of the ID may be kept with each." : ""}`,
          },
        };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Door checks | Settings | Admin" }];

type Field = "years" | "legalMinimumYears";

export default function DoorCheckSettingsPage({ loaderData }: Route.ComponentProps) {
  const { retention, isOwner, keepIdPhoto, photoKeyMissing } = loaderData;
  const answer = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const result = answer && "result" in answer ? answer.result : undefined;
  const typed = result?.initialValue as Partial<Record<Field | "keepIdPhoto", string>> | undefined;
  const field = (name: Field, label: string, hint: string) => {
    const error = result?.error?.[name]?.[0];
    return (
      <div className="grid max-w-sm gap-1.5">
        <Label htmlFor={name}>{label}</Label>
        <Input
          id={name}
          name={name}
          type="number"
          inputMode="numeric"
          min={1}
          max={RETENTION_YEARS_MAX}
          autoComplete="off"
          defaultValue={typed?.[name] ?? String(retention[name])}
          disabled={!isOwner}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${name}-${error ? "error" : "hint"}`}
          className="w-28 tabular-nums"
        />
        <FieldMessage name={name} error={error} hint={hint} />
      </div>
    );
  };
  return (
    <>
      <PageHeader
        title="Door checks"
        description="Before a locksmith opens a home, a business, a car or a safe, they record the customer's photo ID, their proof of authority and a signed statement. This is how long those records are kept."
      />
      <SettingsBackLink />
      <Form method="post" noValidate className="max-w-3xl">
        <input type="hidden" name="intent" value="save" />
        <Card>
          <CardHeader>
            <CardTitle as="h2">Retention</CardTitle>
            <CardDescription>
              A record is kept through the same day that many years after it was made (Chicago
              time), then its contents are purged within the hour; the outcome stays, so the reports
              still count it. Each purge is in the activity log. The ALOA policy asks for at least
              three years; enter more if your state or insurer asks for it.
              {isOwner ? "" : " Only an owner can change this."}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {field(
              "legalMinimumYears",
              "Legal minimum (years)",
              "The shortest time the law or your insurer asks you to keep them; 3 unless set.",
            )}
            {field(
              "years",
              "Keep records for (years)",
              `At least the legal minimum, at most ${RETENTION_YEARS_MAX}; 3 unless set.`,
            )}
          </CardContent>
        </Card>
        <Card className="mt-6">
          <CardHeader>
            <CardTitle as="h2">Photo of the ID</CardTitle>
            <CardDescription>{ID_PHOTO_TEXT.settingOffKeeps}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="flex items-start gap-3">
              <input
                id="keepIdPhoto"
                name="keepIdPhoto"
                type="checkbox"
                defaultChecked={typed ? typed.keepIdPhoto === "on" : keepIdPhoto}
                disabled={!isOwner}
                aria-describedby="keepIdPhoto-hint"
                className="mt-1 size-5 shrink-0"
              />
              <div className="grid gap-1">
                <Label htmlFor="keepIdPhoto">{ID_PHOTO_TEXT.settingLabel}</Label>
                <p id="keepIdPhoto-hint" className="text-sm text-muted-foreground">
                  {ID_PHOTO_TEXT.settingHint}
                  {photoKeyMissing ? ` ${ID_PHOTO_TEXT.noKey}` : ""}
                </p>
              </div>
            </div>
            {isOwner && (
              <Button type="submit" className="w-fit" disabled={saving}>
                {saving ? "Saving..." : "Save door check settings"}
              </Button>
            )}
          </CardContent>
        </Card>
      </Form>
    </>
  );
}
