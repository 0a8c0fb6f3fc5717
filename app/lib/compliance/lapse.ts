import { addDays, formatDay, parseDay } from "../time/chicago-period";

/*
 * What keeps a locksmith out of automatic offers (issue 45, decision 0064): a license or an
 * insurance certificate whose last day has passed. A day is a Chicago calendar day
 * (YYYY-MM-DD); "lapsed" is an expiry before today, so the last day itself still counts.
 * A document not on file at all is not lapsed: it is missing, which the office sees, but
 * which does not stop dispatch (most locksmiths are entered before their papers are).
 */

/** The documents of a compliance file. The license lives on the locksmith's own row. */
export const COMPLIANCE_KINDS = ["insurance", "bond", "background_check"] as const;
export type ComplianceKind = (typeof COMPLIANCE_KINDS)[number];

/** The documents whose lapse stops automatic offers. */
export type LapsingKind = "license" | "insurance";

export interface Lapse {
  kind: LapsingKind;
  /** Its last day (YYYY-MM-DD), before today. */
  expiredOn: string;
}

export const LAPSING_LABELS: Record<LapsingKind, string> = {
  license: "License",
  insurance: "Insurance",
};

/** True when a last day is before `today` (both YYYY-MM-DD). */
export function isLapsed(expiresOn: string | null | undefined, today: string): boolean {
  return !!expiresOn && expiresOn < today;
}

/**
 * The lapsed documents among a locksmith's license (counted only with a number on file, as
 * before) and insurance, license first.
 */
export function lapsesOf(
  papers: {
    license: { number: string | null; expiresOn: string | null };
    insuranceExpiresOn: string | null;
  },
  today: string,
): Lapse[] {
  const lapses: Lapse[] = [];
  if (papers.license.number && isLapsed(papers.license.expiresOn, today)) {
    lapses.push({ kind: "license", expiredOn: papers.license.expiresOn! });
  }
  if (isLapsed(papers.insuranceExpiresOn, today)) {
    lapses.push({ kind: "insurance", expiredOn: papers.insuranceExpiresOn! });
  }
  return lapses;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 3" in today's year, "Nov 3, 2025" in another. */
export function shortDay(day: string, today: string): string {
  const parsed = parseDay(day);
  if (!parsed) return day;
  const label = `${MONTHS[parsed.month - 1]} ${parsed.day}`;
  return day.slice(0, 4) === today.slice(0, 4) ? label : `${label}, ${parsed.year}`;
}

/** "Insurance expired Nov 3" or "License expired Oct 1 and insurance expired Nov 3". */
export function lapseText(lapses: readonly Lapse[], today: string): string {
  return lapses
    .map((lapse, index) => {
      const label = LAPSING_LABELS[lapse.kind];
      return `${index === 0 ? label : label.toLowerCase()} expired ${shortDay(lapse.expiredOn, today)}`;
    })
    .join(" and ");
}

/** The question the office answers before a manual send: "Insurance expired Nov 3: send anyway?" */
export function sendAnywayQuestion(lapses: readonly Lapse[], today: string): string {
  return `${lapseText(lapses, today)}: send anyway?`;
}

/** How many days before a last day the office is reminded. */
export const REMINDER_DAYS = [30, 7] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

/**
 * The reminders to schedule for a last day recorded on `today`: each threshold whose day is
 * still ahead, or, when the expiry is already nearer than a threshold, only the nearest
 * threshold passed (recording an expiry 5 days out reminds once, "in 5 days", not twice).
 * None for a day already past: that is a lapse, said everywhere the locksmith is shown.
 */
export function remindersFor(
  expiresOn: string,
  today: string,
): { days: ReminderDays; on: string }[] {
  const last = parseDay(expiresOn);
  if (!last || expiresOn < today) return [];
  const all = REMINDER_DAYS.map((days) => ({ days, on: formatDay(addDays(last, -days)) }));
  const ahead = all.filter((reminder) => reminder.on > today);
  const passed = all.filter((reminder) => reminder.on <= today);
  // REMINDER_DAYS runs from far to near: the last passed one is the nearest.
  const nearestPassed = passed.at(-1);
  return nearestPassed ? [...ahead, { ...nearestPassed, on: today }] : ahead;
}

/** Whole calendar days from `today` to a later day. */
export function daysUntil(day: string, today: string): number {
  const utc = (text: string) => {
    const { year, month, day: date } = parseDay(text)!;
    return Date.UTC(year, month - 1, date);
  };
  return Math.round((utc(day) - utc(today)) / 86_400_000);
}
