/*
 * The escalation ladder (issue 46, decision 0051): who is woken about a request nobody has
 * taken, in what order, how, and how often until someone acts. Pure, so the timer, the bench
 * and the tests agree on which rung comes next and when.
 */

export const WAKE_CHANNELS = ["push", "text", "call"] as const;
export type WakeChannel = (typeof WAKE_CHANNELS)[number];
export type WakeBy = Record<WakeChannel, boolean>;

/** One person on the ladder: a name, a phone for texts and calls, and how to wake them. */
export interface Rung extends WakeBy {
  name: string | null;
  phone: string | null;
}

export type LadderSettings = {
  /** Minutes between wake-ups (one rung each). */
  everyMinutes: number;
  /** How many times the whole ladder is climbed before it stops by itself. */
  rounds: number;
  /** How the on-call operator (the first rung) is woken. */
  onCallBy: WakeBy;
  /** Who comes after the on-call operator, in order (the backup, then the owner...). */
  backups: Rung[];
};

/** Caps: a ladder that cannot page someone every few seconds all night. */
/**
 * The settings form's field names of one backup rung (1-based: backup1Name...): here, not
 * beside the form's schema, so the screen names its fields without loading zod (decision 0040).
 */
export const backupField = (n: number, field: "Name" | "Phone" | "Push" | "Text" | "Call") =>
  `backup${n}${field}` as const;

export const LADDER_LIMITS = {
  everyMinutes: { min: 1, max: 30 },
  rounds: { min: 1, max: 5 },
  /** Backups after the on-call operator. */
  backups: 3,
} as const;

/**
 * The first wake-up is due this long before the untouched limit: one poll of the timer
 * worker (1 s), so it is made by the limit whenever the worker's pass falls.
 */
export const FIRST_WAKE_EARLY_MS = 1_000;
/** How far ahead the clock rules' sweep (every 2 s) schedules that first wake-up. */
export const FIRST_WAKE_LOOKAHEAD_MS = 5_000;

export const DEFAULT_LADDER: LadderSettings = {
  everyMinutes: 3,
  rounds: 2,
  onCallBy: { push: true, text: true, call: true },
  backups: [],
};

/** A rung that can wake nobody (no phone for a text or a call, no push) is skipped. */
function canWake(rung: Rung): boolean {
  return rung.push || (Boolean(rung.phone) && (rung.text || rung.call));
}

/**
 * The ladder in order: the on-call operator, then each backup that can be woken. With
 * nobody set at all, one rung that pushes every operator's devices (never an empty ladder:
 * the request still reaches the office).
 */
export function ladderRungs(
  ladder: LadderSettings,
  onCall: { name: string | null; phone: string | null },
): Rung[] {
  const rungs = [{ ...onCall, ...ladder.onCallBy }, ...ladder.backups].filter(canWake);
  if (rungs.length > 0) return rungs;
  return [{ name: null, phone: null, push: true, text: false, call: false }];
}

export interface LadderStep {
  /** Index into ladderRungs. */
  rung: number;
  /** 0 for the first climb. */
  round: number;
}

/** The `step`-th wake-up (0 = the first), or null when the ladder is spent. */
export function stepAt(step: number, rungCount: number, rounds: number): LadderStep | null {
  // No rungs: rungCount × rounds is 0, so every step is past the end.
  if (step < 0 || step >= rungCount * rounds) return null;
  return { rung: step % rungCount, round: Math.floor(step / rungCount) };
}

/** When the wake-up after one made at `wokeAt` is due. */
export function nextWakeAt(wokeAt: Date, ladder: LadderSettings): Date {
  return new Date(wokeAt.getTime() + ladder.everyMinutes * 60_000);
}

/** How the ladder can stop: by itself, or because a person acted. */
export const LADDER_STOPS = ["spent", "opened", "dispatched", "acknowledged", "taken"] as const;
export type LadderStop = (typeof LADDER_STOPS)[number];

/** What a stop says on the lead's timeline. */
export function ladderStopText(stop: LadderStop): string {
  switch (stop) {
    case "spent":
      return "Wake-ups stopped: everyone on the ladder was woken";
    case "opened":
      return "Wake-ups stopped: the lead was opened";
    case "dispatched":
      return "Wake-ups stopped: the office dispatched the lead or changed its status";
    case "acknowledged":
      return "Wake-ups stopped: acknowledged";
    case "taken":
      return "Wake-ups stopped: a locksmith took the request";
  }
}

/** Who a rung is, in words ("Dana (on call)", "Backup 2"). */
export function rungLabel(rung: Rung, index: number): string {
  const role = index === 0 ? "on call" : `backup ${index}`;
  return rung.name ? `${rung.name} (${role})` : role === "on call" ? "On call" : `Backup ${index}`;
}
