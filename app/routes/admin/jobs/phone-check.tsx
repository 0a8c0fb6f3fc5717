import { Form, useActionData, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { DoorCheckLine } from "~/components/admin/door-check/door-check-line";
import { DoorCheckFields, RefusalReasonField } from "~/components/job-page/door-check";
import { QuoteField } from "~/components/job-page/quote-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { DOOR_CHECK_FIELD, statementText } from "~/lib/door-check/check-form";
import { OPENED_THING_LABELS, openedThingOf } from "~/lib/door-check/opens";
import { officeGate, OFFICE_GATE } from "~/lib/door-check/standing";
import { shortId } from "~/lib/format";
import { serviceTypeLabel } from "~/lib/leads/lead-labels";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import { officeDoorCheckSchema } from "~/lib/schemas/door-check";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { userActor, userContext } from "~/server/auth/session.server";
import {
  readPhoneCheckJob,
  recordPhoneCheck,
  recordPhoneRefusal,
} from "~/server/dispatch/office-door-check.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { orNotFound } from "~/server/route-helpers/or-not-found.server";
import { loadTextContext } from "~/server/texting/text-context.server";
import { BackLink } from "~/components/admin/back-link";
import type { Route } from "./+types/phone-check";

/*
 * A door check read out by phone (decision 0075): a locksmith without a smartphone calls the
 * office from the door and reads out what they saw; the office types it here, with the same
 * fields and rules as the locksmith's own form, and the customer's statement given out loud.
 * Or the refusal they report. Owners and admins (the dispatchers) alike: the admin layout lets
 * no one else in. Plain forms: it works without JavaScript.
 */

export const handle = { liveTables: ["jobs"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const job = await orNotFound(readPhoneCheckJob(db, params.id));
  const fixedOpened = openedThingOf(job.jobType) ?? null;
  const place = fixedOpened
    ? OPENED_THING_LABELS[fixedOpened].toLowerCase()
    : "the door, vehicle or safe";
  return {
    job,
    fixedOpened,
    // Open for a check while the job is in progress, opens something and has none finished.
    open:
      job.status === "in_progress" &&
      officeGate(job, job.doorCheck?.outcome) === OFFICE_GATE.locked,
    statement: statementText(job.address ? `${place} at ${job.address}` : place),
    canOpenRecord: context.get(userContext).role === "owner",
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, params, context }: Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  const db = database.db;
  const step = async () => ({
    jobId: params.id,
    actor: userActor(context),
    texts: await loadTextContext(db, env),
    now: new Date(),
  });
  const back = `/admin/jobs?q=${shortId(params.id)}`;
  return handleIntents(request, officeDoorCheckSchema, {
    phone_check: {
      failure: FAILURE.recordPhoneCheck,
      form: true,
      run: async (check) => {
        await recordPhoneCheck(db, await step(), check);
        return {
          redirectTo: back,
          toast: {
            title: SUCCESS.phoneCheckRecorded,
            description: `Job ${shortId(params.id)}: reported by phone to you. The price and the completion are open.`,
          },
        };
      },
    },
    door_refusal: {
      failure: FAILURE.recordPhoneRefusal,
      form: true,
      run: async ({ reason }) => {
        await recordPhoneRefusal(db, await step(), reason);
        return {
          redirectTo: back,
          toast: {
            title: SUCCESS.phoneRefusalRecorded,
            description: `Job ${shortId(params.id)} ends unpaid: refused, no proof.`,
          },
        };
      },
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Door check by phone${data ? ` of job ${shortId(data.job.id)}` : ""} | Jobs | Admin` },
];

export default function PhoneCheckPage({ loaderData }: Route.ComponentProps) {
  const { job, fixedOpened, open, statement, canOpenRecord } = loaderData;
  const answer = useActionData<typeof action>();
  const sending = useNavigation().state === "submitting";
  const result = answer && "result" in answer ? answer.result : undefined;
  const mine = (intent: string) => answer?.intent === intent;
  const typed = (intent: string) =>
    mine(intent) ? ((result?.initialValue ?? {}) as Record<string, string>) : {};
  const fieldOf = (intent: string) => (name: string) =>
    mine(intent) ? result?.error?.[name]?.[0] : undefined;
  const checkField = fieldOf("phone_check");
  const checkTyped = typed("phone_check");
  const formError = mine("phone_check") ? result?.error?.[""]?.[0] : undefined;
  const refusalError = mine("door_refusal")
    ? (result?.error?.reason?.[0] ?? result?.error?.[""]?.[0])
    : undefined;
  return (
    <div className="grid max-w-3xl gap-6">
      <BackLink to={`/admin/jobs?q=${shortId(job.id)}`}>Job {shortId(job.id)}</BackLink>
      <PageHeader
        title={`Door check by phone, job ${shortId(job.id)}`}
        description="For a locksmith who cannot use the job page: they read the check out to you from the door, and you type it here. It is recorded as reported by phone to you, with the customer's statement given out loud, not signed."
      />
      <Card>
        <CardHeader>
          <CardTitle as="h2">
            {job.clientName} · {serviceTypeLabel(job.jobType)}
          </CardTitle>
          <CardDescription>
            {job.address ?? "No address"} · Locksmith: {job.locksmithName ?? "none yet"}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DoorCheckLine job={job} canOpenRecord={canOpenRecord} className="text-sm" />
        </CardContent>
      </Card>
      {open ? (
        <>
          <Card>
            <CardHeader>
              <CardTitle as="h2">What the locksmith reads out</CardTitle>
              <CardDescription>
                Ask each question and type the answer. Nothing is saved until every answer passes,
                as on the locksmith&apos;s own form.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Form method="post" noValidate className="grid gap-3">
                <input type="hidden" name="intent" value="phone_check" />
                <DoorCheckFields fixedOpened={fixedOpened} typed={checkTyped} field={checkField} />
                <fieldset className="grid gap-3 rounded-lg border border-dashed border-brand-700 p-3">
                  <legend className="px-1 text-sm font-semibold">
                    The customer&apos;s statement, given out loud
                  </legend>
                  <p className="text-sm">
                    Ask the locksmith to read this to the customer, and the customer to say they
                    agree:
                  </p>
                  <blockquote className="rounded-lg bg-slate-100 p-3">{statement}</blockquote>
                  <QuoteField
                    name="signerName"
                    label="The customer's full name, as the locksmith reads it out"
                    error={checkField("signerName")}
                    defaultValue={checkTyped.signerName}
                    autoComplete="off"
                    required
                  />
                  <label className="flex items-start gap-3 text-base">
                    <input
                      type="checkbox"
                      name="consent"
                      className="mt-1 size-5 shrink-0"
                      required
                      aria-invalid={checkField("consent") ? true : undefined}
                      aria-describedby={checkField("consent") ? "phone-consent-error" : undefined}
                    />
                    <span>
                      The locksmith says the customer heard the statement and agreed to it out loud.
                      (It is recorded as given verbally, not signed.)
                    </span>
                  </label>
                  {checkField("consent") && (
                    <p id="phone-consent-error" className="text-sm font-medium text-destructive">
                      {checkField("consent")}
                    </p>
                  )}
                </fieldset>
                {formError && (
                  <p role="alert" className="text-sm font-medium text-destructive">
                    {formError}
                  </p>
                )}
                <Button type="submit" className="w-fit" disabled={sending}>
                  Record the check by phone
                </Button>
              </Form>
            </CardContent>
          </Card>
          <Card className="border-destructive">
            <CardHeader>
              <CardTitle as="h2">The locksmith refuses the opening</CardTitle>
              <CardDescription>
                No proof: nothing is opened, the job ends unpaid (&quot;Refused: no proof&quot;),
                its lead closes and the office is alerted, as when the locksmith refuses on their
                own page. {DOOR_CHECK_FIELD.noMatch.split(":")[0]}: refuse here.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Form method="post" noValidate className="grid gap-3">
                <input type="hidden" name="intent" value="door_refusal" />
                <RefusalReasonField
                  label="Why the locksmith refused (what was missing)"
                  typed={typed("door_refusal").reason}
                  error={refusalError}
                />
                <Button type="submit" variant="destructive" className="w-fit" disabled={sending}>
                  Record the refusal
                </Button>
              </Form>
            </CardContent>
          </Card>
        </>
      ) : (
        <p role="status" className="rounded-lg bg-slate-100 p-4 text-sm">
          {job.status !== "in_progress"
            ? "This job is not in progress: a door check is recorded only while it is."
            : "Nothing to record here: this job opens nothing, or its check is recorded already."}
        </p>
      )}
    </div>
  );
}
