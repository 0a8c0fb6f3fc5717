import { Form, Link, useActionData, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { TextKindFieldset } from "~/components/admin/settings/text-kind-fieldset";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { formatPhone } from "~/lib/phone";
import { TEXT_KINDS } from "~/lib/texting/text-templates";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { requireOwner, userActor, userContext } from "~/server/auth/session.server";
import { textSettingsSchema } from "~/lib/schemas/text-settings";
import {
  readTextSettings,
  textSender,
  writeTextSettings,
} from "~/server/texting/text-settings.server";
import type { Route } from "./+types/messages";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";

/* Settings → Messages: the sender number, and each kind of text on or off, with its words. */

export async function loader({ context }: Route.LoaderArgs) {
  const { env, database } = context.get(servicesContext);
  const settings = await readTextSettings(database.db);
  const sender = textSender(env, settings);
  return {
    isOwner: context.get(userContext).role === "owner",
    settings,
    business: { name: env.BUSINESS_NAME, phone: formatPhone(env.BUSINESS_PHONE) },
    sender: sender.configured
      ? {
          configured: true as const,
          via: sender.from
            ? `from ${formatPhone(sender.from)}`
            : `through Messaging Service ${sender.messagingServiceSid}`,
        }
      : { configured: false as const, missing: sender.missing },
    environmentFrom: env.TWILIO_FROM_NUMBER ?? env.TWILIO_MESSAGING_SERVICE_SID ?? null,
    incomingUrl: `${env.SITE_URL}/api/webhooks/twilio/incoming`,
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  requireOwner(context);
  const { db } = context.get(servicesContext).database;
  return handleIntents(request, textSettingsSchema, {
    save: {
      failure: FAILURE.saveTextSettings,
      form: true,
      run: async (settings) => {
        await writeTextSettings(db, settings, userActor(context));
        return { toast: SUCCESS.textSettingsSaved };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Text settings | Settings | Admin" }];

export default function MessageSettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings, sender, business, isOwner } = loaderData;
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const errors = answer && "result" in answer ? (answer.result?.error ?? {}) : {};
  const typed = answer && "result" in answer ? answer.result?.initialValue : undefined;
  const fromError = errors.from?.[0];
  // Without JavaScript a refused form comes back as a page: keep what was typed.
  const typedTemplates = (typed as { templates?: Record<string, string> } | undefined)?.templates;
  return (
    <>
      <PageHeader
        title="Text settings"
        description="The texts the business sends: who they come from, which are sent, and what they say."
      />
      <p className="-mt-2 mb-4 text-sm">
        <Link to="/admin/settings" className="text-brand-700 underline-offset-4 hover:underline">
          ← All settings
        </Link>{" "}
        ·{" "}
        <Link to="/admin/messages" className="text-brand-700 underline-offset-4 hover:underline">
          The outbox
        </Link>
      </p>
      <Form method="post" className="grid grid-cols-1 gap-6" noValidate>
        <input type="hidden" name="intent" value="save" />
        <Card>
          <CardHeader>
            <CardTitle as="h2">Sender</CardTitle>
            <CardDescription>
              {sender.configured
                ? `Texts go out through Twilio ${sender.via}.`
                : `Texting is not configured (set ${sender.missing}). Texts still go to the outbox, marked not sent, with Copy.`}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid max-w-md gap-1.5">
            <Label htmlFor="from">Sender number (optional)</Label>
            <Input
              id="from"
              name="from"
              type="tel"
              autoComplete="off"
              defaultValue={
                typeof typed?.from === "string"
                  ? typed.from
                  : settings.from
                    ? formatPhone(settings.from)
                    : ""
              }
              disabled={!isOwner}
              aria-invalid={fromError ? true : undefined}
              aria-describedby={fromError ? "from-error from-help" : "from-help"}
            />
            {fromError && (
              <p id="from-error" className="text-sm font-medium text-destructive">
                {fromError}
              </p>
            )}
            <p id="from-help" className="text-xs text-muted-foreground">
              A number of your Twilio account. Empty:{" "}
              {loaderData.environmentFrom ?? "TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID"}{" "}
              from the server's configuration. Replies and STOP come to{" "}
              <code className="wrap-anywhere">{loaderData.incomingUrl}</code> (set it as the
              number's incoming-message webhook).
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Texts</CardTitle>
            <CardDescription>
              {isOwner
                ? "Placeholders in braces are filled from the job. A line whose placeholders are all empty is left out."
                : "Only an owner can change these."}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {TEXT_KINDS.map((kind) => (
              <TextKindFieldset
                key={kind}
                kind={kind}
                enabled={settings.enabled[kind]}
                template={typedTemplates?.[kind] ?? settings.templates[kind]}
                error={errors[`templates.${kind}`]?.[0]}
                business={business}
                disabled={!isOwner}
              />
            ))}
          </CardContent>
        </Card>
        {isOwner && (
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save text settings"}
            </Button>
          </div>
        )}
      </Form>
    </>
  );
}
