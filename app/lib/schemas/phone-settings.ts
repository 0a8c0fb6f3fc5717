import { z } from "zod";
import { usDigits } from "../phone";
import { DEFAULT_PHONE_SETTINGS, PHONE_LIMITS, type PhoneSettings } from "../phones/phone-settings";
import { wholeNumber } from "./fields";

/*
 * Settings → Phone (issue 50, decision 0071): the office's phones, one a line; how long each
 * step rings; the night menu; the missed-call text-back and its window; how long recordings
 * are kept.
 */

export const PHONE_SETTINGS_TEXT = {
  officeNumbers: `Enter up to ${PHONE_LIMITS.officeNumbers} US phone numbers, one a line, like (708) 555-0100`,
  ringSeconds: `Enter whole seconds from ${PHONE_LIMITS.ringSeconds.min} to ${PHONE_LIMITS.ringSeconds.max}`,
  windowHours: `Enter whole hours from ${PHONE_LIMITS.windowHours.min} to ${PHONE_LIMITS.windowHours.max}`,
  retentionDays: `Enter whole days from ${PHONE_LIMITS.retentionDays.min} to ${PHONE_LIMITS.retentionDays.max}`,
} as const;

/** An HTML checkbox: present ("on") when ticked, absent when not. */
const ticked = z
  .string()
  .optional()
  .transform((value) => value === "on");

const officeNumbers = z
  .string()
  .max(400, PHONE_SETTINGS_TEXT.officeNumbers)
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(/[\n,;]+/)
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .refine(
    (lines) =>
      lines.length <= PHONE_LIMITS.officeNumbers &&
      lines.every((line) => usDigits(line).length === 10 && !/^9(00|76)/.test(usDigits(line))),
    PHONE_SETTINGS_TEXT.officeNumbers,
  )
  .transform((lines) => [...new Set(lines.map((line) => `+1${usDigits(line)}`))]);

const d = DEFAULT_PHONE_SETTINGS;
const { ringSeconds, windowHours, retentionDays } = PHONE_LIMITS;

export const phoneSettingsSchema = z.object({
  intent: z.literal("save"),
  officeNumbers,
  officeRingSeconds: wholeNumber(
    PHONE_SETTINGS_TEXT.ringSeconds,
    ringSeconds.min,
    ringSeconds.max,
    d.officeRingSeconds,
  ),
  onCallRingSeconds: wholeNumber(
    PHONE_SETTINGS_TEXT.ringSeconds,
    ringSeconds.min,
    ringSeconds.max,
    d.onCallRingSeconds,
  ),
  nightMenu: ticked,
  textBack: ticked,
  textBackWindowHours: wholeNumber(
    PHONE_SETTINGS_TEXT.windowHours,
    windowHours.min,
    windowHours.max,
    d.textBackWindowHours,
  ),
  recordingRetentionDays: wholeNumber(
    PHONE_SETTINGS_TEXT.retentionDays,
    retentionDays.min,
    retentionDays.max,
    d.recordingRetentionDays,
  ),
  transcribeVoicemail: ticked,
});

/** The saved settings from the form's values. */
export function phoneSettingsFrom({
  intent: _intent,
  ...settings
}: z.output<typeof phoneSettingsSchema>): PhoneSettings {
  return settings;
}
