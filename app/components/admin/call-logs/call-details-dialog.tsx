import { Link } from "react-router";
import type { DialogOpenProps } from "~/components/admin/dialog-state";
import type { ReactNode } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { formatDuration } from "~/lib/time/duration";
import { formatCount, formatDateTime, shortId } from "~/lib/format";
import { formatPhone, phoneHref } from "~/lib/phone";
import type { CallLogView } from "./call-log-view";
import { CallStatusBadge } from "./call-status-badge";
import { RecordingControls } from "./recording-controls";

interface CallDetailsDialogProps extends DialogOpenProps {
  call: CallLogView | undefined;
}

/** View Details: every field of the call, read only (calls come from the phone system). */
export function CallDetailsDialog({ call, open, onOpenChange }: CallDetailsDialogProps) {
  return (
    <Dialog open={open && !!call} onOpenChange={onOpenChange}>
      <DialogContent>
        {call && (
          <>
            <DialogHeader>
              <DialogTitle>Call {shortId(call.id)}</DialogTitle>
              <DialogDescription>
                From {formatPhone(call.clientPhone)}. Times are Chicago time.
              </DialogDescription>
            </DialogHeader>
            <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[9rem_1fr]">
              <Item term="Call ID">
                <span className="font-mono text-xs break-all">{call.id}</span>
              </Item>
              <Item term="Phone">
                <a
                  href={phoneHref(call.clientPhone)}
                  className="font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {formatPhone(call.clientPhone)}
                </a>
              </Item>
              {call.leadId && (
                <Item term="Lead">
                  <Link
                    to={`/admin/leads/${call.leadId}`}
                    className="font-medium text-brand-700 underline-offset-4 hover:underline"
                  >
                    Open their lead
                  </Link>
                </Item>
              )}
              <Item term="Status">
                <CallStatusBadge status={call.status} />
              </Item>
              <Item term="Duration">
                <span className="tabular-nums">
                  {formatDuration(call.durationSeconds)}{" "}
                  <span className="text-muted-foreground">
                    ({formatCount(call.durationSeconds)} s)
                  </span>
                </span>
              </Item>
              <Item term="Started">
                <span className="tabular-nums">{formatDateTime(call.startTime)}</span>
              </Item>
              <Item term="Ended">
                {call.endTime ? (
                  <span className="tabular-nums">{formatDateTime(call.endTime)}</span>
                ) : (
                  <span className="text-muted-foreground">Not recorded by the phone system</span>
                )}
              </Item>
              <Item term="Recording">
                {call.hasRecording ? (
                  <div className="grid gap-2">
                    <span>Yes</span>
                    <RecordingControls callId={call.id} />
                  </div>
                ) : (
                  <span className="text-muted-foreground">No recording</span>
                )}
              </Item>
              <Item term="Twilio Call SID">
                {call.twilioCallSid ? (
                  <span className="font-mono text-xs break-all">{call.twilioCallSid}</span>
                ) : (
                  <span className="text-muted-foreground">None</span>
                )}
              </Item>
              <Item term="Logged">
                <span className="tabular-nums">{formatDateTime(call.createdAt)}</span>
              </Item>
            </dl>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:contents">
      <dt className="font-medium text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
