import type { Db } from "../db/database.server";
import { scheduleTimer } from "../background/timers.server";

/*
 * The receipt's e-mailed copy is sent by the timer worker (receipt-mail.server.ts), never in
 * the completion: this schedules it, in the completion's transaction.
 */

export async function scheduleReceiptMail(tx: Db, jobId: string, leadId: string, now: Date) {
  await scheduleTimer(tx, {
    kind: "receipt_mail",
    // Completed again after a reopening: a new receipt, a new mail.
    key: `receipt_mail:${jobId}:${now.getTime()}`,
    dueAt: now,
    leadId,
    payload: { jobId },
  });
}
