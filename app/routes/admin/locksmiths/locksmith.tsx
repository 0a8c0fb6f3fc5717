import { getFormProps } from "@conform-to/react";
import { Send } from "lucide-react";
import { data, Form, Link, useFetcher } from "react-router";
import { FormErrorMessage } from "~/components/ui/form-error-message";
import { useLazyZodForm } from "~/components/use-lazy-zod-form";
import { useFetcherReply } from "~/components/admin/use-fetcher-reply";
import { AvailabilityBadge } from "~/components/admin/roster/availability-badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { TextareaField } from "~/components/ui/form-fields";
import type { ActionReply } from "~/lib/admin/action-reply";
import { formatShifts } from "~/lib/dispatch/on-call";
import { locksmithOfficeActionSchema } from "~/lib/schemas/roster";
import { requireOwner, userActor, userContext } from "~/server/auth/session.server";
import { ComplianceDocuments } from "~/components/admin/compliance/compliance-file";
import { lapsesOf, lapseText } from "~/lib/compliance/lapse";
import { licenseDayLabel, licenseToday } from "~/lib/locksmiths/license";
import { readComplianceDocuments } from "~/server/compliance/compliance.server";
import {
  complianceIntent,
  removeComplianceIntent,
} from "~/server/compliance/compliance-intent.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { readRosterBoard } from "~/server/dispatch/locksmith-ranking.server";
import {
  sendLocksmithLink,
  setLocksmithPresence,
  setOnCallShifts,
} from "~/server/locksmiths/locksmith-roster.server";
import { getLocksmith } from "~/server/locksmiths/locksmiths.server";
import { configuredTinCipher } from "~/server/tax/tin-cipher.server";
import { readW9, saveW9 } from "~/server/tax/w9.server";
import { TaxDetailsFacts, TaxDetailsForm } from "~/components/admin/tax/tax-details-form";
import type { W9View } from "~/lib/tax/w9";
import { loadTextContext } from "~/server/texting/text-context.server";
import { NativeSelect } from "~/components/ui/native-select";
import { DEFAULT_SHIFT_HOURS, SHIFT_HOURS, shiftLabel } from "~/lib/locksmiths/shift";
import { BackLink } from "~/components/admin/back-link";
import type { Route } from "./+types/locksmith";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";

/*
 * One locksmith in the office: where they stand now (Available, on a job, Off), their weekly
 * on-call schedule to edit, the button that texts them their own page's link, and their
 * compliance file (license, insurance, bond, background check: issue 45).
 */

export const handle = { liveTables: ["locksmiths", "assignments"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  const db = database.db;
  const [locksmith, board] = await Promise.all([getLocksmith(db, params.id), readRosterBoard(db)]);
  if (!locksmith) throw data("This locksmith does not exist (any more).", { status: 404 });
  const documents = await readComplianceDocuments(db, locksmith.id);
  const today = licenseToday();
  const license = { number: locksmith.licenseNumber, expiresOn: locksmith.licenseExpiresOn };
  const insurance = documents.find((doc) => doc.kind === "insurance");
  const lapses = lapsesOf({ license, insuranceExpiresOn: insurance?.expiresOn ?? null }, today);
  const isOwner = context.get(userContext).role === "owner";
  return {
    // The W-9 (decision 0070): owners only, and never the number, only its last four digits.
    tax: isOwner
      ? { w9: await readW9(db, locksmith.id), keySet: Boolean(env.TIN_ENCRYPTION_KEY) }
      : null,
    compliance: {
      documents,
      today,
      canOpenFiles: context.get(userContext).role === "owner",
      license,
      lapsed: lapses.length > 0 ? lapseText(lapses, today) : null,
    },
    locksmith: {
      id: locksmith.id,
      name: locksmith.name,
      active: locksmith.active,
      shifts: formatShifts(locksmith.onCallShifts),
    },
    state: board.find((row) => row.id === locksmith.id) ?? null,
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, params, context }: Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  const db = database.db;
  const actor = userActor(context);
  return handleIntents(request, locksmithOfficeActionSchema, {
    compliance: complianceIntent(context, params.id),
    removeCompliance: removeComplianceIntent(context, params.id),
    w9: {
      failure: "Failed to save the W-9",
      form: true,
      // The number typed is never sent back to the page, even when the form is refused.
      hideFields: ["tin"],
      run: async (form) => {
        requireOwner(context);
        const { changed } = await saveW9(db, configuredTinCipher(env), params.id, form, actor);
        return {
          toast: changed.length ? "W-9 saved" : { title: "Nothing changed", type: "info" },
        };
      },
    },
    schedule: {
      failure: "Failed to save the schedule",
      form: true,
      run: async ({ shifts }) => {
        await setOnCallShifts(db, params.id, shifts, actor);
        return { toast: "Schedule saved" };
      },
    },
    presence: {
      failure: "Failed to change availability",
      run: async ({ presence, hours }) => {
        await setLocksmithPresence(
          db,
          params.id,
          presence === "off" ? { presence: "off" } : { presence: "available", hours },
          actor,
        );
        return { toast: presence === "off" ? "Set to Off" : "Set to Available" };
      },
    },
    "send-link": {
      failure: "Failed to send the link",
      run: async () => {
        const sent = await sendLocksmithLink(db, params.id, await loadTextContext(db, env), actor);
        return {
          toast: {
            title: "Link queued",
            description: !sent.message
              ? "Texts of this kind are off in Settings → Messages; nothing was queued."
              : sent.message.status === "unsent"
                ? `Texting is not configured: the text to ${sent.name} waits in Messages, with Copy.`
                : `Texted to ${sent.name}. Their earlier link no longer opens.`,
          },
        };
      },
    },
  });
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page?.locksmith.name ?? "Locksmith"} | Locksmiths | Admin` },
];

export default function LocksmithRosterPage({ loaderData }: Route.ComponentProps) {
  const { locksmith, state, compliance, tax } = loaderData;
  return (
    <div className="grid max-w-3xl gap-6">
      <BackLink to="/admin/locksmiths">Locksmiths</BackLink>
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{locksmith.name}</h1>
        {state ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <AvailabilityBadge state={state} />
            <span>{state.onCallNow ? "On call now" : "Not on call now"}</span>
            {state.leadId && (
              <Link to={`/admin/leads/${state.leadId}`} className="text-brand-700 hover:underline">
                Open their lead
              </Link>
            )}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Inactive: not offered jobs.</p>
        )}
      </div>
      {locksmith.active && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Availability</CardTitle>
            <CardDescription>
              Locksmiths set this themselves from their own page; set it here for one who called in.
              Available ends by itself after the hours chosen; a new locksmith starts Off. On a job
              comes from their live assignment.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Form method="post" className="flex flex-wrap items-center gap-2">
              <input type="hidden" name="intent" value="presence" />
              <input type="hidden" name="presence" value="available" />
              <label htmlFor="shift-hours" className="text-sm font-medium">
                For
              </label>
              <NativeSelect
                id="shift-hours"
                name="hours"
                defaultValue={String(DEFAULT_SHIFT_HOURS)}
                className="w-32"
              >
                {SHIFT_HOURS.map((hours) => (
                  <option key={hours} value={hours}>
                    {shiftLabel(hours)}
                  </option>
                ))}
              </NativeSelect>
              <Button type="submit" variant="outline">
                Set Available
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="presence" />
              <input type="hidden" name="presence" value="off" />
              <Button type="submit" variant="outline">
                Set Off
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="send-link" />
              <Button type="submit">
                <Send aria-hidden="true" />
                Text them their link
              </Button>
            </Form>
          </CardContent>
        </Card>
      )}
      <ScheduleForm shifts={locksmith.shifts} />
      <section aria-labelledby="compliance-heading" className="grid gap-4">
        <div className="grid gap-1">
          <h2 id="compliance-heading" className="text-xl font-bold tracking-tight">
            Compliance
          </h2>
          <p className="text-sm text-muted-foreground">
            A lapsed license or insurance keeps them out of automatic offers, and the office
            confirms any offer it sends them. Reminders come 30 and 7 days before each last day.
          </p>
          {compliance.lapsed && (
            <p
              role="status"
              className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
            >
              {compliance.lapsed}: not offered jobs automatically.
            </p>
          )}
        </div>
        <Card>
          <CardHeader>
            <CardTitle as="h3">License</CardTitle>
            <CardDescription>Edited with their details on the Locksmiths list.</CardDescription>
          </CardHeader>
          <CardContent className="text-sm">
            {compliance.license.number
              ? `${compliance.license.number}${compliance.license.expiresOn ? `, last day ${licenseDayLabel(compliance.license.expiresOn)}` : ""}`
              : "Not on file"}
          </CardContent>
        </Card>
        <ComplianceDocuments
          documents={compliance.documents}
          today={compliance.today}
          canOpenFiles={compliance.canOpenFiles}
        />
      </section>
      {tax && <W9Card w9={tax.w9} keySet={tax.keySet} />}
    </div>
  );
}

function ScheduleForm({ shifts }: { shifts: string }) {
  const fetcher = useFetcher<ActionReply>();
  const [form, fields] = useLazyZodForm({
    id: "on-call-schedule",
    loadSchema: () =>
      import("~/lib/schemas/roster").then((schemas) => schemas.locksmithRosterActionSchema),
    lastResult: useFetcherReply(fetcher, "schedule"),
    validateOn: "submit",
    defaultValue: { shifts },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">On call</CardTitle>
        <CardDescription>
          Chicago time, one shift a line, like “Mon 18:00–Tue 06:00” or “Sat 08:00–16:00”. With no
          shift at all, they count as on call at any time.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid gap-3" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="schedule" />
          <FormErrorMessage id={form.errorId} errors={form.errors} />
          <TextareaField meta={fields.shifts} label="On-call shifts" rows={5} />
          <Button type="submit" className="justify-self-start" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving..." : "Save schedule"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

/** Their W-9 for the year-end 1099-NEC (issue 49): owners see and edit it. */
function W9Card({ w9, keySet }: { w9: W9View | null; keySet: boolean }) {
  return (
    <Card role="region" aria-labelledby="w9-heading">
      <CardHeader>
        <CardTitle as="h2" id="w9-heading">
          Tax details (W-9)
        </CardTitle>
        <CardDescription>
          What their 1099-NEC needs, from the W-9 they signed. The full taxpayer number is kept
          encrypted and shown only by its last four digits; it leaves only in the IRIS file on{" "}
          <Link
            to="/admin/payouts/year-end"
            className="font-medium text-brand-700 underline underline-offset-4"
          >
            Year-end 1099s
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {w9 ? (
          <TaxDetailsFacts details={w9} />
        ) : (
          <p className="text-sm text-muted-foreground">No W-9 on file.</p>
        )}
        <details className="rounded-md border p-3" open={!w9}>
          <summary className="cursor-pointer text-sm font-semibold text-brand-700">
            {w9 ? "Update the W-9 details" : "Record the W-9 details"}
          </summary>
          <div className="mt-3">
            <TaxDetailsForm intent="w9" details={w9} keySet={keySet} submitLabel="Save W-9" />
          </div>
        </details>
      </CardContent>
    </Card>
  );
}
