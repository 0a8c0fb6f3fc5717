import { describe, expect, it } from "vitest";
import { DEFAULT_PHONE_SETTINGS } from "../phones/phone-settings";
import { PHONE_SETTINGS_TEXT, phoneSettingsFrom, phoneSettingsSchema } from "./phone-settings";

const form = (values: Record<string, string>) =>
  phoneSettingsSchema.safeParse({ intent: "save", ...values });

describe("Settings → Phone's form", () => {
  it("reads office numbers one a line (E.164, once each) and fills empty fields with defaults", () => {
    const parsed = form({
      officeNumbers: "(708) 555-0100\n312-555-0147\n708.555.0100",
      nightMenu: "on",
      transcribeVoicemail: "on",
    });
    expect(parsed.success).toBe(true);
    expect(phoneSettingsFrom(parsed.data!)).toEqual({
      ...DEFAULT_PHONE_SETTINGS,
      officeNumbers: ["+17085550100", "+13125550147"],
      nightMenu: true,
      transcribeVoicemail: true,
      // An unticked box is absent from the form.
      textBack: false,
    });
  });

  it("refuses a bad number, a premium line, too many numbers, and numbers out of range", () => {
    const message = (values: Record<string, string>) =>
      form(values).error?.issues.map((issue) => issue.message);
    expect(message({ officeNumbers: "555-0100" })).toEqual([PHONE_SETTINGS_TEXT.officeNumbers]);
    expect(message({ officeNumbers: "900-555-0100" })).toEqual([PHONE_SETTINGS_TEXT.officeNumbers]);
    expect(
      message({ officeNumbers: Array.from({ length: 6 }, (_, i) => `708555010${i}`).join("\n") }),
    ).toEqual([PHONE_SETTINGS_TEXT.officeNumbers]);
    expect(message({ officeRingSeconds: "4" })).toEqual([PHONE_SETTINGS_TEXT.ringSeconds]);
    expect(message({ onCallRingSeconds: "61" })).toEqual([PHONE_SETTINGS_TEXT.ringSeconds]);
    expect(message({ textBackWindowHours: "0" })).toEqual([PHONE_SETTINGS_TEXT.windowHours]);
    expect(message({ recordingRetentionDays: "1e3" })).toEqual([PHONE_SETTINGS_TEXT.retentionDays]);
  });
});
