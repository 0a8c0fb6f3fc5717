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

// Plain regular expressions, not zod: the browser reads cursors too (decision 0040).
const CURSOR = /^(\d{1,15})(?:\.([0-9a-f-]{36}))?$/i;
/** A UUID as zod's z.uuid() reads one (RFC 9562 versions 1-8, the nil and max UUIDs). */
const UUID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

/** The cursor as it goes on the wire: `1764108000123.<uuid>`, or the time alone. */
export function formatLiveCursor(cursor: LiveCursor): string {
  return cursor.id ? `${cursor.at}.${cursor.id}` : String(cursor.at);
}

/** A cursor a browser sent back; null when absent or malformed (then nothing is replayed). */
export function parseLiveCursor(text: string | null | undefined): LiveCursor | null {
  const trimmed = text?.trim();
  if (trimmed === undefined || trimmed.length > 60 || !CURSOR.test(trimmed)) return null;
  const [at, id = ""] = trimmed.split(".");
  if (id && !UUID.test(id)) return null;
  return { at: Number(at), id: id.toLowerCase() };
}
