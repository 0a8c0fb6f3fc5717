import { sql, type SQL } from "drizzle-orm";
import { needsClosingCutoff, needsClosingHours } from "~/lib/dispatch/needs-closing";
import type { Actor } from "~/lib/activity";
import { recordActivity } from "../activity/activity.server";
import { readSetting, writeSetting } from "../db/app-settings.server";
import { assignments, leads, locksmiths } from "../db/business-tables.server";
import type { Db } from "../db/database.server";

/*
 * Live assignments that need closing (issue 45, decision 0066): no progress for longer than the
 * setting `needs_closing_hours` (12 unless set). Ranking no longer counts their locksmith as
 * busy; the office sees them listed to close.
 */

const KEY = "needs_closing_hours";

export async function readNeedsClosingHours(db: Db): Promise<number> {
  return needsClosingHours(await readSetting<unknown>(db, KEY));
}

/** Settings → Night watch, owners only: how long without progress before a job needs closing. */
export async function saveNeedsClosingHours(db: Db, hours: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readNeedsClosingHours(tx);
    await writeSetting(tx, KEY, hours);
    await recordActivity(tx, {
      actor,
      entity: "settings",
      entityId: KEY,
      action: "needs_closing_changed",
      before: { hours: before },
      after: { hours },
    });
  });
}

/** An assignment's last progress in SQL, as `lastProgressAt` reads it (alias: the table's). */
export function lastProgressSql(alias: SQL): SQL {
  return sql`greatest(${alias}.created_at, ${alias}.accepted_at, ${alias}.on_the_way_at, ${alias}.arrived_at)`;
}

export interface NeedsClosing {
  assignmentId: string;
  leadId: string;
  jobId: string | null;
  leadName: string | null;
  locksmithName: string;
  state: string;
  lastProgressAt: Date;
}

/** Every live assignment that needs closing, the longest forgotten first. */
export async function listNeedsClosing(db: Db, now = new Date()): Promise<NeedsClosing[]> {
  const cutoff = needsClosingCutoff(now, await readNeedsClosingHours(db));
  const result = await db.execute(sql`
    select a.id, a.lead_id, a.job_id, a.state, le.name as lead_name, l.name as locksmith_name,
      ${lastProgressSql(sql`a`)} as last_progress_at
    from ${assignments} a
    join ${locksmiths} l on l.id = a.locksmith_id
    join ${leads} le on le.id = a.lead_id
    where a.state in ('offered', 'accepted', 'on_the_way', 'arrived')
      and not (a.state = 'offered' and a.expires_at <= ${now.toISOString()}::timestamptz)
      and ${lastProgressSql(sql`a`)} < ${cutoff.toISOString()}::timestamptz
    order by last_progress_at, a.id
  `);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    assignmentId: String(row.id),
    leadId: String(row.lead_id),
    jobId: typeof row.job_id === "string" ? row.job_id : null,
    leadName: typeof row.lead_name === "string" ? row.lead_name : null,
    locksmithName: String(row.locksmith_name),
    state: String(row.state),
    lastProgressAt: new Date(row.last_progress_at as string),
  }));
}
