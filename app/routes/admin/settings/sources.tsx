import { PageHeader } from "~/components/admin/page-header";
import { FieldError, IntentForm, TextInput } from "~/components/admin/settings/intent-form";
import { SourceCard } from "~/components/admin/settings/source-card";
import { LeadInboxCards } from "~/components/admin/settings/lead-inbox-cards";
import { readLeadInboxView } from "~/server/lead-inbox/thumbtack-angi-store.server";
import { SourceChangesCard } from "~/components/admin/settings/source-changes-card";
import { LsaCard } from "~/components/admin/settings/lsa-card";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { formatPhone, usDigits } from "~/lib/phone";
import { sourceChangeLine } from "~/lib/reports/source-changes";
import { parseSpendCsv } from "~/lib/reports/spend-csv";
import { SOURCES_TEXT, sourcesActionSchema } from "~/lib/schemas/sources";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { requireOwner, userActor, userContext } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { RuleError } from "~/server/rule-error.server";
import {
  addSource,
  addTrackingNumber,
  deleteSource,
  importSpend,
  listSourceChanges,
  listSources,
  removeTrackingNumber,
  setSpend,
} from "~/server/reports/sources.server";
import { googleAdsConfigured } from "~/server/lead-inbox/google-ads.server";
import {
  connectLsa,
  disconnectLsa,
  lsaConnectionView,
} from "~/server/lead-inbox/lsa-connection.server";
import { configuredTinCipher } from "~/server/tax/tin-cipher.server";
import type { Route } from "./+types/sources";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import { SettingsBackLink } from "~/components/admin/settings/settings-back-link";

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
    changes: (await listSourceChanges(database.db)).map(sourceChangeLine),
    websiteNumber: formatPhone(env.BUSINESS_PHONE),
    lsa: { available: googleAdsConfigured(env), connection: await lsaConnectionView(database.db) },
    inbox: await readLeadInboxView(database.db, env),
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  requireOwner(context);
  const { database, env } = context.get(servicesContext);
  const db = database.db;
  const businessPhone = env.BUSINESS_PHONE;
  const actor = userActor(context);
  const saved = { toast: SUCCESS.sourcesSaved };
  const failure = FAILURE.saveSources;
  return handleIntents(request, sourcesActionSchema, {
    "lsa-connect": {
      failure,
      form: true,
      run: async ({ customerId, refreshToken }) => {
        if (!googleAdsConfigured(env)) throw new RuleError(LSA_NOT_AVAILABLE);
        await connectLsa(db, { customerId, refreshToken }, actor, configuredTinCipher(env));
        return { toast: SUCCESS.lsaConnected };
      },
    },
    "lsa-disconnect": {
      failure,
      run: async () => (await disconnectLsa(db, actor), { toast: SUCCESS.lsaDisconnected }),
    },
    "add-source": {
      failure,
      form: true,
      run: async ({ name }) => (await addSource(db, name, actor), saved),
    },
    "delete-source": {
      failure,
      run: async ({ sourceId }) => (await deleteSource(db, sourceId, actor), saved),
    },
    "add-number": {
      failure,
      form: true,
      run: async ({ sourceId, phone }) => {
        if (usDigits(phone) === usDigits(businessPhone)) {
          throw new RuleError(SOURCES_TEXT.businessNumber, { field: "phone" });
        }
        await addTrackingNumber(db, sourceId, phone, actor);
        return saved;
      },
    },
    "remove-number": {
      failure,
      run: async ({ phone }) => (await removeTrackingNumber(db, phone, actor), saved),
    },
    "set-spend": {
      failure,
      form: true,
      run: async ({ sourceId, month, amount }) => (
        await setSpend(db, sourceId, month, amount, actor),
        saved
      ),
    },
    "import-spend": {
      failure,
      form: true,
      run: async ({ csv }) => {
        const parsed = parseSpendCsv(csv);
        if (!parsed.ok) throw new RuleError(parsed.error, { field: "csv" });
        const count = await importSpend(db, parsed.lines, actor);
        return { toast: { title: SUCCESS.sourcesSaved, description: `${count} months of spend.` } };
      },
    },
  });
}

const LSA_NOT_AVAILABLE =
  "Google Local Services is not available: the server has no Google Ads developer token and OAuth client";

export const meta: Route.MetaFunction = () => [{ title: "Sources | Settings | Admin" }];

export default function SourcesSettingsPage({ loaderData }: Route.ComponentProps) {
  const { sources, changes, isOwner, websiteNumber, lsa, inbox } = loaderData;
  return (
    <>
      <PageHeader
        title="Sources"
        description="Where leads come from and what each costs: reports divide a month's spend by the leads and booked jobs it brought."
      />
      <SettingsBackLink />
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
        <LsaCard lsa={lsa} isOwner={isOwner} />
        <LeadInboxCards inbox={inbox} isOwner={isOwner} />
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
        <SourceChangesCard changes={changes} />
      </div>
    </>
  );
}
