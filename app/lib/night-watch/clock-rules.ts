import { isClosedLead, type LeadStatus, type ServiceType } from "../business-enums";
import { estimateOverPromise, type PromiseArea } from "../dispatch/arrival-promise";
import type { LiveState } from "../dispatch/assignment-machine";
import { BUSINESS_TIME_ZONE } from "../time/chicago-period";
import type { AutoDispatchState } from "./timer-kinds";
import { DEFAULT_LADDER, type LadderSettings } from "./escalation-ladder";

/*
 * The night watch's clock rules (issue 28, decision 0028): which rules a lead breaks at a
 * moment, from facts read in one query. Pure, so the server's sweep and the tests agree on
 * what "late" means.
 */

export const ALERT_RULES = [
  "new_untouched",
  "offer_unanswered",
  "not_on_the_way",
  "eta_passed",
  "eta_over_promise",
  "not_completed",
  "auto_offers_failed",
  "quote_held",
  /** A locksmith refused to open: no proof of identity or authority (issue 49). */
  "door_refused",
] as const;
export type AlertRule = (typeof ALERT_RULES)[number];

export const AUTO_OFFER_MODES = ["off", "always", "window"] as const;
export type AutoOfferMode = (typeof AUTO_OFFER_MODES)[number];

// A type, not an interface: the settings form reads it as a record of fields.
export type NightWatchSettings = {
  /** A New request nobody has touched for this long. */
  newUntouchedMinutes: number;
  /** Accepted, and no "On my way" within this long. */
  notOnTheWayMinutes: number;
  /** Arrived, and not completed within this long. */
  notCompletedMinutes: number;
  autoOffers: {
    /** off; always; or only between `from` and `to` (Chicago time, "HH:MM"). */
    mode: AutoOfferMode;
    from: string;
    to: string;
    /** How long one offer stands before it passes on; also the limit of an office's offer. */
    offerSeconds: number;
    /** Offers made before the office is called in. */
    maxOffers: number;
  };
  /** Who hears escalations: a name and a phone for texts (and calls, with Twilio). */
  onCall: { name: string | null; phone: string | null };
  /** Who is woken after the on-call operator about a request nobody took, and how often. */
  ladder: LadderSettings;
};

export const DEFAULT_NIGHT_WATCH: NightWatchSettings = {
  newUntouchedMinutes: 2,
  notOnTheWayMinutes: 10,
  notCompletedMinutes: 180,
  autoOffers: { mode: "off", from: "22:00", to: "07:00", offerSeconds: 180, maxOffers: 3 },
  onCall: { name: null, phone: null },
  ladder: DEFAULT_LADDER,
};

/** The bounds the settings form enforces; 5 s offers let tests and drills run quickly. */
export const LIMITS = {
  minutes: { min: 1, max: 24 * 60 },
  offerSeconds: { min: 5, max: 60 * 60 },
  maxOffers: { min: 1, max: 10 },
} as const;

/** What the rules read of one open lead. */
export interface LeadFacts {
  status: LeadStatus;
  /** What was asked for: an emergency's estimate is held to the site's promise. */
  serviceType?: ServiceType;
  /** Where it is (promiseAreaOfLead): Chicago's estimate is held to 15, the suburbs' to 20. */
  promiseArea?: PromiseArea | null;
  /** When it became New: created, or last handed back (declined, expired, taken back). */
  newSince: Date;
  live: {
    state: LiveState;
    createdAt: Date;
    expiresAt: Date;
    acceptedAt: Date | null;
    onTheWayAt: Date | null;
    /** The last estimate given, and when (approximately: the last customer text of it). */
    etaMinutes: number | null;
    etaGivenAt: Date | null;
    arrivedAt: Date | null;
  } | null;
  /** The lead's chain of automatic offers, if it has one. */
  autoDispatch: AutoDispatchState | null;
  /** When that chain started (the request, for a chain the request itself started). */
  autoDispatchStartedAt?: Date | null;
  /** Since when a quote beyond the sanity bounds waits for the office, if one does. */
  quoteHeldSince?: Date | null;
}

export interface BrokenRule {
  rule: AlertRule;
  /** When the limit passed. */
  since: Date;
}

const MINUTE = 60_000;
const after = (start: Date, ms: number) => new Date(start.getTime() + ms);

/** The rules this lead breaks at `now`, each with the moment its limit passed. */
export function brokenRules(
  facts: LeadFacts,
  settings: NightWatchSettings,
  now: Date,
): BrokenRule[] {
  const candidates: BrokenRule[] = [];
  if (isClosedLead(facts.status)) return [];
  // A quote held for the office waits on it at once, whatever the visit's stage.
  if (facts.quoteHeldSince) candidates.push({ rule: "quote_held", since: facts.quoteHeldSince });
  const live = facts.live;
  // A running chain answers for the lead itself (it passes offers on, then escalates).
  const chainRunning = facts.autoDispatch === "running";
  if (!live) {
    if (facts.autoDispatch === "escalated") {
      candidates.push({ rule: "auto_offers_failed", since: facts.newSince });
    } else if (facts.status === "new") {
      const since = chainRunning ? (facts.autoDispatchStartedAt ?? facts.newSince) : facts.newSince;
      candidates.push(untouched(since, settings));
    }
  } else if (live.state === "offered" && chainRunning) {
    // Offers and wake-ups run side by side (decision 0051): a request no locksmith has
    // accepted still wakes a person at the untouched limit, however many offers are left.
    candidates.push(untouched(facts.autoDispatchStartedAt ?? facts.newSince, settings));
  } else if (live.state === "offered") {
    const limit = after(live.createdAt, settings.autoOffers.offerSeconds * 1000);
    const since = Math.min(limit.getTime(), live.expiresAt.getTime());
    candidates.push({ rule: "offer_unanswered", since: new Date(since) });
  } else if (live.state === "accepted" && live.acceptedAt) {
    candidates.push({
      rule: "not_on_the_way",
      since: after(live.acceptedAt, settings.notOnTheWayMinutes * MINUTE),
    });
  } else if (live.state === "on_the_way" && live.onTheWayAt && live.etaMinutes) {
    // The later of "On my way" and the last estimate given since.
    const given = Math.max(live.onTheWayAt.getTime(), live.etaGivenAt?.getTime() ?? 0);
    candidates.push({ rule: "eta_passed", since: new Date(given + live.etaMinutes * MINUTE) });
    // Raised by the "On my way" itself (with the reason and who else could go); held here
    // while the estimate stands, so the sweep clears it once a new one keeps the promise.
    if (
      facts.serviceType &&
      estimateOverPromise(facts.serviceType, live.etaMinutes, facts.promiseArea) !== null
    ) {
      candidates.push({ rule: "eta_over_promise", since: live.onTheWayAt });
    }
  } else if (live.state === "arrived" && live.arrivedAt) {
    candidates.push({
      rule: "not_completed",
      since: after(live.arrivedAt, settings.notCompletedMinutes * MINUTE),
    });
  }
  return candidates.filter((broken) => broken.since <= now);
}

function untouched(since: Date, settings: NightWatchSettings): BrokenRule {
  return { rule: "new_untouched", since: after(since, settings.newUntouchedMinutes * MINUTE) };
}

/** How long a refusal at the door stays in the office's queue while its lead stays closed. */
export const DOOR_REFUSED_OPEN_HOURS = 12;

/**
 * A refusal at the door is an event, not a state the sweep can see on an open lead: the
 * refusal closed the lead. Its alert stays until the office reopens the lead (to send someone
 * else) or DOOR_REFUSED_OPEN_HOURS pass, not cleared by the next sweep.
 */
export function refusalStillWaits(
  alert: { rule: AlertRule; raisedAt: Date },
  leadStatus: string | undefined,
  now: Date,
): boolean {
  return (
    alert.rule === "door_refused" &&
    leadStatus === "cancelled" &&
    now.getTime() - alert.raisedAt.getTime() < DOOR_REFUSED_OPEN_HOURS * 3_600_000
  );
}

/** What the queue and the timeline call each rule. */
export function alertRuleText(rule: AlertRule, settings: NightWatchSettings): string {
  switch (rule) {
    case "new_untouched":
      return `New request untouched for ${settings.newUntouchedMinutes} min`;
    case "offer_unanswered":
      return "Offer unanswered past its timer";
    case "not_on_the_way":
      return `Accepted, no "On my way" within ${settings.notOnTheWayMinutes} min`;
    case "eta_passed":
      return "ETA passed, not arrived";
    case "eta_over_promise":
      return "Emergency estimate over the arrival promise: send someone nearer?";
    case "not_completed":
      return `Arrived, not completed within ${formatMinutes(settings.notCompletedMinutes)}`;
    case "auto_offers_failed":
      return "Automatic offers found nobody: send someone";
    case "quote_held":
      return "A quote far from the usual price waits for your confirmation";
    case "door_refused":
      return "A locksmith refused to open: no proof of identity or authority";
  }
}

function formatMinutes(minutes: number): string {
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}

/** "HH:MM" in Chicago at this instant. */
export function chicagoClock(now: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: BUSINESS_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  // hourCycle h23 with 2-digit hour and minute: both parts are always there.
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("hour")}:${part("minute")}`;
}

/**
 * Whether automatic offers are on at this instant: always, never, or inside the window
 * (Chicago time; a window whose end is before its start runs over midnight, and equal ends
 * mean all day).
 */
export function autoOffersOnAt(settings: NightWatchSettings["autoOffers"], now: Date): boolean {
  if (settings.mode === "off") return false;
  if (settings.mode === "always") return true;
  const t = chicagoClock(now);
  const { from, to } = settings;
  // Equal ends: t >= from || t < from, always true (all day).
  return from < to ? t >= from && t < to : t >= from || t < to;
}
