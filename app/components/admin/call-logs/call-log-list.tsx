import { Info } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { formatDuration } from "~/lib/duration";
import { formatDateTime } from "~/lib/format";
import { formatUsPhone, toE164 } from "~/lib/phone";
import { type CallLogView, shortCallId } from "./call-log-view";
import { CallStatusBadge } from "./call-status-badge";
import { RecordingButtons } from "./recording-controls";

interface CallLogListProps {
  rows: readonly CallLogView[];
  onViewDetails: (call: CallLogView) => void;
  /** The call whose recording the page's player holds, if any. */
  playingId: string | undefined;
  onTogglePlay: (call: CallLogView) => void;
}

/** A table where the list's column has 768 px, cards below (a phone, or beside the sidebar). */
export function CallLogList({ rows, onViewDetails, playingId, onTogglePlay }: CallLogListProps) {
  const recording = (call: CallLogView, compact: boolean) =>
    call.hasRecording ? (
      <RecordingButtons
        callId={call.id}
        playing={playingId === call.id}
        onToggle={() => onTogglePlay(call)}
        compact={compact}
      />
    ) : (
      <span className="text-sm text-muted-foreground">{compact ? "None" : "No recording"}</span>
    );
  return (
    <>
      <div className="hidden @3xl:block">
        <Table>
          <TableCaption>Calls, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Call ID</TableHead>
              <TableHead>Phone</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Duration</TableHead>
              <TableHead>Started</TableHead>
              <TableHead>Recording</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((call) => (
              <TableRow key={call.id}>
                <TableCell>
                  <CallId id={call.id} />
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <PhoneLink phone={call.clientPhone} />
                </TableCell>
                <TableCell>
                  <CallStatusBadge status={call.status} />
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatDuration(call.durationSeconds)}
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {formatDateTime(call.startTime)}
                </TableCell>
                <TableCell>{recording(call, true)}</TableCell>
                <TableCell className="text-right">
                  <ViewDetailsButton call={call} onClick={() => onViewDetails(call)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 @3xl:hidden" aria-label="Calls, newest first">
        {rows.map((call) => (
          <li key={call.id}>
            <Card className="grid gap-3 p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <PhoneLink phone={call.clientPhone} />
                  <p className="text-xs text-muted-foreground">
                    Call <CallId id={call.id} />
                  </p>
                </div>
                <CallStatusBadge status={call.status} />
              </div>
              <dl className="grid grid-cols-[1fr_auto] gap-2 text-sm">
                <div>
                  <dt className="text-xs text-muted-foreground">Started</dt>
                  <dd className="tabular-nums">{formatDateTime(call.startTime)}</dd>
                </div>
                <div className="text-right">
                  <dt className="text-xs text-muted-foreground">Duration</dt>
                  <dd className="tabular-nums">{formatDuration(call.durationSeconds)}</dd>
                </div>
              </dl>
              <div className="flex flex-wrap items-center justify-between gap-2">
                {recording(call, false)}
                <ViewDetailsButton call={call} onClick={() => onViewDetails(call)} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The spec shows 8 characters; the whole id is in the tooltip and the search finds it. */
function CallId({ id }: { id: string }) {
  return (
    <span className="font-mono text-xs tabular-nums" title={id}>
      {shortCallId(id)}
    </span>
  );
}

function PhoneLink({ phone }: { phone: string }) {
  return (
    <a
      href={`tel:${toE164(phone)}`}
      className="font-medium text-brand-700 tabular-nums underline-offset-4 hover:underline"
    >
      {formatUsPhone(phone)}
    </a>
  );
}

function ViewDetailsButton({ call, onClick }: { call: CallLogView; onClick: () => void }) {
  return (
    <Button type="button" size="sm" variant="ghost" onClick={onClick}>
      <Info aria-hidden="true" />
      View Details<span className="sr-only"> of call {shortCallId(call.id)}</span>
    </Button>
  );
}
