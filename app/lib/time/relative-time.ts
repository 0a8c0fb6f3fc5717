/*
 * "3 hours ago" for the dashboard's last backup. Computed on the server with the loader's
 * clock and sent as text, so the server's and the browser's renders never disagree.
 */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** "just now", "5 minutes ago", "2 hours ago", "yesterday", "12 days ago". */
export function timeAgo(from: Date, now: Date): string {
  const elapsed = now.getTime() - from.getTime();
  // A clock slightly ahead of ours (another process wrote it) still reads as now.
  if (elapsed < 60_000) return "just now";
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return "just now";
}
