import { getFormProps } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import type { LastResult } from "~/components/form-options";
import { useLazyZodForm } from "~/components/use-lazy-zod-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  CheckboxField,
  InputField,
  SelectField,
  type FieldMeta,
} from "~/components/ui/form-fields";
import { LIMITS } from "~/lib/night-watch/clock-rules";
import {
  backupField,
  LADDER_LIMITS,
  WAKE_CHANNELS,
  type Rung,
  type WakeBy,
} from "~/lib/night-watch/escalation-ladder";
import { formatPhone } from "~/lib/phone";
import { nightWatchPageSchema } from "~/lib/schemas/night-watch";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { NeedsClosingCard } from "~/components/admin/settings/needs-closing-card";
import { requireOwner, userActor, userContext } from "~/server/auth/session.server";
import {
  readNeedsClosingHours,
  saveNeedsClosingHours,
} from "~/server/dispatch/needs-closing.server";
import {
  readNightWatchSettings,
  saveNightWatchSettings,
} from "~/server/night-watch/settings.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import type { Route } from "./+types/night-watch";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import { SettingsBackLink } from "~/components/admin/settings/settings-back-link";

/*
 * Settings → Night watch (decision 0028): the clock rules' limits, automatic offers (when,
 * how long each offer stands, how many before the office is called in) and the on-call
 * operator who is texted (and called, with Twilio) when a request waits past its limit.
 * Owners and admins both run the night: both may change it. "Needs closing" (how long a
 * live job may go without progress) is the owner's alone (issue 45).
 */

export async function loader({ context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  return {
    settings: await readNightWatchSettings(database.db),
    needsClosingHours: await readNeedsClosingHours(database.db),
    isOwner: context.get(userContext).role === "owner",
    twilio: Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN),
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = userActor(context);
  const { db } = context.get(servicesContext).database;
  // "Needs closing" is the owner's: an admin is refused before the form is read.
  if ((await request.clone().formData()).get("intent") === "needs_closing") requireOwner(context);
  return handleIntents(request, nightWatchPageSchema, {
    save: {
      failure: FAILURE.saveNightWatch,
      form: true,
      run: async (settings) => {
        if ("hours" in settings) throw new Response(null, { status: 400 });
        await saveNightWatchSettings(db, settings, actor);
        return { toast: SUCCESS.nightWatchSaved };
      },
    },
    needs_closing: {
      failure: FAILURE.saveNeedsClosing,
      form: true,
      run: async (value) => {
        if (!("hours" in value)) throw new Response(null, { status: 400 });
        await saveNeedsClosingHours(db, value.hours, actor);
        return { toast: SUCCESS.needsClosingSaved };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Night watch | Settings | Admin" }];

export default function NightWatchSettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings, twilio, needsClosingHours, isOwner } = loaderData;
  const answer = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const [form, fields] = useLazyZodForm({
    id: "night-watch",
    loadSchema: () =>
      import("~/lib/schemas/night-watch").then((schemas) => schemas.nightWatchSettingsSchema),
    lastResult: (answer?.intent === "save" && "result" in answer
      ? answer.result
      : undefined) as LastResult,
    defaultValue: {
      newUntouchedMinutes: String(settings.newUntouchedMinutes),
      notOnTheWayMinutes: String(settings.notOnTheWayMinutes),
      notCompletedMinutes: String(settings.notCompletedMinutes),
      mode: settings.autoOffers.mode,
      from: settings.autoOffers.from,
      to: settings.autoOffers.to,
      offerSeconds: String(settings.autoOffers.offerSeconds),
      maxOffers: String(settings.autoOffers.maxOffers),
      onCallName: settings.onCall.name ?? "",
      onCallPhone: settings.onCall.phone ? formatPhone(settings.onCall.phone) : "",
      ...wakeByValues("onCall", settings.ladder.onCallBy),
      ladderEveryMinutes: String(settings.ladder.everyMinutes),
      ladderRounds: String(settings.ladder.rounds),
      ...backupValues(settings.ladder.backups),
    },
  });
  // The ladder's fields are named by number (backup2Phone): read by name.
  const byName = fields as unknown as Record<string, FieldMeta>;
  const minutes = { type: "number" as const, inputMode: "numeric" as const, className: "max-w-40" };
  return (
    <>
      <PageHeader
        title="Night watch"
        description="No request waits unseen: limits that raise an alert, offers that pass on by themselves, and who is woken."
      />
      <SettingsBackLink />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Clock rules</CardTitle>
              <CardDescription>
                A request that breaks one shows under Needs attention on the dashboard, goes on its
                timeline and is texted to the on-call operator, once; it clears when someone acts.
                An office&apos;s offer is late after the offer timer below; an ETA is late when it
                passes without Arrived.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-3">
              <InputField
                meta={fields.newUntouchedMinutes}
                label="New request untouched (minutes)"
                {...minutes}
              />
              <InputField
                meta={fields.notOnTheWayMinutes}
                label='Accepted, no "On my way" (minutes)'
                {...minutes}
              />
              <InputField
                meta={fields.notCompletedMinutes}
                label="Arrived, not completed (minutes)"
                {...minutes}
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">Automatic offers</CardTitle>
              <CardDescription>
                When on, a new web request or call is offered by text to the best-placed free
                locksmith; unanswered, it passes to the next when its timer runs out; the first to
                accept has it. After the set number of offers, or when nobody is free, the on-call
                operator is alerted. Dispatching, reassigning or changing the status yourself stops
                the automatic offers for that request.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <SelectField meta={fields.mode} label="Automatic offers" className="sm:col-span-2">
                <option value="off">Off</option>
                <option value="window">On between the times below (Chicago time)</option>
                <option value="always">Always on</option>
              </SelectField>
              <InputField meta={fields.from} label="On from (HH:MM)" className="max-w-40" />
              <InputField meta={fields.to} label="Until (HH:MM)" className="max-w-40" />
              <InputField
                meta={fields.offerSeconds}
                label="Offer timer (seconds)"
                hint={`${LIMITS.offerSeconds.min} to ${LIMITS.offerSeconds.max}; 180 is three minutes.`}
                {...minutes}
              />
              <InputField
                meta={fields.maxOffers}
                label="Offers before the office is alerted"
                {...minutes}
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">On call</CardTitle>
              <CardDescription>
                Who hears the alerts when nobody is watching the screen: a text through Messages
                {twilio
                  ? ", and a call saying the alert"
                  : " (it waits there, with Copy, until Twilio is set up)"}
                . Change it when the shift changes; empty, alerts show in the back office only.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <InputField meta={fields.onCallName} label="On-call operator's name" />
              <InputField
                meta={fields.onCallPhone}
                label="On-call operator's phone"
                type="tel"
                autoComplete="off"
                placeholder="(312) 555-0199"
              />
              <WakeByFields who="On call" fields={byName} prefix="onCall" />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">Escalation ladder</CardTitle>
              <CardDescription>
                A request no locksmith has accepted wakes the on-call operator at the untouched
                limit above, whether automatic offers are running or not. Nobody acts (opens the
                lead, dispatches it, or texts back)? The next person is woken after the interval
                below: the backups in order, then round again. A customer who writes again while
                waiting starts it over at once. A push goes to every operator&apos;s signed-in
                devices.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <InputField
                meta={fields.ladderEveryMinutes}
                label="Wake the next person after (minutes)"
                hint={`${LADDER_LIMITS.everyMinutes.min} to ${LADDER_LIMITS.everyMinutes.max}.`}
                {...minutes}
              />
              <InputField
                meta={fields.ladderRounds}
                label="Times through the ladder"
                hint={`${LADDER_LIMITS.rounds.min} to ${LADDER_LIMITS.rounds.max}.`}
                {...minutes}
              />
              {BACKUP_NUMBERS.map((n) => (
                <fieldset key={n} className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
                  <legend className="mb-2 text-sm font-semibold">Backup {n}</legend>
                  <InputField meta={byName[backupField(n, "Name")]!} label={`Backup ${n}'s name`} />
                  <InputField
                    meta={byName[backupField(n, "Phone")]!}
                    label={`Backup ${n}'s phone`}
                    type="tel"
                    autoComplete="off"
                  />
                  <WakeByFields who={`Backup ${n}`} fields={byName} prefix={`backup${n}`} />
                </fieldset>
              ))}
            </CardContent>
          </Card>
        </div>
        <Button type="submit" className="mt-6" disabled={saving}>
          {saving ? "Saving..." : "Save night watch"}
        </Button>
      </Form>
      <NeedsClosingCard
        hours={needsClosingHours}
        isOwner={isOwner}
        answer={answer?.intent === "needs_closing" ? answer : undefined}
        saving={saving}
      />
    </>
  );
}

const BACKUP_NUMBERS = Array.from({ length: LADDER_LIMITS.backups }, (_, i) => i + 1);
const CHANNEL_FIELD = { push: "Push", text: "Text", call: "Call" } as const;

/** A checkbox's form value: "on" when ticked. */
function wakeByValues(prefix: string, by: WakeBy): Record<string, string> {
  return Object.fromEntries(
    WAKE_CHANNELS.map((channel) => [`${prefix}${CHANNEL_FIELD[channel]}`, by[channel] ? "on" : ""]),
  );
}

function backupValues(backups: Rung[]): Record<string, string> {
  return Object.assign(
    {},
    ...BACKUP_NUMBERS.map((n) => {
      const rung = backups[n - 1];
      return {
        [backupField(n, "Name")]: rung?.name ?? "",
        [backupField(n, "Phone")]: rung?.phone ? formatPhone(rung.phone) : "",
        ...wakeByValues(`backup${n}`, rung ?? { push: false, text: true, call: true }),
      };
    }),
  ) as Record<string, string>;
}

/** How one person is woken: push, text, call (each a checkbox named like "On call: text"). */
function WakeByFields({
  who,
  prefix,
  fields,
}: {
  who: string;
  prefix: string;
  fields: Record<string, FieldMeta>;
}) {
  return (
    <div className="flex flex-wrap gap-4 sm:col-span-2">
      {WAKE_CHANNELS.map((channel) => (
        <CheckboxField
          key={channel}
          meta={fields[`${prefix}${CHANNEL_FIELD[channel]}`]!}
          label={`${who}: ${channel}`}
        />
      ))}
    </div>
  );
}
