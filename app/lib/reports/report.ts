import { serviceAreas } from "~/content/service-areas";
import type { ServiceType } from "../business-enums";
import { serviceTypeLabel } from "../leads/lead-labels";
import { addDays, formatDay, type Day } from "../time/chicago-period";
import {
  addToHistogram,
  emptyTally,
  histogramPercentile,
  mergeTally,
  wholeMinutesBetween,
  type Tally,
} from "./tally";

/*
 * What pays (issue 30, decision 0039): every figure of the reports, computed here and only
 * here from one fact per lead (read by app/server/reports/reports.server.ts), for the page,
 * its CSV and the tests alike. A lead's jobs count with the lead, in the period the lead came
 * in: spend is set against the leads it bought. Whatever cannot be known is null, shown as
 * "—", never 0: a rate with nothing to divide by, an average of nothing, a cost without
 * spend entered for every month the period touches.
 */

/** One lead of the period and what became of it. */
export interface LeadFact {
  createdAt: Date;
  sourceName: string | null;
  landingPage: string | null;
  /** The page the request was sent from ("/request?area=oak-lawn"). */
  requestPage: string | null;
  zip: string | null;
  serviceType: ServiceType;
  /** The locksmith (an id) who did the job, else the one last sent; null when nobody was. */
  locksmith: string | null;
  /** When a locksmith was first offered the lead (or a job made for it); null: never. */
  dispatchedAt: Date | null;
  /** A locksmith accepted it (or the office made a job for it). */
  accepted: boolean;
  /** When the first locksmith arrived; null: nobody did (or said so). */
  arrivedAt: Date | null;
  /** It has a job that is not cancelled: a booked job. */
  booked: boolean;
  completed: boolean;
  /** The lead itself was closed as cancelled. */
  cancelled: boolean;
  /** Its completed jobs' prices, and the business's cut of them, in cents. */
  revenueCents: number;
  businessCutCents: number;
  /** A guarantee call-back: a lead opened under a completed job's service guarantee. */
  guaranteeCallback: boolean;
}

export const DIMENSIONS = [
  "source",
  "landing_page",
  "city",
  "service",
  "locksmith",
  "hour",
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const DIMENSION_LABELS: Record<Dimension, string> = {
  source: "Source",
  landing_page: "Landing page",
  city: "City",
  service: "Service type",
  locksmith: "Locksmith",
  hour: "Hour of day",
};

/** The group a lead falls in, by each dimension: a label, with null for "not known". */
export const NOT_KNOWN = "Not known";

const hourFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Chicago",
  hour: "numeric",
  hourCycle: "h23",
});

/**
 * Chicago's clocks are a whole number of hours off UTC, so every instant of one UTC hour has
 * the same Chicago hour (and day): formatting once per UTC hour is what keeps rolling up a
 * busy day's leads cheap.
 */
export function perUtcHour<T>(compute: (instant: Date) => T): (instant: Date) => T {
  const cache = new Map<number, T>();
  return (instant) => {
    const utcHour = Math.floor(instant.getTime() / 3_600_000);
    if (!cache.has(utcHour)) {
      if (cache.size >= 10_000) cache.clear();
      cache.set(utcHour, compute(instant));
    }
    return cache.get(utcHour)!;
  };
}

/** 0-23, the hour on Chicago's clocks. */
export const chicagoHour = perUtcHour((instant) => Number(hourFormat.format(instant)) % 24);

/** "12 AM", "1 PM": an hour of the day. */
export function hourLabel(hour: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve} ${hour < 12 ? "AM" : "PM"}`;
}

/** The area a page names: `?area=<slug>` on the request form, or a city page's path. */
function areaSlugOf(page: string | null): string | undefined {
  if (!page) return undefined;
  const url = new URL(page, "http://page.invalid");
  return (
    url.searchParams.get("area") ??
    /^\/service-areas\/([a-z0-9-]+)-locksmith\/?$/.exec(url.pathname)?.[1] ??
    undefined
  );
}

/**
 * A lead's city: the service area its request page or landing page named, when the lead's
 * ZIP is that area's (or not given); otherwise the first area of its ZIP (areas share some
 * ZIPs: 60615 is Bronzeville's and Hyde Park's); null when neither says.
 */
export function cityOf(fact: Pick<LeadFact, "zip" | "requestPage" | "landingPage">): string | null {
  for (const page of [fact.requestPage, fact.landingPage]) {
    const slug = areaSlugOf(page);
    const area = slug ? areaBySlug.get(slug) : undefined;
    if (area && (!fact.zip || area.zipCodes.includes(fact.zip))) return area.name;
  }
  if (!fact.zip) return null;
  return firstAreaByZip.get(fact.zip)?.name ?? null;
}

const areaBySlug = new Map(serviceAreas.map((area) => [area.slug, area]));
const firstAreaByZip = new Map<string, (typeof serviceAreas)[number]>();
for (const area of serviceAreas) {
  for (const zip of area.zipCodes) if (!firstAreaByZip.has(zip)) firstAreaByZip.set(zip, area);
}

/** The key a lead is grouped under: null for not known; hours sort as numbers. */
export function groupKey(fact: LeadFact, dimension: Dimension): string | null {
  switch (dimension) {
    case "source":
      return fact.sourceName;
    case "landing_page":
      return fact.landingPage;
    case "city":
      return cityOf(fact);
    case "service":
      return fact.serviceType;
    case "locksmith":
      return fact.locksmith;
    case "hour":
      return String(chicagoHour(fact.createdAt)).padStart(2, "0");
  }
}

export function groupLabel(key: string | null, dimension: Dimension): string {
  if (key === null) return dimension === "locksmith" ? "Nobody sent" : NOT_KNOWN;
  if (dimension === "service") return serviceTypeLabel(key as ServiceType);
  if (dimension === "hour") return hourLabel(Number(key));
  return key;
}

/** part / whole, or null when there is nothing to divide by. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** Cents divided, rounded to the cent; null when either side is not known or zero. */
export function perEach(cents: number | null, count: number): number | null {
  return cents === null || count === 0 ? null : Math.round(cents / count);
}

/** A source that charges per lead and credits some back (Google Local Services): its period's counts. */
export interface LeadCharges {
  /** Leads the source charged for. */
  charged: number;
  /** Of those, leads it credited back (a dispute it accepted). */
  credited: number;
}

/**
 * What a source's leads cost, for the cost per booked job. Where the source reports which
 * leads it charged (Google Local Services: each lead's charged flag and credit state), the
 * spend entered is what those charged leads cost, one charge each (Google's API has no amount
 * per lead), and a lead credited back costs nothing: spend × (charged − credited) / charged.
 * Otherwise, or with no charged lead reported, the spend as entered.
 */
export function chargedCostCents(
  spendCents: number | null,
  charges: LeadCharges | undefined,
): number | null {
  if (spendCents === null || !charges || charges.charged <= 0) return spendCents;
  const kept = charges.charged - Math.min(Math.max(charges.credited, 0), charges.charged);
  return Math.round((spendCents * kept) / charges.charged);
}

/** A group's counts and sums (a Tally's), and every figure computed from them. */
export interface ReportRow extends Omit<Tally, "dispatchMinutes" | "arrivalMinutes"> {
  key: string | null;
  label: string;
  /** Revenue per completed job. */
  averageTicketCents: number | null;
  /** Each step's share of the step before it, and leads to completed overall. */
  dispatchRate: number | null;
  acceptRate: number | null;
  completeRate: number | null;
  leadToCompleted: number | null;
  /** What the group cost in the period, where spend is known for all of it. */
  spendCents: number | null;
  costPerLeadCents: number | null;
  costPerBookedJobCents: number | null;
  /** Minutes from the request to the first offer, and to the first arrival. */
  dispatchMinutesMedian: number | null;
  dispatchMinutesP90: number | null;
  arrivalMinutesMedian: number | null;
  arrivalMinutesP90: number | null;
}

/** Adds one lead to its group's tally (which it changes). */
function addFact(tally: Tally, fact: LeadFact): Tally {
  tally.leads += 1;
  if (fact.dispatchedAt) {
    tally.dispatched += 1;
    addToHistogram(tally.dispatchMinutes, wholeMinutesBetween(fact.createdAt, fact.dispatchedAt));
  }
  if (fact.accepted) tally.accepted += 1;
  if (fact.booked) tally.booked += 1;
  if (fact.completed) tally.completed += 1;
  if (fact.cancelled) tally.cancelled += 1;
  tally.revenueCents += fact.revenueCents;
  tally.businessCutCents += fact.businessCutCents;
  if (fact.guaranteeCallback) tally.guaranteeCallbacks += 1;
  if (fact.arrivedAt) {
    addToHistogram(tally.arrivalMinutes, wholeMinutesBetween(fact.createdAt, fact.arrivedAt));
  }
  return tally;
}

/** Leads grouped by a dimension's key (null: not known), each group tallied. */
export function tallyByKey(
  facts: readonly LeadFact[],
  dimension: Dimension,
): Map<string | null, Tally> {
  const groups = new Map<string | null, Tally>();
  for (const fact of facts) {
    const key = groupKey(fact, dimension);
    groups.set(key, addFact(groups.get(key) ?? emptyTally(), fact));
  }
  return groups;
}

/**
 * The figures of one group of leads; `spendCents` null when not known. `costCents` is what
 * its booked jobs cost (the spend less leads credited back: chargedCostCents).
 */
export function summarize(
  tally: Tally,
  key: string | null,
  label: string,
  spendCents: number | null,
  costCents: number | null = spendCents,
): ReportRow {
  const { dispatchMinutes, arrivalMinutes, ...counts } = tally;
  const { leads, dispatched, accepted, booked, completed, revenueCents } = counts;
  return {
    key,
    label,
    ...counts,
    averageTicketCents: perEach(revenueCents, completed),
    dispatchRate: rate(dispatched, leads),
    acceptRate: rate(accepted, dispatched),
    completeRate: rate(completed, accepted),
    leadToCompleted: rate(completed, leads),
    spendCents,
    costPerLeadCents: perEach(spendCents, leads),
    costPerBookedJobCents: perEach(costCents, booked),
    dispatchMinutesMedian: histogramPercentile(dispatchMinutes, 50),
    dispatchMinutesP90: histogramPercentile(dispatchMinutes, 90),
    arrivalMinutesMedian: histogramPercentile(arrivalMinutes, 50),
    arrivalMinutesP90: histogramPercentile(arrivalMinutes, 90),
  };
}

/** Month → cents entered for one source ("2026-11-01" keys). */
export type MonthlySpend = ReadonlyMap<string, number>;

/**
 * A source's spend in a period of Chicago days: each month's spend times the share of its
 * days inside the period, rounded to the cent. Null unless every month the period touches
 * has its spend entered: a part of the cost is not the cost.
 */
export function spendInPeriod(
  monthly: MonthlySpend | undefined,
  period: { first: Day; last: Day },
): number | null {
  if (!monthly) return null;
  let total = 0;
  const last = formatDay(period.last);
  let day = period.first;
  while (formatDay(day) <= last) {
    const monthStart = { ...day, day: 1 };
    const nextMonth = addDays({ ...monthStart, day: 28 }, 4);
    const monthEnd = addDays({ ...nextMonth, day: 1 }, -1);
    const daysInMonth = monthEnd.day;
    const cents = monthly.get(formatDay(monthStart));
    if (cents === undefined) return null;
    const lastInside = formatDay(monthEnd) <= last ? monthEnd : period.last;
    const daysInside = lastInside.day - day.day + 1;
    total += (cents * daysInside) / daysInMonth;
    day = addDays(monthEnd, 1);
  }
  return Math.round(total);
}

export interface Report {
  dimension: Dimension;
  rows: ReportRow[];
  total: ReportRow;
}

/** A named source's spend: its name as entered, and its months. */
export interface SourceSpend {
  name: string;
  months: MonthlySpend;
}

/**
 * One table: the period's groups of a dimension (their tallies, from the day rollups or
 * straight from facts), most leads first (hours in clock order), with the total. Spend is
 * known only by source (`spendBySource`, keyed by the lower-case name): a source with spend
 * in the period and no lead still gets its row, and the total's spend is what was entered for
 * the period (null when nothing was). `names` labels keys that are ids (the locksmiths).
 * `charges` (by lower-case source name) are the sources that report each lead's charge: their
 * cost per booked job leaves out the leads credited back.
 */
export function buildReport(
  tallies: ReadonlyMap<string | null, Tally>,
  dimension: Dimension,
  spendBySource: ReadonlyMap<string, SourceSpend>,
  period: { first: Day; last: Day },
  names: ReadonlyMap<string, string> = new Map(),
  charges: ReadonlyMap<string, LeadCharges> = new Map(),
): Report {
  const groups = new Map<string | null, Tally>();
  const total = emptyTally();
  // Source names match without regard to case: a named source's spelling, else the first seen.
  const spelling = new Map<string, string>();
  for (const [lower, source] of spendBySource) spelling.set(lower, source.name);
  for (const [groupKey, tally] of tallies) {
    let key = groupKey;
    if (dimension === "source" && key !== null) {
      const lower = key.toLowerCase();
      if (!spelling.has(lower)) spelling.set(lower, key);
      key = spelling.get(lower)!;
    }
    groups.set(key, mergeTally(groups.get(key) ?? emptyTally(), tally));
    mergeTally(total, tally);
  }
  const spendOf = (key: string | null) =>
    dimension === "source" && key !== null
      ? spendInPeriod(spendBySource.get(key.toLowerCase())?.months, period)
      : null;
  if (dimension === "source") {
    const present = new Set([...groups.keys()].map((key) => key?.toLowerCase()));
    for (const [lower, source] of spendBySource) {
      if (!present.has(lower) && spendOf(source.name) !== null)
        groups.set(source.name, emptyTally());
    }
  }
  const labelOf = (key: string | null) =>
    key !== null && names.has(key) ? names.get(key)! : groupLabel(key, dimension);
  // What each row's booked jobs cost: its spend, less the leads its source credited back.
  const costs = new Map<ReportRow, number | null>();
  const rows = [...groups].map(([key, group]) => {
    const spend = spendOf(key);
    const cost =
      dimension === "source" && key !== null
        ? chargedCostCents(spend, charges.get(key.toLowerCase()))
        : spend;
    const row = summarize(group, key, labelOf(key), spend, cost);
    costs.set(row, cost);
    return row;
  });
  rows.sort((a, b) =>
    dimension === "hour"
      ? Number(a.key) - Number(b.key)
      : b.leads - a.leads || a.label.localeCompare(b.label),
  );
  const known = rows.filter((row) => row.spendCents !== null);
  const sum = (cents: (row: ReportRow) => number) =>
    dimension === "source" && known.length > 0
      ? known.reduce((total, row) => total + cents(row), 0)
      : null;
  const totalSpend = sum((row) => row.spendCents!);
  const totalCost = sum((row) => costs.get(row)!);
  return {
    dimension,
    rows,
    total: summarize(total, null, "All leads", totalSpend, totalCost),
  };
}

/** Lead counts at each step of the funnel, for the chart. */
export function funnel(total: ReportRow): { key: string; label: string; value: number }[] {
  return [
    { key: "leads", label: "Leads", value: total.leads },
    { key: "dispatched", label: "Dispatched", value: total.dispatched },
    { key: "accepted", label: "Accepted", value: total.accepted },
    { key: "completed", label: "Completed", value: total.completed },
  ];
}
