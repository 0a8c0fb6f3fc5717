import { formatDate, formatTime } from "~/lib/format";
import { lapsesOf, type Lapse } from "~/lib/compliance/lapse";
import { licenseDayLabel, licenseToday } from "~/lib/locksmiths/license";
import { leadZip } from "./lead-zip";
import {
  describeSchedule,
  isOnCall,
  isOnCallAt,
  isOnCallTonight,
  minuteOfWeek,
  type OnCallShift,
} from "./on-call";

/*
 * Who to send: the active locksmiths ranked for one lead (decision 0029). Eligible ones come
 * first — they cover the lead's ZIP or work near it, are on call now, are available (not Off,
 * not holding a live assignment), and neither their license nor their insurance on file has
 * run out (issue 45) — then everyone
 * else, so the office can still choose them. Within each group: covering the ZIP first, then nearer, then fewer offers
 * declined or let expire in the last 24 hours, then free for longer.
 */

/** A locksmith whose nearest covered ZIP is at most this far from the lead's counts as near. */
export const NEAR_MILES = 10;
/** How far back declined and expired offers count against a locksmith. */
export const MISSES_WINDOW_MS = 24 * 60 * 60 * 1000;

export type Availability = "available" | "on_job" | "off";

export interface Point {
  latitude: number;
  longitude: number;
}

/** What ranking reads of one active locksmith. */
export interface RankCandidate {
  id: string;
  name: string;
  phone: string;
  assignedZips: readonly string[];
  /** What they set themselves to, and when. */
  presence: "available" | "off";
  presenceChangedAt: Date;
  onCallShifts: readonly OnCallShift[];
  /** When their live assignment began (offered), or null when they hold none. */
  liveSince: Date | null;
  /** The lead of that live assignment. */
  liveLeadId?: string | null;
  /** When their last assignment ended or was completed. */
  lastFinishedAt: Date | null;
  /** Offers they declined or let expire in the last 24 hours. */
  recentMisses: number;
  /** Their own Illinois license as on file (decision 0036). */
  license: { number: string | null; expiresOn: string | null };
  /** The last day of their insurance on file (decision 0064); none on file: null. */
  insuranceExpiresOn?: string | null;
}

export interface RankedLocksmith {
  id: string;
  name: string;
  phone: string;
  /**
   * Active, covers the ZIP or is near it, on call now, available (not off, not on a job), and
   * not working on an expired license.
   */
  eligible: boolean;
  covers: boolean;
  /** From the lead's ZIP to the nearest ZIP they cover, by centroid; null when unknown. */
  distanceMiles: number | null;
  onCallNow: boolean;
  availability: "available" | "on_job" | "off";
  /** Since when their availability is what it is. */
  since: Date;
  recentMisses: number;
  /** The last day of the license on file, when that day has passed (YYYY-MM-DD). */
  licenseExpiredOn: string | null;
  /**
   * Their lapsed license and insurance (decision 0064): never offered automatically, and
   * a manual send asks "Insurance expired Nov 3: send anyway?".
   */
  lapses: Lapse[];
  /** "2.1 mi · free since 9:40 PM · on call". */
  why: string;
}

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance between two points, in miles (haversine). */
export function milesBetween(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Where a ZIP's centroid is, or undefined for a ZIP nobody knows. */
export type Locate = (zip: string) => Point | undefined;

function nearestMiles(zips: readonly string[], from: Point | undefined, locate: Locate) {
  if (!from) return null;
  let best: number | null = null;
  for (const zip of zips) {
    const point = locate(zip);
    if (!point) continue;
    const miles = milesBetween(from, point);
    if (best === null || miles < best) best = miles;
  }
  return best;
}

export function availabilityOf(candidate: RankCandidate): {
  availability: Availability;
  since: Date;
} {
  // A live assignment outweighs Off: they are working it, whatever they set.
  if (candidate.liveSince) return { availability: "on_job", since: candidate.liveSince };
  if (candidate.presence === "off") {
    return { availability: "off", since: candidate.presenceChangedAt };
  }
  const finished = candidate.lastFinishedAt;
  const since =
    finished && finished > candidate.presenceChangedAt ? finished : candidate.presenceChangedAt;
  return { availability: "available", since };
}

/** "9:40 PM" today, "Nov 24, 2026" before. */
export function sinceText(since: Date, now: Date): string {
  return sinceOn(since, formatDate(now));
}

// Ranking formats 200 times per call: one date format per "since" (compared with today's,
// formatted once), not a calendar lookup of each instant.
function sinceOn(since: Date, today: string): string {
  const day = formatDate(since);
  return day === today ? formatTime(since) : day;
}

const AVAILABILITY_WORDS: Record<Availability, string> = {
  available: "free",
  on_job: "on a job",
  off: "off",
};

/** Miles as people say them: "0.4 mi", "4.2 mi", "23 mi". */
export function formatMiles(miles: number): string {
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`;
}

function whyOf(
  ranked: Omit<RankedLocksmith, "why" | "eligible" | "id" | "name" | "phone">,
  zip: string | null,
  today: string,
): string {
  const parts: string[] = [];
  if (ranked.covers) parts.push(`covers ${zip}`);
  else if (ranked.distanceMiles !== null) parts.push(formatMiles(ranked.distanceMiles));
  else if (zip) parts.push("distance unknown");
  parts.push(`${AVAILABILITY_WORDS[ranked.availability]} since ${sinceOn(ranked.since, today)}`);
  parts.push(ranked.onCallNow ? "on call" : "not on call now");
  if (ranked.recentMisses > 0) {
    parts.push(
      `${ranked.recentMisses} offer${ranked.recentMisses === 1 ? "" : "s"} declined or expired in 24 h`,
    );
  }
  for (const lapse of ranked.lapses) {
    parts.push(`${lapse.kind} expired ${licenseDayLabel(lapse.expiredOn)}`);
  }
  return parts.join(" · ");
}

// Among those who cannot go now, the one who may soonest: free (but not on call), then
// busy, then off.
const AVAILABILITY_ORDER: Record<Availability, number> = { available: 0, on_job: 1, off: 2 };

function compare(a: RankedLocksmith, b: RankedLocksmith): number {
  return (
    Number(b.eligible) - Number(a.eligible) ||
    Number(b.covers) - Number(a.covers) ||
    (a.distanceMiles ?? Infinity) - (b.distanceMiles ?? Infinity) ||
    AVAILABILITY_ORDER[a.availability] - AVAILABILITY_ORDER[b.availability] ||
    a.recentMisses - b.recentMisses ||
    a.since.getTime() - b.since.getTime() ||
    a.name.localeCompare(b.name, "en-US") ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * Ranks the candidates for a lead's ZIP text (what the caller said; its first 5-digit ZIP
 * is read). A lead without a ZIP we can read has no place to be near: place does not count
 * then, and the office sees who is on call and free.
 */
export function rankLocksmiths(
  candidates: readonly RankCandidate[],
  leadZipText: string | null | undefined,
  locate: Locate,
  now: Date,
): RankedLocksmith[] {
  const zip = leadZip(leadZipText);
  const leadPoint = zip ? locate(zip) : undefined;
  // Once per ranking, not per locksmith: each is a time-zone conversion.
  const minute = minuteOfWeek(now);
  const today = formatDate(now);
  const licenseDay = licenseToday(now);
  return candidates
    .map((candidate): RankedLocksmith => {
      const covers = zip !== null && candidate.assignedZips.includes(zip);
      const distanceMiles = covers ? 0 : nearestMiles(candidate.assignedZips, leadPoint, locate);
      const { availability, since } = availabilityOf(candidate);
      const onCallNow = isOnCallAt(candidate.onCallShifts, minute);
      const near =
        zip === null || covers || (distanceMiles !== null && distanceMiles <= NEAR_MILES);
      const lapses = lapsesOf(
        {
          license: candidate.license,
          insuranceExpiresOn: candidate.insuranceExpiresOn ?? null,
        },
        licenseDay,
      );
      const facts = {
        covers,
        distanceMiles,
        onCallNow,
        availability,
        since,
        recentMisses: candidate.recentMisses,
        licenseExpiredOn: lapses.find((lapse) => lapse.kind === "license")?.expiredOn ?? null,
        lapses,
      };
      return {
        id: candidate.id,
        name: candidate.name,
        phone: candidate.phone,
        eligible: near && onCallNow && availability === "available" && lapses.length === 0,
        ...facts,
        why: whyOf(facts, zip, today),
      };
    })
    .sort(compare);
}

/** A lead's ranking as the Dispatch dialog shows it. */
export interface LeadRanking {
  /** The lead's 5-digit ZIP, or null when it gave none we can read. */
  zip: string | null;
  ranked: RankedLocksmith[];
  /** Who already declined or let expire an offer of this very lead (the dialog's note). */
  misses?: LeadMiss[];
}

/** A locksmith's unanswered or declined offers of one lead. */
export interface LeadMiss {
  locksmithId: string;
  declined: number;
  expired: number;
}

/** "declined this lead", "let this lead's offer expire twice", both. */
export function leadMissNote(miss: LeadMiss): string {
  const times = (count: number) => (count === 1 ? "" : count === 2 ? " twice" : ` ${count} times`);
  return [
    miss.declined > 0 ? `declined this lead${times(miss.declined)}` : null,
    miss.expired > 0 ? `let this lead's offer expire${times(miss.expired)}` : null,
  ]
    .filter(Boolean)
    .join(" and ");
}

/**
 * Whom the Dispatch dialog chooses for the office: the best one ready now who has not
 * already declined or ignored this lead (issue 46); nobody ("") when all of them have.
 */
export function firstChoice(
  ready: readonly Pick<RankedLocksmith, "id">[],
  misses: readonly LeadMiss[] = [],
): string {
  const missed = new Set(misses.map((miss) => miss.locksmithId));
  return ready.find((locksmith) => !missed.has(locksmith.id))?.id ?? "";
}

/** How many nearest locksmiths a "nobody covers" note names. */
const NEAREST_NAMED = 2;

/**
 * "Nobody covers 60473 — nearest: Ann Ray (4.2 mi), Bo Li (6.0 mi)", or null when someone
 * covers the ZIP (or the lead has none).
 */
export function coverageNote({ zip, ranked }: LeadRanking): string | null {
  if (!zip || ranked.some((row) => row.covers)) return null;
  const nearest = ranked
    .filter((row) => row.distanceMiles !== null)
    .sort((a, b) => a.distanceMiles! - b.distanceMiles!)
    .slice(0, NEAREST_NAMED)
    .map((row) => `${row.name} (${formatMiles(row.distanceMiles!)})`);
  return nearest.length > 0
    ? `Nobody covers ${zip} — nearest: ${nearest.join(", ")}`
    : `Nobody covers ${zip}`;
}

/** Where a locksmith stands now, for the board and their page in the office. */
export interface RosterState {
  id: string;
  name: string;
  availability: Availability;
  /** "9:40 PM" today, or a date. */
  since: string;
  onCallNow: boolean;
  onCallTonight: boolean;
  /** The lead they are on, while on a job. */
  leadId: string | null;
  schedule: string;
}

export function rosterStateOf(candidate: RankCandidate, now: Date): RosterState {
  const { availability, since } = availabilityOf(candidate);
  return {
    id: candidate.id,
    name: candidate.name,
    availability,
    since: sinceText(since, now),
    onCallNow: isOnCall(candidate.onCallShifts, now),
    onCallTonight: isOnCallTonight(candidate.onCallShifts, now),
    leadId: availability === "on_job" ? (candidate.liveLeadId ?? null) : null,
    schedule: describeSchedule(candidate.onCallShifts),
  };
}
