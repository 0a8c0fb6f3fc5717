import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { TEXT_RETRY } from "~/lib/background/retry-policy";
import { claimDue } from "../background/claims.server";
import { reportDeadWork } from "../background/dead-work.server";
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
 *
 * A batch is claimed by leasing its rows (still "queued", due again only when the lease runs
 * out), and each row is marked "sending" just before its own try (issue 46): a crash in the
 * middle of a batch leaves the rows never tried queued, sent after the lease by whichever
 * process is alive, and only the one whose try was under way "interrupted".
 */

/** Tries of one text before it is failed (decision 0060: the retry policy of texts). */
export const MAX_ATTEMPTS = TEXT_RETRY.maxAttempts;

export interface SenderOptions {
  /** Rows taken per tick. */
  batch?: number;
  /** A try "sending" for longer than this was cut off (well past the request timeout). */
  patienceMs?: number;
  /** Wait before the next try, by tries so far. */
  retryDelay?: (attemptsSoFar: number) => number;
  /** A claimed row not tried within this long (its process died) is due again. */
  leaseMs?: number;
}

/**
 * How long a claimed batch is this process's: longer than a whole batch of tries can take
 * (10 × the 15 s request timeout), so a live sender never loses rows to another.
 */
export const CLAIM_LEASE_MS = 180_000;

const DEFAULTS = {
  batch: 10,
  patienceMs: 120_000,
  retryDelay: retryDelayMs,
  leaseMs: CLAIM_LEASE_MS,
};

/** One pass: mark cut-off tries interrupted, then deliver what is due. Returns rows tried. */
export async function sendDueTexts(
  db: Db,
  transport: TextTransport,
  statusCallbackBase: string,
  options: SenderOptions = {},
): Promise<number> {
  const settings = { ...DEFAULTS, ...options };
  await markInterrupted(db, settings.patienceMs);
  const claim = await claimDueTexts(db, settings.batch, settings.leaseMs);
  for (const id of claim.ids) {
    // One text's trouble (the database refusing its update) must not strand the others.
    await startAndDeliver(db, transport, statusCallbackBase, id, claim.until, settings).catch(
      (error: unknown) => logger.error({ err: error, messageId: id }, "text delivery not recorded"),
    );
  }
  return claim.ids.length;
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

/**
 * Takes up to `limit` due rows for this process: leased (due again at `until`) in one
 * committed step before any try, still "queued" so a crash never strands one.
 */
async function claimDueTexts(
  db: Db,
  limit: number,
  leaseMs: number,
): Promise<{ ids: string[]; until: Date }> {
  const until = new Date(Date.now() + leaseMs);
  const claimed = await claimDue(db, messages, {
    due: and(eq(messages.status, "queued"), sql`${messages.nextAttemptAt} <= now()`)!,
    order: messages.nextAttemptAt,
    limit,
    set: { nextAttemptAt: until },
    still: eq(messages.status, "queued"),
  });
  return { ids: claimed.map((row) => row.id), until };
}

/**
 * Marks one claimed row "sending" (only while the claim is still this process's: queued, due
 * at this claim's lease), then tries it. A row taken meanwhile (a resend, a drop, another
 * process after the lease) is left alone.
 */
async function startAndDeliver(
  db: Db,
  transport: TextTransport,
  statusCallbackBase: string,
  id: string,
  until: Date,
  settings: typeof DEFAULTS,
): Promise<void> {
  const [row] = await db
    .update(messages)
    .set({
      status: "sending",
      attempts: sql`${messages.attempts} + 1`,
      sendingSince: sql`now()`,
    })
    .where(
      and(eq(messages.id, id), eq(messages.status, "queued"), eq(messages.nextAttemptAt, until)),
    )
    .returning();
  if (row) await deliver(db, transport, statusCallbackBase, row, settings);
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
    const refused = outcome.kind === "refused";
    const gaveUp = refused || row.attempts >= MAX_ATTEMPTS;
    await db.transaction(async (tx) => {
      const [after] = await tx
        .update(messages)
        .set(
          gaveUp
            ? {
                status: "failed",
                sendingSince: null,
                lastError: refused
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
        .where(and(eq(messages.id, row.id), eq(messages.status, "sending")))
        .returning();
      // Tries that ran out are dead work: the office is told. A refusal is Twilio's answer
      // about the number (a landline, STOP), shown in Messages, not an alarm at night.
      if (after && gaveUp && !refused) await reportDeadWork(tx, { work: "text", message: after });
    });
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
