import { BackgroundLoop } from "../background/background-loop.server";
import type { DatabaseHandle } from "../db/database.server";
import type { ChangeFeed } from "../live/change-feed.server";
import { refreshReportRollups } from "./report-rollups.server";

/** How often this process remakes the rollups of changed days. */
const REFRESH_EVERY_MS = 60_000;

/** The tables whose changes the rollups follow (their triggers list the days). */
const FOLLOWED = new Set(["leads", "assignments", "jobs"]);

/**
 * The reports' rollups kept current in the background (decision 0039): a pass when a lead,
 * an offer or a job changes in any process (the change feed), and every minute; so a report
 * seldom finds a day to remake before it reads. Passes of a month of days at most, the latest
 * first, until none is left (a fresh migration lists them all).
 */
export function startRollupRefresher(
  database: DatabaseHandle,
  changes: ChangeFeed,
): BackgroundLoop {
  const loop = new BackgroundLoop("report rollups", async () => {
    while ((await refreshReportRollups(database.db)).length > 0) {
      // Again: more days may be waiting than one pass takes.
    }
  });
  changes.subscribe((change) => {
    // "*": the feed reconnected and may have missed changes.
    if (FOLLOWED.has(change.table) || change.table === "*") loop.wake();
  });
  loop.start(REFRESH_EVERY_MS);
  return loop;
}
