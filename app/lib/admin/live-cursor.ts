import * as z from "zod/mini";

/*
 * Where a browser is in the back office's stream of announcements (new leads, locksmiths'
 * taps): the time and id of the activity-log entry the last one came from. It is each
 * announcement's Server-Sent Events `id`, so a reconnecting EventSource sends it back by
 * itself (`Last-Event-ID`); the page sends it as `?since=` when it opens a new stream. The
 * database's own clock and ids make it mean the same to every process.
 */
export interface LiveCursor {
  /** The entry's time, in epoch milliseconds. */
  at: number;
  /** The entry's id (a UUID), or "" for a position with no entry (a stream's start). */
  id: string;
}

// zod/mini: the browser reads cursors too, and its first load carries only this (decision 0040).
const cursorSchema = z
  .string()
  .check(z.maxLength(60), z.regex(/^(\d{1,15})(?:\.([0-9a-f-]{36}))?$/i));

/** The cursor as it goes on the wire: `1764108000123.<uuid>`, or the time alone. */
export function formatLiveCursor(cursor: LiveCursor): string {
  return cursor.id ? `${cursor.at}.${cursor.id}` : String(cursor.at);
}

/** A cursor a browser sent back; null when absent or malformed (then nothing is replayed). */
export function parseLiveCursor(text: string | null | undefined): LiveCursor | null {
  const parsed = cursorSchema.safeParse(text?.trim());
  if (!parsed.success) return null;
  const [at, id = ""] = parsed.data.split(".");
  const uuid = z.uuid().safeParse(id);
  if (id && !uuid.success) return null;
  return { at: Number(at), id: id.toLowerCase() };
}
