import { BackgroundLoop } from "../background-loop.server";
import type { DatabaseHandle } from "../db/database.server";
import { refreshReportRollups } from "../models/report-rollups.server";

/** How often this process remakes the rollups of changed days. */
const REFRESH_EVERY_MS = 60_000;

/**
 * The reports' rollups kept near current in the background (decision 0039), so a report
 * seldom has more than the last minute's days to remake before it reads. Passes of a month
 * of days at most, the latest first, until none is left (a fresh migration lists them all).
 */
export function startRollupRefresher(database: DatabaseHandle): BackgroundLoop {
  const loop = new BackgroundLoop("report rollups", async () => {
    while ((await refreshReportRollups(database.db)).length > 0) {
      // Again: more days may be waiting than one pass takes.
    }
  });
  loop.start(REFRESH_EVERY_MS);
  return loop;
}
