import { expect, it } from "vitest";
import { DEFAULT_NIGHT_WATCH } from "../night-watch/clock-rules";
import {
  CLOCK_TIME_INVALID,
  nightWatchSettingsSchema,
  ON_CALL_PHONE_INVALID,
  ON_CALL_PHONE_PREMIUM,
} from "./night-watch";

const form = {
  intent: "save",
  newUntouchedMinutes: "2",
  notOnTheWayMinutes: "10",
  notCompletedMinutes: "180",
  mode: "window",
  from: "22:00",
  to: "07:00",
  offerSeconds: "180",
  maxOffers: "3",
  onCallName: " Dana ",
  onCallPhone: "(773) 555-0199",
  onCallPush: "on",
  onCallText: "on",
  onCallCall: "on",
};

const errorsOf = (value: Record<string, unknown>) => {
  const parsed = nightWatchSettingsSchema.safeParse(value);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message]));
};

it("reads the form into settings: the on-call phone as E.164, empty numbers as defaults", () => {
  expect(nightWatchSettingsSchema.parse(form)).toEqual({
    ...DEFAULT_NIGHT_WATCH,
    autoOffers: { ...DEFAULT_NIGHT_WATCH.autoOffers, mode: "window" },
    onCall: { name: "Dana", phone: "+17735550199" },
  });
  const blank = nightWatchSettingsSchema.parse({
    ...form,
    newUntouchedMinutes: "",
    offerSeconds: "",
    onCallName: "",
    onCallPhone: "",
  });
  expect(blank.newUntouchedMinutes).toBe(2);
  expect(blank.autoOffers.offerSeconds).toBe(180);
  expect(blank.onCall).toEqual({ name: null, phone: null });
});

it("refuses limits out of range, a time that is not HH:MM, a phone that is not a US number", () => {
  expect(errorsOf({ ...form, offerSeconds: "4" })).toEqual({
    offerSeconds: "Offer timer: enter whole seconds from 5 to 3600",
  });
  expect(errorsOf({ ...form, newUntouchedMinutes: "0" }).newUntouchedMinutes).toMatch(/1 to 1440/);
  expect(errorsOf({ ...form, maxOffers: "2.5" }).maxOffers).toMatch(/1 to 10/);
  expect(errorsOf({ ...form, from: "25:00" })).toEqual({ from: CLOCK_TIME_INVALID });
  expect(errorsOf({ ...form, onCallPhone: "555-01" })).toEqual({
    onCallPhone: ON_CALL_PHONE_INVALID,
  });
  expect(errorsOf({ ...form, mode: "sometimes" })).toHaveProperty("mode");
  expect(errorsOf({ ...form, onCallPhone: "1-900-234-5678" })).toEqual({
    onCallPhone: ON_CALL_PHONE_PREMIUM,
  });
});

it("reads the escalation ladder: how each is woken, the backups in order, empty ones dropped", () => {
  const settings = nightWatchSettingsSchema.parse({
    ...form,
    onCallCall: undefined,
    ladderEveryMinutes: "4",
    ladderRounds: "3",
    backup1Name: "Ray",
    backup1Phone: "(773) 555-0102",
    backup1Text: "on",
    backup1Call: "on",
    backup3Name: "Owner",
    backup3Phone: "773-555-0103",
    backup3Push: "on",
  });
  expect(settings.ladder).toEqual({
    everyMinutes: 4,
    rounds: 3,
    onCallBy: { push: true, text: true, call: false },
    backups: [
      { name: "Ray", phone: "+17735550102", push: false, text: true, call: true },
      { name: "Owner", phone: "+17735550103", push: true, text: false, call: false },
    ],
  });
});

it("caps the ladder: interval and rounds within bounds, a backup's phone a real US line", () => {
  expect(errorsOf({ ...form, ladderEveryMinutes: "0" }).ladderEveryMinutes).toMatch(/1 to 30/);
  expect(errorsOf({ ...form, ladderEveryMinutes: "31" }).ladderEveryMinutes).toMatch(/1 to 30/);
  expect(errorsOf({ ...form, ladderRounds: "6" }).ladderRounds).toMatch(/1 to 5/);
  expect(errorsOf({ ...form, backup2Phone: "555" })).toEqual({
    backup2Phone: ON_CALL_PHONE_INVALID,
  });
  expect(errorsOf({ ...form, backup1Phone: "900-234-5678" })).toEqual({
    backup1Phone: ON_CALL_PHONE_PREMIUM,
  });
});
