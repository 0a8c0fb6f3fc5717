import { Trash2 } from "lucide-react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { formatCents } from "~/lib/money/money";
import { formatPhone } from "~/lib/phone";
import { parseSpendCsv } from "~/lib/reports/spend-csv";
import { sourcesActionSchema } from "~/lib/schemas/sources";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { requireOwner, userContext } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { RuleError } from "~/server/rule-error.server";
import {
  addSource,
  addTrackingNumber,
  deleteSource,
  importSpend,
  listSources,
  removeTrackingNumber,
  setSpend,
  type SourceView,
} from "~/server/models/sources.server";
import type { Route } from "./+types/sources";

/*
 * Settings → Sources (issue 30, decision 0039): the places leads come from, the Twilio
 * tracking numbers that say a call came through one, and what each cost a month. Reports
 * read cost per lead and per booked job from it.
 */

export async function loader({ context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  return {
    isOwner: context.get(userContext).role === "owner",
    sources: await listSources(database.db),
    websiteNumber: formatPhone(env.BUSINESS_PHONE),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireOwner(context);
  const { db } = context.get(servicesContext).database;
  const saved = { toast: SUCCESS.sourcesSaved };
  const failure = FAILURE.saveSources;
  return handleIntents(request, sourcesActionSchema, {
    "add-source": {
      failure,
      form: true,
      run: async ({ name }) => (await addSource(db, name), saved),
    },
    "delete-source": {
      failure,
      run: async ({ sourceId }) => (await deleteSource(db, sourceId), saved),
    },
    "add-number": {
      failure,
      form: true,
      run: async ({ sourceId, phone }) => (await addTrackingNumber(db, sourceId, phone), saved),
    },
    "remove-number": {
      failure,
      run: async ({ phone }) => (await removeTrackingNumber(db, phone), saved),
    },
    "set-spend": {
      failure,
      form: true,
      run: async ({ sourceId, month, amount }) => (
        await setSpend(db, sourceId, month, amount),
        saved
      ),
    },
    "import-spend": {
      failure,
      form: true,
      run: async ({ csv }) => {
        const parsed = parseSpendCsv(csv);
        if (!parsed.ok) throw new RuleError(parsed.error, { field: "csv" });
        const count = await importSpend(db, parsed.lines);
        return { toast: { title: SUCCESS.sourcesSaved, description: `${count} months of spend.` } };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Sources | Settings | Admin" }];

export default function SourcesSettingsPage({ loaderData }: Route.ComponentProps) {
  const { sources, isOwner, websiteNumber } = loaderData;
  return (
    <>
      <PageHeader
        title="Sources"
        description="Where leads come from and what each costs: reports divide a month's spend by the leads and booked jobs it brought."
      />
      <p className="-mt-2 mb-4 text-sm">
        <Link to="/admin/settings" className="text-brand-700 underline-offset-4 hover:underline">
          ← All settings
        </Link>
      </p>
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">How a lead gets its source</CardTitle>
            <CardDescription>
              A web request: a Google ad click (gclid) is “Google Ads”, else its utm_source, else
              the site that linked to us, else “Website”. A call: the source of the tracking number
              it dialled; the website’s own number ({websiteNumber}) is “Website”. A lead added by
              hand: the source picked. Names match without regard to case.
              {isOwner ? "" : " Only an owner can change these."}
            </CardDescription>
          </CardHeader>
          {isOwner && (
            <CardContent>
              <IntentForm intent="add-source" className="flex flex-wrap items-end gap-2">
                <TextInput name="name" label="New source" placeholder="Yelp" />
                <Button type="submit">Add source</Button>
              </IntentForm>
            </CardContent>
          )}
        </Card>
        {sources.map((source) => (
          <SourceCard key={source.id} source={source} isOwner={isOwner} />
        ))}
        {isOwner && (
          <Card>
            <CardHeader>
              <CardTitle as="h2">Import spend</CardTitle>
              <CardDescription>
                Lines of source, month, amount, as a spreadsheet saves them: “Yelp,2026-11,450.00”.
                A source named for the first time is added; a month entered again is replaced.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <IntentForm intent="import-spend" className="grid gap-2">
                <FieldError name="csv" intent="import-spend">
                  {(error, describedBy) => (
                    <>
                      <Label htmlFor="spend-csv">CSV</Label>
                      <Textarea
                        id="spend-csv"
                        name="csv"
                        rows={4}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={describedBy}
                      />
                    </>
                  )}
                </FieldError>
                <Button type="submit" variant="outline" className="justify-self-start">
                  Import spend
                </Button>
              </IntentForm>
            </CardContent>
          </Card>
        )}
      </div>
    </>
  );
}

function SourceCard({ source, isOwner }: { source: SourceView; isOwner: boolean }) {
  const months = Object.entries(source.spend).sort(([a], [b]) => b.localeCompare(a));
  const slug = source.id.slice(0, 8);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <CardTitle as="h2">{source.name}</CardTitle>
        {isOwner && (
          <IntentForm intent="delete-source">
            <input type="hidden" name="sourceId" value={source.id} />
            <Button type="submit" variant="outline" size="sm">
              <Trash2 aria-hidden="true" />
              Delete<span className="sr-only"> {source.name}</span>
            </Button>
          </IntentForm>
        )}
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <section
          aria-label={`${source.name}: tracking numbers`}
          className="grid content-start gap-2"
        >
          <h3 className="font-medium">Tracking numbers</h3>
          {source.numbers.length === 0 ? (
            <p className="text-sm text-muted-foreground">None.</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {source.numbers.map((phone) => (
                <li key={phone} className="flex items-center gap-2">
                  <span className="tabular-nums">{formatPhone(phone)}</span>
                  {isOwner && (
                    <IntentForm intent="remove-number">
                      <input type="hidden" name="phone" value={phone} />
                      <Button type="submit" variant="ghost" size="sm">
                        Remove<span className="sr-only"> {formatPhone(phone)}</span>
                      </Button>
                    </IntentForm>
                  )}
                </li>
              ))}
            </ul>
          )}
          {isOwner && (
            <IntentForm intent="add-number" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="sourceId" value={source.id} />
              <TextInput
                name="phone"
                id={`number-${slug}`}
                label={`Add a number to ${source.name}`}
                type="tel"
                placeholder="(312) 555-0199"
                intent="add-number"
              />
              <Button type="submit" variant="outline">
                Add number
              </Button>
            </IntentForm>
          )}
        </section>
        <section aria-label={`${source.name}: spend`} className="grid content-start gap-2">
          <h3 className="font-medium">Spend per month</h3>
          {months.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              None entered: its cost per lead shows “—”.
            </p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {months.map(([month, cents]) => (
                <li key={month} className="flex justify-between gap-4 tabular-nums">
                  <span>{month.slice(0, 7)}</span>
                  <span>{formatCents(cents)}</span>
                </li>
              ))}
            </ul>
          )}
          {isOwner && (
            <IntentForm intent="set-spend" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="sourceId" value={source.id} />
              <TextInput
                name="month"
                id={`month-${slug}`}
                label="Month"
                type="month"
                intent="set-spend"
                className="w-44"
              />
              <TextInput
                name="amount"
                id={`amount-${slug}`}
                label="Spend ($)"
                inputMode="decimal"
                intent="set-spend"
                className="w-32"
              />
              <Button type="submit" variant="outline">
                Save spend<span className="sr-only"> for {source.name}</span>
              </Button>
            </IntentForm>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

/** A post of one intent; the page reloads with the change (or the field's message). */
function IntentForm({
  intent,
  className,
  children,
}: {
  intent: string;
  className?: string;
  children: React.ReactNode;
}) {
  const submitting = useNavigation().state === "submitting";
  return (
    <Form method="post" noValidate className={className} aria-busy={submitting || undefined}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/** The message next to a field, when the last post of its intent was refused for it. */
function FieldError({
  name,
  intent,
  children,
}: {
  name: string;
  intent: string;
  children: (error: string | undefined, describedBy: string | undefined) => React.ReactNode;
}) {
  const answer = useActionData<typeof action>();
  const error =
    answer && "intent" in answer && answer.intent === intent
      ? answer.result?.error?.[name]?.[0]
      : undefined;
  const id = `${intent}-${name}-error`;
  return (
    <div className="grid gap-1">
      {children(error, error ? id : undefined)}
      {error && (
        <p id={id} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function TextInput({
  name,
  label,
  intent = "add-source",
  id = `${intent}-${name}`,
  ...props
}: {
  name: string;
  label: string;
  intent?: string;
} & Omit<React.ComponentProps<"input">, "name">) {
  return (
    <FieldError name={name} intent={intent}>
      {(error, describedBy) => (
        <>
          <Label htmlFor={id}>{label}</Label>
          <Input
            id={id}
            name={name}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...props}
          />
        </>
      )}
    </FieldError>
  );
}
