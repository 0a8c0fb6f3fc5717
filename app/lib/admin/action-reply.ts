import type { SubmissionResult } from "@conform-to/react";

/**
 * What a back-office action answers (app/server/route-helpers/intents.server.ts), as the
 * browser reads it from fetcher.data or useActionData: dialogs show `result` (conform's
 * reply, with field errors) and close on `ok`.
 */
export interface ActionReply {
  ok: boolean;
  intent: string | null;
  result?: SubmissionResult<string[]>;
  /** Why a post was refused before any form was read (no intent we know). */
  message?: string;
  /** What the action hands back for the page to show (a dispatch's text to send). */
  data?: unknown;
}
