import { FieldMessage } from "~/components/admin/settings/field-message";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { SettingsBackLink } from "~/components/admin/settings/settings-back-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formatPhone } from "~/lib/phone";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import { phoneSettingsFrom, phoneSettingsSchema } from "~/lib/schemas/phone-settings";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { requireOwner, userActor, userContext } from "~/server/auth/session.server";
import { readNightWatchSettings } from "~/server/night-watch/settings.server";
import { readPhoneSettings, savePhoneSettings } from "~/server/phones/phone-settings.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import type { Route } from "./+types/phone";

/*
 * Settings → Phone (issue 50, decision 0071): how the business number rings when its Voice
 * URL points at Lockline's call flow, the night menu, the missed-call text-back (its words
 * are a text template, in Settings → Messages) and how long recordings are kept.
 */

export async function loader({ context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  const settings = await readPhoneSettings(database.db);
  const nightWatch = await readNightWatchSettings(database.db);
  return {
    isOwner: context.get(userContext).role === "owner",
    flowUrl: `${env.SITE_URL}/api/webhooks/twilio/call/start`,
    statusUrl: `${env.SITE_URL}/api/webhooks/twilio/voice`,
    webhooksOn: Boolean(env.TWILIO_AUTH_TOKEN),
    onCall: nightWatch.onCall.phone
      ? `${nightWatch.onCall.name ?? "On call"}, ${formatPhone(nightWatch.onCall.phone)}`
      : null,
    night: `${nightWatch.autoOffers.from}–${nightWatch.autoOffers.to}`,
    values: {
      officeNumbers: settings.officeNumbers.map(formatPhone).join("\n"),
      officeRingSeconds: String(settings.officeRingSeconds),
      onCallRingSeconds: String(settings.onCallRingSeconds),
      nightMenu: settings.nightMenu,
      textBack: settings.textBack,
      textBackWindowHours: String(settings.textBackWindowHours),
      recordingRetentionDays: String(settings.recordingRetentionDays),
      transcribeVoicemail: settings.transcribeVoicemail,
    },
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  requireOwner(context);
  const { db } = context.get(servicesContext).database;
  return handleIntents(request, phoneSettingsSchema, {
    save: {
      failure: FAILURE.savePhoneSettings,
      form: true,
      run: async (value) => {
        await savePhoneSettings(db, phoneSettingsFrom(value), userActor(context));
        return { toast: SUCCESS.phoneSettingsSaved };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Phone | Settings | Admin" }];

type TextField =
  | "officeNumbers"
  | "officeRingSeconds"
  | "onCallRingSeconds"
  | "textBackWindowHours"
  | "recordingRetentionDays";

type Box = "nightMenu" | "textBack" | "transcribeVoicemail";

export default function PhoneSettingsPage({ loaderData }: Route.ComponentProps) {
  const { isOwner, values, onCall, night, flowUrl, statusUrl, webhooksOn } = loaderData;
  const answer = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const result = answer && "result" in answer ? answer.result : undefined;
  const typed = result?.initialValue as Partial<Record<string, string>> | undefined;
  const checked = (name: Box) => (typed ? typed[name] === "on" : values[name]);
  const field = (name: TextField, label: string, hint: string, multiline = false) => {
    const error = (result?.error as Record<string, string[] | undefined> | undefined)?.[name]?.[0];
    const props = {
      id: name,
      name,
      autoComplete: "off",
      defaultValue: typed?.[name] ?? values[name],
      disabled: !isOwner,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": `${name}-${error ? "error" : "hint"}`,
    };
    return (
      <div className="grid gap-1">
        <label htmlFor={name} className="text-sm font-medium">
          {label}
        </label>
        {multiline ? (
          <Textarea rows={3} {...props} />
        ) : (
          <Input inputMode="numeric" className="max-w-32" {...props} />
        )}
        <FieldMessage name={name} error={error} hint={hint} />
      </div>
    );
  };
  const box = (name: Box, label: string) => (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input
        type="checkbox"
        name={name}
        defaultChecked={checked(name)}
        disabled={!isOwner}
        className="size-4 accent-brand-700"
      />
      {label}
    </label>
  );
  return (
    <>
      <PageHeader
        title="Phone"
        description="How the business number rings, what a missed caller hears from us, and how long recordings are kept."
      />
      <SettingsBackLink />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="save" />
        <Card>
          <CardHeader>
            <CardTitle as="h2">Who the phone rings</CardTitle>
            <CardDescription>
              The office's phones ring together first, then the on-call person (
              {onCall ?? "nobody yet: set one in Settings → Night watch"}), then voicemail. Every
              recorded call says first that calls are recorded (Illinois law needs every party's
              consent). {isOwner ? "" : " Only an owner can change these."}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:max-w-lg">
            {field(
              "officeNumbers",
              "Office phones",
              "Up to 5 US numbers, one a line. None: calls go straight to the on-call person.",
              true,
            )}
            {field("officeRingSeconds", "Office rings for (seconds)", "From 5 to 60.")}
            {field("onCallRingSeconds", "On-call person rings for (seconds)", "From 5 to 60.")}
            {box("nightMenu", `Night menu (${night}): "press 1 if you are locked out now"`)}
            <p className="text-sm text-muted-foreground">
              At night a caller who presses 1 rings the on-call person at once.
            </p>
          </CardContent>
        </Card>
        <Card className="mt-6">
          <CardHeader>
            <CardTitle as="h2">Missed-call text-back</CardTitle>
            <CardDescription>
              A caller nobody answered (no answer, busy, or a hang-up at voicemail) gets one text
              within the minute, never after they replied STOP. The words are in{" "}
              <Link to="/admin/settings/messages" className="underline">
                Settings → Messages
              </Link>{" "}
              ("Caller: we missed their call").
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {box("textBack", "Text missed callers back")}
            {field(
              "textBackWindowHours",
              "At most one text-back per number every (hours)",
              "From 1 to 72; 4 by default.",
            )}
          </CardContent>
        </Card>
        <Card className="mt-6">
          <CardHeader>
            <CardTitle as="h2">Recordings</CardTitle>
            <CardDescription>
              Voicemails and recorded calls older than this are deleted, here and at Twilio, and the
              deletion is written in the activity log.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {field("recordingRetentionDays", "Keep recordings for (days)", "90 by default.")}
            {box("transcribeVoicemail", "Transcribe voicemails (Twilio charges for each)")}
            <p className="text-sm text-muted-foreground">
              The text shows on the lead beside the voicemail, and is deleted with the recording.
            </p>
          </CardContent>
        </Card>
        {isOwner && (
          <Button type="submit" className="mt-6" disabled={saving}>
            {saving ? "Saving..." : "Save phone settings"}
          </Button>
        )}
      </Form>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">Point the Twilio number here</CardTitle>
          <CardDescription>
            {webhooksOn
              ? "In Twilio's console, on the business number: A call comes in → Webhook, HTTP POST:"
              : "Set TWILIO_AUTH_TOKEN first (the webhooks answer 404 without it). Then in Twilio's console, on the business number: A call comes in → Webhook, HTTP POST:"}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <code className="break-all">{flowUrl}</code>
          <p>Call status changes → HTTP POST:</p>
          <code className="break-all">{statusUrl}</code>
        </CardContent>
      </Card>
    </>
  );
}
