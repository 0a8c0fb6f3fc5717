import { useId } from "react";
import { Link } from "react-router";
import { CallStatusBadge } from "~/components/admin/call-logs/call-status-badge";
import { recordingHref } from "~/components/admin/call-logs/call-log-view";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { CallStatus, DispatchCodeStatus, JobStatus, ServiceType } from "~/lib/business-enums";
import type { DoorCheckFacts } from "~/lib/door-check/standing";
import { DoorCheckLine } from "~/components/admin/door-check/door-check-line";
import { formatDuration } from "~/lib/time/duration";
import { formatDateTime, shortId } from "~/lib/format";
import { formatCents } from "~/lib/money/money";
import { DISPATCH_CODE_STATUS_LABELS, JOB_STATUS_LABELS } from "~/lib/status-labels";

interface RelatedProps {
  jobs: {
    id: string;
    status: JobStatus;
    finalPriceCents: number | null;
    locksmithName: string | null;
    createdAt: Date | string;
    jobType: ServiceType;
    doorCheck: DoorCheckFacts | null;
  }[];
  /** An owner: a job's door-check record can be opened (decision 0069). */
  canOpenDoorChecks: boolean;
  codes: {
    id: string;
    code: string;
    displayStatus: DispatchCodeStatus;
    expirationTime: Date | string;
    locksmithName: string | null;
  }[];
  calls: {
    id: string;
    status: CallStatus;
    startTime: Date | string;
    durationSeconds: number;
    voicemail: boolean;
    /** How long the voicemail runs, when Twilio said. */
    voicemailSeconds: number | null;
    /** Twilio's transcription of the voicemail (Settings → Phone). */
    transcript: string | null;
    hasRecording: boolean;
  }[];
}

/** The lead's jobs and dispatch codes, and the customer's calls, each a link to its list. */
export function LeadRelated({ jobs, codes, calls, canOpenDoorChecks }: RelatedProps) {
  return (
    <>
      <Section title="Jobs" empty="No job yet. Create job makes one from this lead.">
        {jobs.map((job) => (
          <Row key={job.id}>
            <Link
              to={`/admin/jobs?q=${shortId(job.id)}`}
              className="font-mono text-sm hover:underline"
            >
              Job {shortId(job.id)}
            </Link>
            <Badge
              variant={
                job.status === "completed"
                  ? "success"
                  : job.status === "cancelled"
                    ? "secondary"
                    : "default"
              }
            >
              {JOB_STATUS_LABELS[job.status]}
            </Badge>
            <span className="w-full text-xs text-muted-foreground">
              {job.locksmithName ?? "No locksmith"} ·{" "}
              {job.finalPriceCents === null ? "not priced" : formatCents(job.finalPriceCents)} ·{" "}
              {formatDateTime(job.createdAt)}
            </span>
            <DoorCheckLine job={job} canOpenRecord={canOpenDoorChecks} className="w-full" />
            {job.status === "completed" && job.finalPriceCents !== null && (
              // A file download: a document request, not a client-side navigation.
              <a
                href={`/admin/jobs/${job.id}/receipt.pdf`}
                download
                className="text-sm font-medium text-brand-700 hover:underline"
              >
                Receipt (PDF) for job {shortId(job.id)}
              </a>
            )}
          </Row>
        ))}
      </Section>
      <Section title="Dispatch codes" empty="No code yet. Dispatch makes one.">
        {codes.map((code) => (
          <Row key={code.id}>
            <Link
              to={`/admin/dispatch-codes?q=${code.code}`}
              className="font-mono font-semibold tracking-wider hover:underline"
            >
              {code.code}
            </Link>
            <Badge variant={code.displayStatus === "expired" ? "destructive" : "outline"}>
              {DISPATCH_CODE_STATUS_LABELS[code.displayStatus]}
            </Badge>
            <span className="w-full text-xs text-muted-foreground">
              {code.locksmithName ?? "No locksmith"} · until {formatDateTime(code.expirationTime)}
            </span>
          </Row>
        ))}
      </Section>
      <Section title="Calls from this number" empty="No calls from this number.">
        {calls.map((call) => (
          <Row key={call.id}>
            <Link
              to={`/admin/call-logs?q=${shortId(call.id)}`}
              className="text-sm tabular-nums hover:underline"
            >
              {formatDateTime(call.startTime)}
            </Link>
            <CallStatusBadge status={call.status} />
            {call.status === "answered" && (
              <span className="text-xs text-muted-foreground tabular-nums">
                {formatDuration(call.durationSeconds)}
              </span>
            )}
            {call.voicemail && (
              // One string: the badge is a flex row, whose gap would split "Voicemail, 0:14".
              <Badge variant="outline" className="tabular-nums">
                {call.voicemailSeconds === null
                  ? "Voicemail"
                  : `Voicemail, ${formatDuration(call.voicemailSeconds)}`}
              </Badge>
            )}
            {call.hasRecording && (
              // A link the browser plays by itself: works before (and without) JavaScript.
              <a
                href={recordingHref(call.id)}
                className="text-xs font-medium text-brand-700 underline"
              >
                {call.voicemail ? "Play the voicemail" : "Play the recording"}
                <span className="sr-only"> of the call at {formatDateTime(call.startTime)}</span>
              </a>
            )}
            {call.transcript && (
              <p className="basis-full text-sm">
                <span className="font-medium">Transcript: </span>
                <q className="whitespace-pre-line">{call.transcript}</q>
              </p>
            )}
          </Row>
        ))}
      </Section>
    </>
  );
}

function Section({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string;
  children: React.ReactNode[];
}) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="pb-2">
        <CardTitle as="h2" id={id} className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {children.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="grid gap-3">{children}</ul>
        )}
      </CardContent>
    </Card>
  );
}

function Row({ children }: { children: React.ReactNode }) {
  return <li className="flex flex-wrap items-center gap-x-2 gap-y-1">{children}</li>;
}
