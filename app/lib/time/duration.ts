/**
 * Call durations as minutes:seconds (docs/spec/back-office.md §9): 0 → "0:00", 75 → "1:15", 3725 →
 * "62:05".
 */
export function formatDuration(seconds: number | null | undefined): string {
  const total = seconds && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, "0")}`;
}
