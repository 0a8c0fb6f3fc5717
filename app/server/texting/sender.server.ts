import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { messages, type Message } from "../db/messaging-tables.server";
import { logger } from "../logger.server";
import { classifyTryError, retryDelayMs } from "./delivery-errors.server";
import type { TextTransport } from "./twilio-transport.server";

/*
 * The outbox's sender: takes due rows, marks each "sending" in its own committed step, then
 * hands it to Twilio. Rows are claimed with FOR UPDATE SKIP LOCKED, so several processes on
 * one PostgreSQL never take the same row; a row is never sent again by itself once a try
 * may have reached Twilio: an unanswered try is checked with Twilio first, and a try that
 * outlived the process (a crash, a deploy) is left "interrupted" for a person to decide.
 */

export const MAX_ATTEMPTS = 5;

export interface SenderOptions {
  /** Rows taken per tick. */
  batch?: number;
  /** A try "sending" for longer than this was cut off (well past the request timeout). */
  patienceMs?: number;
  /** Wait before the next try, by tries so far. */
  retryDelay?: (attemptsSoFar: number) => number;
}

const DEFAULTS = { batch: 10, patienceMs: 120_000, retryDelay: retryDelayMs };

/** One pass: mark cut-off tries interrupted, then deliver what is due. Returns rows tried. */
export async function sendDueTexts(
  db: Db,
  transport: TextTransport,
  statusCallbackBase: string,
  options: SenderOptions = {},
): Promise<number> {
  const settings = { ...DEFAULTS, ...options };
  await markInterrupted(db, settings.patienceMs);
  const due = await claimDue(db, settings.batch);
  for (const row of due) {
    // One text's trouble (the database refusing its update) must not strand the others.
    await deliver(db, transport, statusCallbackBase, row, settings).catch((error: unknown) =>
      logger.error({ err: error, messageId: row.id }, "text delivery not recorded"),
    );
  }
  return due.length;
}

async function markInterrupted(db: Db, patienceMs: number): Promise<void> {
  const cutOff = new Date(Date.now() - patienceMs);
  const rows = await db
    .update(messages)
    .set({
      status: "interrupted",
      sendingSince: null,
      lastError: "The server stopped while sending this text: it may or may not have gone out.",
    })
    .where(and(eq(messages.status, "sending"), lt(messages.sendingSince, cutOff)))
    .returning({ id: messages.id });
  if (rows.length) logger.warn({ count: rows.length }, "texts left sending marked interrupted");
}

/** Takes up to `limit` due rows for this process, committed as "sending" before any try. */
async function claimDue(db: Db, limit: number): Promise<Message[]> {
  // Two statements in one transaction, not UPDATE … WHERE id IN (SELECT … SKIP LOCKED): as
  // a subquery the planner may run the locking SELECT more than once and claim extra rows
  // that another process holds (the two-sender test sent 1,214 texts for 1,000 that way).
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.status, "queued"), sql`${messages.nextAttemptAt} <= now()`))
      .orderBy(messages.nextAttemptAt)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(messages)
      .set({
        status: "sending",
        attempts: sql`${messages.attempts} + 1`,
        sendingSince: sql`now()`,
      })
      .where(
        and(
          inArray(
            messages.id,
            due.map((row) => row.id),
          ),
          eq(messages.status, "queued"),
        ),
      )
      .returning();
  });
}

async function deliver(
  db: Db,
  transport: TextTransport,
  statusCallbackBase: string,
  row: Message,
  settings: typeof DEFAULTS,
): Promise<void> {
  let sid: string;
  try {
    // The last try got no answer: if Twilio has the text, it went out; do not send it again.
    const already = row.unansweredAt
      ? await transport.findSent({ to: row.toPhone, body: row.body, since: row.createdAt })
      : undefined;
    ({ sid } =
      already ??
      (await transport.send({
        to: row.toPhone,
        body: row.body,
        statusCallback: `${statusCallbackBase}?id=${row.id}`,
      })));
  } catch (error) {
    const outcome = classifyTryError(error);
    const gaveUp = outcome.kind === "refused" || row.attempts >= MAX_ATTEMPTS;
    await db
      .update(messages)
      .set(
        gaveUp
          ? {
              status: "failed",
              sendingSince: null,
              lastError:
                outcome.kind === "refused"
                  ? outcome.error
                  : `Gave up after ${row.attempts} tries: ${outcome.error}`,
            }
          : {
              status: "queued",
              sendingSince: null,
              nextAttemptAt: new Date(Date.now() + settings.retryDelay(row.attempts)),
              unansweredAt: outcome.kind === "unanswered" ? new Date() : row.unansweredAt,
              lastError: outcome.error,
            },
      )
      .where(and(eq(messages.id, row.id), eq(messages.status, "sending")));
    logger.warn({ messageId: row.id, attempt: row.attempts, outcome }, "text not sent");
    return;
  }
  // Outside the try: Twilio has it now. Should recording that fail, the row stays
  // "sending" and becomes "interrupted", never queued to be sent a second time.
  await markSent(db, row.id, sid);
}

/**
 * Twilio has the text. Its status callback may have come first (delivered already): then
 * only the id is filled in, and the status stays.
 */
async function markSent(db: Db, id: string, sid: string): Promise<void> {
  await db
    .update(messages)
    .set({
      status: "sent",
      twilioSid: sid,
      sentAt: sql`now()`,
      sendingSince: null,
      lastError: null,
    })
    .where(and(eq(messages.id, id), eq(messages.status, "sending")));
  await db
    .update(messages)
    .set({ twilioSid: sid })
    .where(and(eq(messages.id, id), isNull(messages.twilioSid)));
}
