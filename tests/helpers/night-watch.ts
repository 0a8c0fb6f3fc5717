import { and, asc, eq, ne } from "drizzle-orm";
import { DEFAULT_NIGHT_WATCH, type NightWatchSettings } from "~/lib/night-watch/clock-rules";
import { writeSetting } from "~/server/db/app-settings.server";
import { assignments } from "~/server/db/business-tables.server";
import type { Db } from "~/server/db/database.server";
import { messages } from "~/server/db/messaging-tables.server";
import { autoDispatches, nightWatchAlerts, timers } from "~/server/db/night-watch-tables.server";
import { createLead } from "~/server/leads/leads.server";
import { createAvailableLocksmith } from "./available-locksmith";
import type { TextContext } from "~/server/texting/outbox.server";
import type { NightWatchDeps } from "~/server/night-watch/timer-worker.server";
import type { PushNotice } from "~/lib/push/push-notice";
import { twilioVoiceCaller } from "~/server/night-watch/voice-call.server";
import { twilioRecordingRemover } from "~/server/phones/recording-retention.server";
import { FakeTwilio } from "./fake-twilio";
import { uniquePhone } from "./phones";
import { configuredTexts } from "./texting";

/*
 * The night watch's database tests: settings with automatic offers on, locksmiths of a ZIP
 * of the test's own (so tests sharing a database never offer each other's), web requests,
 * and a worker's deps whose voice calls reach a fake Twilio.
 */

export const ON_CALL_PHONE = "+17735550199";

/** Night-watch settings with automatic offers always on, changed by `overrides`. */
export function watchSettings(
  overrides: Partial<NightWatchSettings["autoOffers"]> = {},
  more: Partial<NightWatchSettings> = {},
): NightWatchSettings {
  return {
    ...DEFAULT_NIGHT_WATCH,
    autoOffers: { ...DEFAULT_NIGHT_WATCH.autoOffers, mode: "always", ...overrides },
    onCall: { name: "Dana (on call)", phone: ON_CALL_PHONE },
    ...more,
  };
}

export async function saveWatchSettings(db: Db, settings: NightWatchSettings): Promise<void> {
  await writeSetting(db, "night_watch", settings);
}

/** watchSettings(...) saved as the business's settings; returns them. */
export async function savedWatchSettings(
  db: Db,
  ...changes: Parameters<typeof watchSettings>
): Promise<NightWatchSettings> {
  const settings = watchSettings(...changes);
  await saveWatchSettings(db, settings);
  return settings;
}

let zipNumber = 0;

/**
 * A ZIP no other test of the run uses, and one with no place on the map (00000-00499 are
 * not in the ZIP centroid table): the ranking then sends only locksmiths who cover it,
 * never another test's locksmiths "4 miles away" (decision 0029).
 */
export function testZip(): string {
  zipNumber += 1;
  return String(((process.pid % 5) * 100 + zipNumber) % 500).padStart(5, "0");
}

export async function locksmithsFor(db: Db, zip: string, names: string[]) {
  const made = [];
  for (const name of names) {
    made.push(await createAvailableLocksmith(db, { name, assignedZips: [zip] }));
  }
  return made;
}

/** A web request (a lead the website made) in `zip`. */
export function webRequest(db: Db, zip: string) {
  return createLead(
    db,
    {
      name: "Night Caller",
      phone: uniquePhone(),
      serviceType: "automotive",
      zip,
      address: "6118 S Pulaski Rd",
      details: "Locked out",
      source: "web",
      textConsent: false,
    },
    { kind: "customer", name: "Website" },
  );
}

export function watchDeps(
  db: Db,
  settings: () => NightWatchSettings,
  options: {
    texts?: () => TextContext;
    fakeTwilio?: FakeTwilio;
    /** Where operator pushes go (the test's list, by default a drawer nobody reads). */
    pushed?: PushNotice[];
  } = {},
): NightWatchDeps {
  const fake = options.fakeTwilio ?? new FakeTwilio();
  return {
    db,
    context: async (now) => ({
      texts: (options.texts ?? configuredTexts)(),
      settings: settings(),
      now,
    }),
    voice: (context) => twilioVoiceCaller(context.texts.sender, fake.httpClient),
    recordings: (context) => twilioRecordingRemover(context.texts.sender, fake.httpClient),
    push: async (notice) => {
      options.pushed?.push(notice);
      return { sent: 1, dropped: 0, failed: 0, done: [] };
    },
  };
}

export function offersOf(db: Db, leadId: string) {
  return db
    .select()
    .from(assignments)
    .where(eq(assignments.leadId, leadId))
    .orderBy(asc(assignments.createdAt));
}

export async function chainOf(db: Db, leadId: string) {
  const [row] = await db.select().from(autoDispatches).where(eq(autoDispatches.leadId, leadId));
  return row;
}

export function alertsOf(db: Db, leadId: string) {
  return db
    .select()
    .from(nightWatchAlerts)
    .where(eq(nightWatchAlerts.leadId, leadId))
    .orderBy(asc(nightWatchAlerts.raisedAt));
}

export function operatorTextsOf(db: Db, leadId: string) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.leadId, leadId), eq(messages.purpose, "operator_alert")));
}

/** The lead's chain timers (its new-request push, decision 0033, is a timer of its own). */
export function timersOf(db: Db, leadId: string) {
  return db
    .select()
    .from(timers)
    .where(and(eq(timers.leadId, leadId), ne(timers.kind, "operator_push")));
}

/** `ms` after `start`. */
export const later = (start: Date, ms: number) => new Date(start.getTime() + ms);
