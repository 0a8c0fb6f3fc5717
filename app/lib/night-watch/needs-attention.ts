/*
 * The dashboard's "Needs attention" (issue 46): newest first, so a request that broke its
 * limit a minute ago is at the top, not under alerts that have waited since yesterday; those
 * older than an hour fold away under a summary the office opens when it has time.
 */

/** An alert older than this is folded under "Older". */
export const RECENT_ALERT_MINUTES = 60;

/** The queue split into the last hour's alerts and the older ones, each newest first. */
export function splitNeedsAttention<Item extends { since: Date | string }>(
  items: readonly Item[],
  now: Date,
): { recent: Item[]; older: Item[] } {
  const newestFirst = [...items].sort(
    (a, b) => new Date(b.since).getTime() - new Date(a.since).getTime(),
  );
  const cutoff = now.getTime() - RECENT_ALERT_MINUTES * 60_000;
  return {
    recent: newestFirst.filter((item) => new Date(item.since).getTime() >= cutoff),
    older: newestFirst.filter((item) => new Date(item.since).getTime() < cutoff),
  };
}
