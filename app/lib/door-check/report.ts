/*
 * Reports → door checks (issue 49, decision 0069): the openings of a period per locksmith by
 * how their check came out. An opening is a job that opens something and was completed in the
 * period (checked, or skipped when it was completed with no check) or refused in the period.
 * A locksmith who skips checks comes first, so the office sees them.
 */

export interface DoorCheckCounts {
  checked: number;
  skipped: number;
  refused: number;
}

export interface DoorCheckReportRow extends DoorCheckCounts {
  locksmithId: string | null;
  /** null: no locksmith on the job (the office completed it), or one since removed. */
  locksmithName: string | null;
}

export const NO_LOCKSMITH_LABEL = "No locksmith";

export function openings(counts: DoorCheckCounts): number {
  return counts.checked + counts.skipped + counts.refused;
}

/** The rows in the report's order (most skipped first, then by name), and their total. */
export function doorCheckReport(rows: readonly DoorCheckReportRow[]): {
  rows: DoorCheckReportRow[];
  total: DoorCheckCounts;
} {
  const sorted = [...rows].sort(
    (a, b) =>
      b.skipped - a.skipped ||
      (a.locksmithName ?? "\uffff").localeCompare(b.locksmithName ?? "\uffff"),
  );
  const total = { checked: 0, skipped: 0, refused: 0 };
  for (const row of rows) {
    total.checked += row.checked;
    total.skipped += row.skipped;
    total.refused += row.refused;
  }
  return { rows: sorted, total };
}
