import { z } from "zod";
import {
  AUTO_OFFER_MODES,
  DEFAULT_NIGHT_WATCH,
  LIMITS,
  type NightWatchSettings,
} from "../night-watch/clock-rules";
import { backupField, LADDER_LIMITS, type Rung } from "../night-watch/escalation-ladder";
import {
  NEEDS_CLOSING_DEFAULT_HOURS,
  NEEDS_CLOSING_MAX_HOURS,
  NEEDS_CLOSING_MIN_HOURS,
} from "../dispatch/needs-closing";
import { usDigits } from "../phone";
import { optionalText, wholeNumber } from "./fields";

/*
 * Settings → Night watch: the clock rules' limits, automatic offers (when, how long each
 * stands, how many before the office is called in) and who is on call. An empty number
 * field takes its default.
 */

export const CLOCK_TIME_INVALID = "Enter a time like 22:00";
export const ON_CALL_PHONE_INVALID = "Enter a US phone number, like (708) 555-0100";
export const ON_CALL_PHONE_PREMIUM =
  "That is a premium-rate number (900): the night watch calls it, so enter the operator's own phone";

const minutes = (label: string, fallback: number) =>
  wholeNumber(
    `${label}: enter whole minutes from ${LIMITS.minutes.min} to ${LIMITS.minutes.max}`,
    LIMITS.minutes.min,
    LIMITS.minutes.max,
    fallback,
  );

const clockTime = (fallback: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || fallback)
    .pipe(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, CLOCK_TIME_INVALID));

const defaults = DEFAULT_NIGHT_WATCH;

/** A phone the night watch texts and calls: US, never a line that bills by the minute. */
const operatorPhone = (label: string) =>
  optionalText(40, label)
    .refine((value) => value === null || usDigits(value).length === 10, ON_CALL_PHONE_INVALID)
    // The server calls this number at night: never a line that bills by the minute.
    .refine((value) => value === null || !/^9(00|76)/.test(usDigits(value)), ON_CALL_PHONE_PREMIUM);

const e164 = (phone: string | null) => (phone ? `+1${usDigits(phone)}` : null);

/** An HTML checkbox: present ("on") when ticked, absent when not. */
const ticked = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

const BACKUP_NUMBERS = Array.from({ length: LADDER_LIMITS.backups }, (_, i) => i + 1);

const backupShape = Object.fromEntries(
  BACKUP_NUMBERS.flatMap((n) => [
    [backupField(n, "Name"), optionalText(80, `Backup ${n}'s name`)],
    [backupField(n, "Phone"), operatorPhone(`Backup ${n}'s phone`)],
    [backupField(n, "Push"), ticked],
    [backupField(n, "Text"), ticked],
    [backupField(n, "Call"), ticked],
  ]),
) as Record<string, typeof ticked | ReturnType<typeof operatorPhone>>;

function readBackups(value: Record<string, unknown>): Rung[] {
  return BACKUP_NUMBERS.map((n) => ({
    name: value[backupField(n, "Name")] as string | null,
    phone: e164(value[backupField(n, "Phone")] as string | null),
    push: value[backupField(n, "Push")] === true,
    text: value[backupField(n, "Text")] === true,
    call: value[backupField(n, "Call")] === true,
  })).filter((rung) => rung.name || rung.phone);
}

export const nightWatchSettingsSchema = z
  .object({
    intent: z.literal("save"),
    newUntouchedMinutes: minutes("New request untouched", defaults.newUntouchedMinutes),
    notOnTheWayMinutes: minutes('No "On my way"', defaults.notOnTheWayMinutes),
    notCompletedMinutes: minutes("Not completed", defaults.notCompletedMinutes),
    mode: z.enum(AUTO_OFFER_MODES, { error: "Choose when automatic offers run" }),
    from: clockTime(defaults.autoOffers.from),
    to: clockTime(defaults.autoOffers.to),
    offerSeconds: wholeNumber(
      `Offer timer: enter whole seconds from ${LIMITS.offerSeconds.min} to ${LIMITS.offerSeconds.max}`,
      LIMITS.offerSeconds.min,
      LIMITS.offerSeconds.max,
      defaults.autoOffers.offerSeconds,
    ),
    maxOffers: wholeNumber(
      `Offers before the office is called: enter ${LIMITS.maxOffers.min} to ${LIMITS.maxOffers.max}`,
      LIMITS.maxOffers.min,
      LIMITS.maxOffers.max,
      defaults.autoOffers.maxOffers,
    ),
    onCallName: optionalText(80, "On-call name"),
    onCallPhone: operatorPhone("On-call phone"),
    onCallPush: ticked,
    onCallText: ticked,
    onCallCall: ticked,
    ladderEveryMinutes: wholeNumber(
      `Wake the next person after: enter whole minutes from ${LADDER_LIMITS.everyMinutes.min} to ${LADDER_LIMITS.everyMinutes.max}`,
      LADDER_LIMITS.everyMinutes.min,
      LADDER_LIMITS.everyMinutes.max,
      defaults.ladder.everyMinutes,
    ),
    ladderRounds: wholeNumber(
      `Times through the ladder: enter ${LADDER_LIMITS.rounds.min} to ${LADDER_LIMITS.rounds.max}`,
      LADDER_LIMITS.rounds.min,
      LADDER_LIMITS.rounds.max,
      defaults.ladder.rounds,
    ),
    ...backupShape,
  })
  .transform((value): NightWatchSettings => ({
    newUntouchedMinutes: value.newUntouchedMinutes,
    notOnTheWayMinutes: value.notOnTheWayMinutes,
    notCompletedMinutes: value.notCompletedMinutes,
    autoOffers: {
      mode: value.mode,
      from: value.from,
      to: value.to,
      offerSeconds: value.offerSeconds,
      maxOffers: value.maxOffers,
    },
    onCall: { name: value.onCallName, phone: e164(value.onCallPhone) },
    ladder: {
      everyMinutes: value.ladderEveryMinutes,
      rounds: value.ladderRounds,
      onCallBy: { push: value.onCallPush, text: value.onCallText, call: value.onCallCall },
      backups: readBackups(value),
    },
  }));

export const NEEDS_CLOSING_HOURS_INVALID = `Needs closing after: enter whole hours from ${NEEDS_CLOSING_MIN_HOURS} to ${NEEDS_CLOSING_MAX_HOURS}`;

/** Settings → Night watch, owners only: hours without progress before a job needs closing. */
const needsClosingFields = z.object({
  intent: z.literal("needs_closing"),
  hours: wholeNumber(
    NEEDS_CLOSING_HOURS_INVALID,
    NEEDS_CLOSING_MIN_HOURS,
    NEEDS_CLOSING_MAX_HOURS,
    NEEDS_CLOSING_DEFAULT_HOURS,
  ),
});

/** Both forms of Settings → Night watch: the night's settings, and "needs closing". */
export const nightWatchPageSchema = z.discriminatedUnion("intent", [
  nightWatchSettingsSchema,
  needsClosingFields,
]);
