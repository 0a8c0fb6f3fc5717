import { z } from "zod";

/*
 * Settings → Phone: how the business number rings (the office's phones, then the on-call
 * person of the night watch, then voicemail), the night menu, the missed-call text-back
 * and how long recordings are kept (issue 50, decision 0071). The text-back's wording is a
 * text template (Settings → Messages, "Caller: we missed their call"), like every text.
 */

export const PHONE_LIMITS = {
  officeNumbers: 5,
  ringSeconds: { min: 5, max: 60 },
  windowHours: { min: 1, max: 72 },
  retentionDays: { min: 1, max: 3650 },
} as const;

export interface PhoneSettings {
  /** The office's phones (E.164), rung together first. */
  officeNumbers: string[];
  /** How long the office's phones ring before the call moves on. */
  officeRingSeconds: number;
  /** How long the on-call person's phone rings before voicemail. */
  onCallRingSeconds: number;
  /** At night (the night watch's hours), "press 1 if you are locked out now" first. */
  nightMenu: boolean;
  /** Text a caller nobody answered. */
  textBack: boolean;
  /** At most one text-back per number in this many hours. */
  textBackWindowHours: number;
  /** Recordings older than this are deleted, here and at Twilio. */
  recordingRetentionDays: number;
  /** Have Twilio transcribe voicemails (a paid Twilio feature, so off unless turned on). */
  transcribeVoicemail: boolean;
}

export const DEFAULT_PHONE_SETTINGS: PhoneSettings = {
  officeNumbers: [],
  officeRingSeconds: 20,
  onCallRingSeconds: 20,
  nightMenu: false,
  textBack: true,
  textBackWindowHours: 4,
  recordingRetentionDays: 90,
  transcribeVoicemail: false,
};

const d = DEFAULT_PHONE_SETTINGS;
const seconds = z
  .number()
  .int()
  .min(PHONE_LIMITS.ringSeconds.min)
  .max(PHONE_LIMITS.ringSeconds.max);

/** What is stored: anything missing or unreadable reads as the default. */
export const storedPhoneSettings = z
  .object({
    officeNumbers: z.array(z.string()).max(PHONE_LIMITS.officeNumbers).catch(d.officeNumbers),
    officeRingSeconds: seconds.catch(d.officeRingSeconds),
    onCallRingSeconds: seconds.catch(d.onCallRingSeconds),
    nightMenu: z.boolean().catch(d.nightMenu),
    textBack: z.boolean().catch(d.textBack),
    textBackWindowHours: z
      .number()
      .int()
      .min(PHONE_LIMITS.windowHours.min)
      .max(PHONE_LIMITS.windowHours.max)
      .catch(d.textBackWindowHours),
    recordingRetentionDays: z
      .number()
      .int()
      .min(PHONE_LIMITS.retentionDays.min)
      .max(PHONE_LIMITS.retentionDays.max)
      .catch(d.recordingRetentionDays),
    transcribeVoicemail: z.boolean().catch(d.transcribeVoicemail),
  })
  .catch(d);
