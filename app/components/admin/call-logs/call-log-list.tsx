import type { DialogTrigger } from "~/components/admin/dialog-state";
import { Info } from "lucide-react";
import { Button } from "~/components/ui/button";
import { PhoneLink, ShortId } from "~/components/admin/data-list/cells";
import { DataList, type DataColumn } from "~/components/admin/data-list/data-list";
import { formatDuration } from "~/lib/time/duration";
import { formatDateTime, shortId } from "~/lib/format";
import type { CallLogView } from "./call-log-view";
import { CallStatusBadge } from "./call-status-badge";
import { RecordingButtons } from "./recording-controls";

interface CallLogListProps {
  rows: readonly CallLogView[];
  /** The link that opens a call's details dialog. */
  detailsTrigger: (call: CallLogView) => DialogTrigger;
  /** The call whose recording the page's player holds, if any. */
  playingId: string | undefined;
  onTogglePlay: (call: CallLogView) => void;
}

/**
 * Calls, newest first; Play and download only where a recording exists (docs/spec/back-office.md §2
 * Call Logs).
 */
export function CallLogList({ rows, detailsTrigger, playingId, onTogglePlay }: CallLogListProps) {
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
  const columns: DataColumn<CallLogView>[] = [
    { header: "Call ID", cell: (call) => <ShortId id={call.id} /> },
    {
      header: "Phone",
      cell: (call) => <PhoneLink phone={call.clientPhone} className="font-medium" />,
    },
    { header: "Status", cell: (call) => <CallStatusBadge status={call.status} /> },
    {
      header: "Duration",
      align: "right",
      className: "tabular-nums",
      cell: (call) => formatDuration(call.durationSeconds),
    },
    {
      header: "Started",
      className: "whitespace-nowrap tabular-nums",
      cell: (call) => formatDateTime(call.startTime),
    },
    { header: "Recording", cell: (call) => recording(call, true) },
    {
      header: "Actions",
      align: "right",
      cell: (call) => <ViewDetailsButton call={call} trigger={detailsTrigger(call)} />,
    },
  ];
  return (
    <DataList
      rows={rows}
      columns={columns}
      caption="Calls, newest first"
      card={(call) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <PhoneLink phone={call.clientPhone} className="font-medium" />
              <p className="text-xs text-muted-foreground">
                Call <ShortId id={call.id} />
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
            <ViewDetailsButton call={call} trigger={detailsTrigger(call)} />
          </div>
        </>
      )}
    />
  );
}

function ViewDetailsButton({ call, trigger }: { call: CallLogView; trigger: DialogTrigger }) {
  return (
    <Button asChild size="sm" variant="ghost">
      <a {...trigger}>
        <Info aria-hidden="true" />
        View Details<span className="sr-only"> of call {shortId(call.id)}</span>
      </a>
    </Button>
  );
}
