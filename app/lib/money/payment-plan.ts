import { formatDate } from "../format";
import { chicagoWallClock } from "../time/chicago-clock";
import { chicagoMidnight, parseDay } from "../time/chicago-period";
import { formatCents } from "./money";

/*
 * Payment plans (issue 45, decision 0065): the amount a completed job still asks, split into
 * 2–6 instalments with a date each. The rule is here, pure: whole cents above zero that add
 * up exactly to what is due, dates strictly ascending and none before today (Chicago). Each
 * instalment is paid by its own pay link (a Checkout Session for exactly its amount) or
 * recorded as cash or check by the office; a change of price cancels the plan.
 */

export const PLAN_MIN_INSTALMENTS = 2;
export const PLAN_MAX_INSTALMENTS = 6;

export const INSTALMENT_METHODS = ["pay_link", "cash", "check"] as const;
export type InstalmentMethod = (typeof INSTALMENT_METHODS)[number];
export const RECORDED_METHODS = ["cash", "check"] as const;
export type RecordedMethod = (typeof RECORDED_METHODS)[number];

export interface InstalmentInput {
  /** "2026-12-15", a Chicago date. */
  dueOn: string;
  amountCents: number;
}

export const PLAN_TEXT = {
  count: `A plan has ${PLAN_MIN_INSTALMENTS} to ${PLAN_MAX_INSTALMENTS} instalments`,
  amount: "Each instalment is a whole amount above $0.00",
  date: "Give each instalment a date",
  past: "An instalment cannot be due before today",
  order: "Each instalment's date comes after the one before it",
  sum: (sum: number, due: number) =>
    `The instalments add up to ${formatCents(sum)}, not the ${formatCents(due)} due: they must match exactly`,
  nothingDue: "Nothing is due on this job: a plan needs an amount left to pay.",
  notEligible: "A payment plan is for a completed job paid by pay link, with a price set.",
  cancelled:
    "The price changed, so the payment plan was cancelled: set a new plan for the new amount.",
} as const;

/** What a job still asks: its price less the card money kept and the plan's cash. */
export function amountDueCents(job: {
  status: string;
  finalPriceCents: number | null;
  cardKeptCents: number;
  planCashCents: number;
}): number {
  if (job.status !== "completed" || job.finalPriceCents === null) return 0;
  return Math.max(job.finalPriceCents - job.cardKeptCents - job.planCashCents, 0);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function realDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * The plan as given, or the first problem with it and which instalment it is in (0-based;
 * undefined for the whole plan).
 */
export function checkPlan(
  instalments: readonly InstalmentInput[],
  dueCents: number,
  today: string,
): { ok: true } | { ok: false; error: string; index?: number } {
  if (dueCents <= 0) return { ok: false, error: PLAN_TEXT.nothingDue };
  if (instalments.length < PLAN_MIN_INSTALMENTS || instalments.length > PLAN_MAX_INSTALMENTS) {
    return { ok: false, error: PLAN_TEXT.count };
  }
  let sum = 0;
  for (const [index, instalment] of instalments.entries()) {
    if (!Number.isSafeInteger(instalment.amountCents) || instalment.amountCents <= 0) {
      return { ok: false, error: PLAN_TEXT.amount, index };
    }
    if (!realDay(instalment.dueOn)) return { ok: false, error: PLAN_TEXT.date, index };
    if (instalment.dueOn < today) return { ok: false, error: PLAN_TEXT.past, index };
    const before = instalments[index - 1];
    if (before && instalment.dueOn <= before.dueOn) {
      return { ok: false, error: PLAN_TEXT.order, index };
    }
    sum += instalment.amountCents;
  }
  if (sum !== dueCents) return { ok: false, error: PLAN_TEXT.sum(sum, dueCents) };
  return { ok: true };
}

/**
 * `dueCents` in `count` instalments as even as cents allow (the first ones take the odd
 * cents), a month apart from `firstDay`: what the office's form starts with.
 */
export function evenInstalments(
  dueCents: number,
  count: number,
  firstDay: string,
): InstalmentInput[] {
  const base = Math.floor(dueCents / count);
  const odd = dueCents - base * count;
  const [year, month, day] = firstDay.split("-").map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, index) => {
    // The same day of each month, or the month's last day when it has no such day.
    const last = new Date(Date.UTC(year, month - 1 + index + 1, 0)).getUTCDate();
    const date = new Date(Date.UTC(year, month - 1 + index, Math.min(day, last)));
    return {
      dueOn: date.toISOString().slice(0, 10),
      amountCents: base + (index < odd ? 1 : 0),
    };
  });
}

export type InstalmentState = "paid" | "due" | "overdue";

export const INSTALMENT_STATE_LABELS: Record<InstalmentState, string> = {
  paid: "Paid",
  due: "Due",
  overdue: "Overdue",
};

export interface InstalmentView {
  number: number;
  dueOn: string;
  amountCents: number;
  paidAt: Date | string | null;
  paidBy: InstalmentMethod | null;
}

/** Paid; or due (today or later); or overdue (its day has passed unpaid). */
export function instalmentState(
  instalment: Pick<InstalmentView, "dueOn" | "paidAt">,
  today: string,
): InstalmentState {
  if (instalment.paidAt) return "paid";
  return instalment.dueOn < today ? "overdue" : "due";
}

const METHOD_WORDS: Record<InstalmentMethod, string> = {
  pay_link: "card (pay link)",
  cash: "cash",
  check: "check",
};

/** "Dec 15, 2026": a plan's date as every page writes it (noon UTC: the same day anywhere). */
export function planDay(dueOn: string): string {
  return formatDate(`${dueOn}T18:00:00Z`);
}

/** One line per instalment, as the receipt and the customer's page say it. */
export function instalmentLine(instalment: InstalmentView, today: string): [string, string] {
  const state = instalmentState(instalment, today);
  const amount = formatCents(instalment.amountCents);
  const when = planDay(instalment.dueOn);
  if (state === "paid") {
    return [
      `${instalment.number}. ${when}`,
      `${amount}: paid${instalment.paidBy ? ` by ${METHOD_WORDS[instalment.paidBy]}` : ""}${instalment.paidAt ? ` on ${formatDate(instalment.paidAt)}` : ""}`,
    ];
  }
  return [
    `${instalment.number}. ${when}`,
    `${amount}: ${INSTALMENT_STATE_LABELS[state].toLowerCase()}`,
  ];
}

/** The instalment a pay link is for now: the first one not paid, if any. */
export function nextInstalment<T extends Pick<InstalmentView, "paidAt">>(
  instalments: readonly T[],
): T | undefined {
  return instalments.find((instalment) => !instalment.paidAt);
}

/** The hour (Chicago) an instalment's due-day text goes out: morning, never the night. */
export const INSTALMENT_REMINDER_HOUR = 9;

/**
 * When the customer is texted that an instalment is due: at 9:00 in Chicago on its day, for
 * every instalment due after the day the plan was set (the first is usually paid at the door
 * as the plan is agreed; a text about it would only repeat the conversation).
 */
export function instalmentReminderAt(dueOn: string, today: string): Date | null {
  const day = parseDay(dueOn);
  if (!day || dueOn <= today) return null;
  // Nine hours after midnight reads 8:00 or 10:00 on a clock-change day: set it right.
  const at = new Date(chicagoMidnight(day).getTime() + INSTALMENT_REMINDER_HOUR * 3_600_000);
  const drift = chicagoWallClock(at).hour;
  return new Date(at.getTime() + (INSTALMENT_REMINDER_HOUR - drift) * 3_600_000);
}
