import { Form, Link, useActionData, useNavigation } from "react-router";
import { DropButton } from "~/components/admin/drop-button";
import { PageHeader } from "~/components/admin/page-header";
import { RowForm, useRowSending } from "~/components/admin/row-form";
import { SettingsBackLink } from "~/components/admin/settings/settings-back-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { formatDateTime } from "~/lib/format";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import { failedWorkActionSchema } from "~/lib/schemas/failed-work";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { requireOwner, userActor } from "~/server/auth/session.server";
import {
  dropDeadTimer,
  listFailedWork,
  retryDeadTimer,
  type FailedWork,
} from "~/server/background/failed-work.server";
import {
  readBackgroundWorkSettings,
  saveBackgroundWorkSettings,
} from "~/server/background/work-settings.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { dropMessage, resendMessage } from "~/server/texting/outbox.server";
import { readTextSettings, textSender } from "~/server/texting/text-settings.server";
import type { Route } from "./+types/failed-work";

/*
 * Settings → Failed background work (decision 0060), owners only: the timers whose tries ran
 * out and the texts that did not go, with Retry now and Drop; and how long finished work is
 * kept before it is deleted.
 */

export async function loader({ context }: Route.LoaderArgs) {
  requireOwner(context);
  const { db } = context.get(servicesContext).database;
  const [failed, settings] = await Promise.all([
    listFailedWork(db),
    readBackgroundWorkSettings(db),
  ]);
  return { failed, keepDoneDays: settings.keepDoneDays };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  requireOwner(context);
  const { database, env } = context.get(servicesContext);
  const db = database.db;
  const actor = userActor(context);
  return handleIntents(request, failedWorkActionSchema, {
    retry: {
      failure: FAILURE.retryBackgroundWork,
      run: async ({ work, workId }) => {
        if (work === "timer") await retryDeadTimer(db, workId, actor);
        else await resendMessage(db, workId, textSender(env, await readTextSettings(db)), actor);
        return { toast: SUCCESS.backgroundWorkRetried };
      },
    },
    drop: {
      failure: FAILURE.dropBackgroundWork,
      run: async ({ work, workId }) => {
        if (work === "timer") await dropDeadTimer(db, workId, actor);
        else await dropMessage(db, workId, actor);
        return { toast: SUCCESS.backgroundWorkDropped };
      },
    },
    keep: {
      failure: FAILURE.saveBackgroundWorkSettings,
      form: true,
      run: async ({ keepDoneDays }) => {
        await saveBackgroundWorkSettings(db, { keepDoneDays }, actor);
        return { toast: SUCCESS.backgroundWorkSettingsSaved };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [
  { title: "Failed background work | Settings | Admin" },
];

export default function FailedWorkPage({ loaderData }: Route.ComponentProps) {
  const { failed, keepDoneDays } = loaderData;
  return (
    <>
      <PageHeader
        title="Failed background work"
        description="What the server tried to do by itself and gave up on: retry it now, or drop it."
      />
      <SettingsBackLink />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Gave up</CardTitle>
          <CardDescription>
            Newest first. The office's phones get a notice when something new lands here.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {failed.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Nothing has failed: every text and timer went through.
            </p>
          ) : (
            <ul className="divide-y" aria-label="Failed background work">
              {failed.map((item) => (
                <FailedWorkRow key={`${item.work}:${item.id}`} item={item} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <KeepDoneDaysCard keepDoneDays={keepDoneDays} />
    </>
  );
}

function FailedWorkRow({ item }: { item: FailedWork }) {
  const fetcherKey = `failed-work:${item.id}`;
  const { busy } = useRowSending(fetcherKey);
  const tries = item.attempts === 1 ? "1 try" : `${item.attempts} tries`;
  return (
    <li className="grid gap-2 py-3 md:grid-cols-[1fr_auto] md:items-start md:gap-4">
      <div className="grid gap-1 text-sm">
        <p className="font-medium">
          {item.leadId ? (
            <Link to={`/admin/leads/${item.leadId}`} className="underline-offset-4 hover:underline">
              {item.what}
            </Link>
          ) : (
            item.what
          )}
        </p>
        <p className="text-muted-foreground">
          {formatDateTime(item.at)} · {tries}
        </p>
        <p>{item.error}</p>
      </div>
      <RowForm fetcherKey={fetcherKey} className="flex flex-wrap gap-2 md:justify-end">
        <input type="hidden" name="work" value={item.work} />
        <input type="hidden" name="workId" value={item.id} />
        <Button
          type="submit"
          name="intent"
          value="retry"
          size="sm"
          disabled={busy}
          aria-label={`Retry now: ${item.what}`}
        >
          Retry now
        </Button>
        <DropButton busy={busy} label={`Drop: ${item.what}`} />
      </RowForm>
    </li>
  );
}

function KeepDoneDaysCard({ keepDoneDays }: { keepDoneDays: number }) {
  const answer = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const result = answer && "result" in answer ? answer.result : undefined;
  const error = (result?.error as Record<string, string[] | undefined> | undefined)
    ?.keepDoneDays?.[0];
  const typed = (result?.initialValue as { keepDoneDays?: string } | undefined)?.keepDoneDays;
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value="keep" />
      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">Finished work</CardTitle>
          <CardDescription>
            Timers that fired or were cancelled are deleted after this many days. Failed work and
            texts are kept.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-1 sm:max-w-xs">
          <label htmlFor="keepDoneDays" className="text-sm font-medium">
            Keep finished work (days)
          </label>
          <Input
            id="keepDoneDays"
            name="keepDoneDays"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={typed ?? String(keepDoneDays)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "keepDoneDays-error" : undefined}
          />
          {error && (
            <p id="keepDoneDays-error" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" className="mt-3 justify-self-start" disabled={saving}>
            {saving ? "Saving..." : "Save"}
          </Button>
        </CardContent>
      </Card>
    </Form>
  );
}
