import type { CallStatus } from "~/lib/business-enums";

/**
 * What the browser gets of a call: every field but the recording's address, which is the
 * phone system's (with its account in it) and is only ever fetched by our server, through
 * /admin/call-logs/<id>/recording. `hasRecording` says whether there is one.
 */
export interface CallLogView {
  id: string;
  clientPhone: string;
  status: CallStatus;
  durationSeconds: number;
  startTime: Date | string;
  endTime: Date | string | null;
  hasRecording: boolean;
  twilioCallSid: string | null;
  /** The caller's latest lead, if they have one. */
  leadId: string | null;
  createdAt: Date | string;
}

/** The proxy that streams a call's recording (audio), or sends it as a file. */
export const recordingHref = (id: string, download = false) =>
  `/admin/call-logs/${id}/recording${download ? "?download=1" : ""}`;
