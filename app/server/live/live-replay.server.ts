import { and, desc, gte, lt, sql } from "drizzle-orm";
import { formatLiveCursor, type LiveCursor } from "~/lib/admin/live-cursor";
import { activityLog } from "../db/activity-tables.server";
import type { Db } from "../db/database.server";
import type { Replay } from "./event-stream.server";
import { ANNOUNCED_ENTRIES, withCoverage } from "./lead-announcements.server";

/** At most this many announcements are replayed to a reconnecting browser... */
export const REPLAY_LIMIT = 20;
/** ...from at most this far back; beyond either, the browser is told there was more. */
export const REPLAY_WINDOW_MS = 30 * 60_000;
/**
 * How far before the cursor a replay starts. An entry's time is taken when it is written,
 * not when its transaction commits, so one that committed after the browser's last event
 * can carry an earlier time; the browser drops what it has already shown (by event id).
 */
export const REPLAY_OVERLAP_MS = 5_000;

/**
 * What a browser missed since `cursor` (null on a first connection: nothing), read from the
 * activity log, so it works whichever process the browser reconnects to.
 */
export async function replaySince(db: Db, cursor: LiveCursor | null): Promise<Replay> {
  const now = await databaseNow(db);
  const head = formatLiveCursor({ at: now, id: "" });
  if (!cursor) return { announcements: [], more: false, head };
  const windowStart = now - REPLAY_WINDOW_MS;
  const from = Math.max(cursor.at - REPLAY_OVERLAP_MS, windowStart);
  const rows = await db
    .select()
    .from(activityLog)
    .where(and(ANNOUNCED_ENTRIES, gte(activityLog.at, new Date(from))))
    .orderBy(desc(activityLog.at), desc(activityLog.id))
    .limit(REPLAY_LIMIT + 1);
  let more = rows.length > REPLAY_LIMIT;
  if (!more && cursor.at - REPLAY_OVERLAP_MS < windowStart) {
    const [older] = await db
      .select({ id: activityLog.id })
      .from(activityLog)
      .where(
        and(
          ANNOUNCED_ENTRIES,
          gte(activityLog.at, new Date(cursor.at - REPLAY_OVERLAP_MS)),
          lt(activityLog.at, new Date(windowStart)),
        ),
      )
      .limit(1);
    more = older !== undefined;
  }
  const announcements = await withCoverage(db, rows.slice(0, REPLAY_LIMIT).reverse());
  return { announcements, more, head };
}

async function databaseNow(db: Db): Promise<number> {
  const result = await db.execute<{ now: number }>(
    sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as now`,
  );
  const row = (result as unknown as { rows: { now: number | string }[] }).rows[0]!;
  return Math.floor(Number(row.now));
}
