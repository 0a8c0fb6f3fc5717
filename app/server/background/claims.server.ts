import { and, inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../db/database.server";

/*
 * The one claim of background work (decision 0060), for the night watch's timers and the
 * outbox's texts: the due rows are locked FOR UPDATE SKIP LOCKED and leased to this worker
 * in one committed step before any of them runs, so several processes on one PostgreSQL
 * never take the same row, and a worker that dies leaves its rows to be taken again once
 * the lease runs out. What a try does, and the fence that stops a stale claim from
 * finishing, stay with each kind of work (timers.server.ts, texting/sender.server.ts); when
 * a failed try is tried again, and when it is dead, is app/lib/background/retry-policy.ts.
 */

type WorkTable = PgTable & { id: PgColumn };

export interface Claim<T extends WorkTable> {
  /** Which rows are due now. */
  due: SQL;
  /** Who goes first. */
  order: PgColumn | SQL;
  limit: number;
  /** The lease (and whatever else marks the claim) written on the claimed rows. */
  set: PgUpdateSetSource<T>;
  /** Checked again as the rows are taken: a row changed since stays as it is. */
  still?: SQL;
}

/** Takes up to `claim.limit` due rows for this worker, committed before any of them runs. */
export async function claimDue<T extends WorkTable>(
  db: Db,
  table: T,
  claim: Claim<T>,
): Promise<T["$inferSelect"][]> {
  return db.transaction(async (tx) => {
    // Two statements, not UPDATE … WHERE id IN (SELECT … SKIP LOCKED): as a subquery the
    // planner may run the locking SELECT more than once and claim extra rows that another
    // process holds (the two-sender test sent 1,214 texts for 1,000 that way).
    const due: { id: unknown }[] = await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(claim.due)
      .orderBy(claim.order)
      .limit(claim.limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    const rows = await tx
      .update(table)
      .set(claim.set)
      .where(and(inArray(table.id, ids), claim.still))
      .returning();
    return rows as T["$inferSelect"][];
  });
}

/** Rows deleted per statement: a long backlog is pruned without one long lock. */
const PRUNE_BATCH = 1_000;

/** Deletes the finished rows `finished` picks, a batch at a time. Returns how many went. */
export async function pruneFinished<T extends WorkTable>(
  db: Db,
  table: T,
  finished: SQL,
): Promise<number> {
  let pruned = 0;
  for (;;) {
    const batch = db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(finished)
      .limit(PRUNE_BATCH);
    const gone = await db.delete(table).where(inArray(table.id, batch)).returning({ id: table.id });
    pruned += gone.length;
    if (gone.length < PRUNE_BATCH) return pruned;
  }
}
