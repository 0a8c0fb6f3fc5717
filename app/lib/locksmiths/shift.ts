/*
 * Availability is opt-in and ends by itself (issue 46, decision 0057): a locksmith turns
 * Available for a shift of a few hours they choose, and is Off again when it ends, without
 * a tap. Nothing is written when it lapses: every reader asks `presenceAt` with its own now.
 */

/** The shifts a locksmith (or the office for them) can choose when turning Available. */
export const SHIFT_HOURS = [2, 4, 8, 12] as const;
export type ShiftHours = (typeof SHIFT_HOURS)[number];
/** The choice shown first. */
export const DEFAULT_SHIFT_HOURS: ShiftHours = 8;

/** When a shift of `hours` begun at `now` ends. */
export function shiftEnd(now: Date, hours: ShiftHours): Date {
  return new Date(now.getTime() + hours * 60 * 60 * 1000);
}

/** "2 hours", "12 hours": the choice as the buttons say it. */
export function shiftLabel(hours: ShiftHours): string {
  return `${hours} hours`;
}

export interface StoredPresence {
  presence: "available" | "off";
  presenceChangedAt: Date;
  /** Null: Available until they tap Off (set before shifts existed). */
  availableUntil: Date | null;
}

/**
 * What they are now: Available only before their shift's end; Off since that end once it
 * has passed, as if they had tapped Off then.
 */
export function presenceAt(
  stored: StoredPresence,
  now: Date,
): { presence: "available" | "off"; since: Date; until: Date | null } {
  if (stored.presence === "off") {
    return { presence: "off", since: stored.presenceChangedAt, until: null };
  }
  if (stored.availableUntil && stored.availableUntil.getTime() <= now.getTime()) {
    return { presence: "off", since: stored.availableUntil, until: null };
  }
  return { presence: "available", since: stored.presenceChangedAt, until: stored.availableUntil };
}
