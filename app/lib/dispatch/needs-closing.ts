/*
 * "Needs closing" (issue 45, decision 0066): a live assignment (offered, accepted, on the way,
 * arrived) with no progress for longer than a setting (12 hours unless the office sets
 * another) is a job somebody forgot to close, not a locksmith at work. The office sees it
 * flagged, and the locksmith no longer counts as busy: they can be ready now, and chosen first
 * in Dispatch.
 */

export const NEEDS_CLOSING_DEFAULT_HOURS = 12;
export const NEEDS_CLOSING_MIN_HOURS = 1;
export const NEEDS_CLOSING_MAX_HOURS = 72;

const HOUR_MS = 3_600_000;

/** The stamps of an assignment's progress; the newest is its last sign of life. */
export interface AssignmentProgress {
  createdAt: Date;
  acceptedAt?: Date | null;
  onTheWayAt?: Date | null;
  arrivedAt?: Date | null;
}

export function lastProgressAt(assignment: AssignmentProgress): Date {
  const stamps = [
    assignment.createdAt,
    assignment.acceptedAt,
    assignment.onTheWayAt,
    assignment.arrivedAt,
  ].filter((stamp): stamp is Date => stamp instanceof Date);
  return new Date(Math.max(...stamps.map((stamp) => stamp.getTime())));
}

/** The instant before which a live assignment's last progress makes it need closing. */
export function needsClosingCutoff(now: Date, hours = NEEDS_CLOSING_DEFAULT_HOURS): Date {
  return new Date(now.getTime() - hours * HOUR_MS);
}

/** Whether a live assignment has gone longer than `hours` without progress. */
export function needsClosing(
  assignment: AssignmentProgress,
  now: Date,
  hours = NEEDS_CLOSING_DEFAULT_HOURS,
): boolean {
  return lastProgressAt(assignment).getTime() < needsClosingCutoff(now, hours).getTime();
}

/** A stored setting as hours: a whole number in range, else the default. */
export function needsClosingHours(stored: unknown): number {
  return Number.isInteger(stored) &&
    (stored as number) >= NEEDS_CLOSING_MIN_HOURS &&
    (stored as number) <= NEEDS_CLOSING_MAX_HOURS
    ? (stored as number)
    : NEEDS_CLOSING_DEFAULT_HOURS;
}
