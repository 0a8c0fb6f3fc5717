import { FileDown } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  AUTHORITY_DOCUMENT_LABELS,
  ID_TYPE_LABELS,
  statementText,
} from "~/lib/door-check/check-form";
import { d1Problem } from "~/lib/door-check/d1-record";
import { OPENED_THING_LABELS } from "~/lib/door-check/opens";
import { formatDate, formatDateTime, shortId } from "~/lib/format";
import { serviceTypeLabel } from "~/lib/leads/lead-labels";
import { JOB_STATUS_LABELS } from "~/lib/status-labels";
import { requireOwner, userActor } from "~/server/auth/session.server";
import { openDoorCheckRecord } from "~/server/door-check/door-check-record.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { orNotFound } from "~/server/route-helpers/or-not-found.server";
import { BackLink } from "~/components/admin/back-link";
import type { Route } from "./+types/door-check";

/*
 * One job's door-check record (issue 49, decision 0069): owners only (403 for anyone else,
 * before anything is read), and every opening goes in the activity log with who opened it.
 * It reloads only when asked, so each log entry is one look at the record.
 */

export async function loader({ params, context }: Route.LoaderArgs) {
  requireOwner(context);
  const { db } = context.get(servicesContext).database;
  const record = await orNotFound(openDoorCheckRecord(db, params.id, userActor(context)));
  // The file store's key stays on the server: the photo has its own owner-only address.
  const { idPhotoKey, ...check } = record.check;
  return {
    ...record,
    check,
    hasPhoto: idPhotoKey !== null,
    hasD1: !d1Problem(record.check),
    // The statement as the customer confirmed it, with the place.
    statement: record.check.opened
      ? statementText(
          `${OPENED_THING_LABELS[record.check.opened].toLowerCase()}${record.job.address ? ` at ${record.job.address}` : ""}`,
        )
      : null,
  };
}

export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ data: record }) => [
  { title: `Door check${record ? ` of job ${shortId(record.job.id)}` : ""} | Jobs | Admin` },
];

const yesNo = (value: boolean | null) => (value === null ? "—" : value ? "Yes" : "No");

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words">{value ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function DoorCheckRecordPage({ loaderData }: Route.ComponentProps) {
  const { check, job, purgeAt, statement, hasD1, hasPhoto } = loaderData;
  const refused = check.outcome === "refused";
  return (
    <div className="grid max-w-3xl gap-6">
      <BackLink to={`/admin/jobs?q=${shortId(job.id)}`}>Job {shortId(job.id)}</BackLink>
      <PageHeader
        title={`Door check of job ${shortId(job.id)}`}
        description="The record of identity and authority the locksmith made before opening. Only owners see it; this opening is in the activity log with your name."
      />
      <Card>
        <CardHeader>
          <CardTitle as="h2">The job</CardTitle>
        </CardHeader>
        <CardContent>
          <Facts
            rows={[
              ["Client", job.clientName],
              ["Service", serviceTypeLabel(job.jobType)],
              ["Status", JOB_STATUS_LABELS[job.status]],
              ["Address", job.address],
              ["Locksmith", job.locksmithName ?? "No longer listed"],
              [
                "Lead",
                job.leadId ? (
                  <Link to={`/admin/leads/${job.leadId}`} className="text-brand-700 underline">
                    Open the lead
                  </Link>
                ) : null,
              ],
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">
            {refused
              ? "Refused: no proof"
              : check.outcome === "checked"
                ? "Checked"
                : "Waiting for the customer's statement"}
          </CardTitle>
          <CardDescription>
            Recorded {formatDateTime(check.recordedAt)}. Kept until {formatDate(purgeAt)} under the
            retention setting, then its contents are purged.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {refused ? (
            <Facts rows={[["Reason", check.refusalReason]]} />
          ) : (
            <Facts
              rows={[
                ["What is opened", check.opened ? OPENED_THING_LABELS[check.opened] : null],
                ["Asked by", check.askedBy],
                ["Photo ID", check.idType ? ID_TYPE_LABELS[check.idType] : null],
                ["ID ends in", check.idLast4],
                ["ID expires", check.idExpiry],
                ["Name on the ID matches", yesNo(check.idNameMatches)],
                [
                  "Document of authority",
                  check.authority ? AUTHORITY_DOCUMENT_LABELS[check.authority] : null,
                ],
                ["Name on it matches", yesNo(check.authorityNameMatches)],
                ["Address on it matches", yesNo(check.authorityAddressMatches)],
                ...(check.opened === "vehicle"
                  ? ([
                      ["VIN", <span className="font-mono">{check.vin}</span>],
                      ["Plate", check.plate],
                    ] as [string, React.ReactNode][])
                  : []),
                ["Statement", statement],
                [
                  "Signed",
                  check.statementWay === "customer_link"
                    ? "On the customer's own phone"
                    : check.statementWay === "on_screen"
                      ? "On the locksmith's screen"
                      : check.statementWay === "by_phone"
                        ? "Not signed: given out loud, read to the office by phone (see the lead's timeline for who took the call)"
                        : null,
                ],
                [check.statementWay === "by_phone" ? "Given by" : "Signed by", check.statementName],
                ["Signed at", check.statementAt ? formatDateTime(check.statementAt) : null],
              ]}
            />
          )}
          {check.statementSignature && (
            <figure className="mt-4 grid gap-1">
              <img
                src={check.statementSignature}
                alt={`The signature drawn by ${check.statementName ?? "the customer"}`}
                className="max-h-40 w-full max-w-sm rounded border border-border bg-white"
              />
              <figcaption className="text-xs text-muted-foreground">Drawn signature</figcaption>
            </figure>
          )}
          {hasPhoto && (
            <figure className="mt-4 grid gap-1">
              {/* Its own owner-only address; each load of it is logged as an opening too. */}
              <img
                src={`/admin/jobs/${job.id}/door-check/photo`}
                alt="The photo of the ID, with its number, date of birth and address blacked out by the locksmith"
                className="max-h-96 w-full max-w-md rounded border border-border bg-white object-contain"
              />
              <figcaption className="text-xs text-muted-foreground">
                Photo of the ID, redacted on the locksmith's phone; purged with the record
              </figcaption>
            </figure>
          )}
          {hasD1 && (
            <Button asChild variant="outline" className="mt-4">
              {/* A file, not a page: the browser downloads it (and the opening is logged). */}
              <a href={`/admin/jobs/${job.id}/door-check/d1.pdf`} download>
                <FileDown aria-hidden="true" />
                Download the D1 record (PDF)
              </a>
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined;
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold">
        {status === 404
          ? "No door check to show"
          : status === 403
            ? "Only an owner can open this"
            : "This record could not be shown"}
      </h1>
      <p className="mt-2 text-muted-foreground">
        {status === 404 || status === 403
          ? message
          : "Something went wrong reading it. Try again in a moment."}
      </p>
      <Button asChild className="mt-6">
        <Link to="/admin/jobs">Back to Jobs</Link>
      </Button>
    </div>
  );
}
