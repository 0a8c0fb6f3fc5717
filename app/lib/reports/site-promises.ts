import { facts as site } from "~/content/business";
import { serviceAreas } from "~/content/service-areas";
import { areaPromiseMinutes, upperEnd, type PromiseArea } from "../dispatch/arrival-promise";
import { cityOf, type LeadFact } from "./report";
import { emptyTally, histogramPercentile, mergeTally, type Histogram, type Tally } from "./tally";

/*
 * Each arrival claim the public site makes beside what the business measured (issue 45,
 * decision 0062), read off the reports' daily rollups (decision 0039), so it costs the same
 * at any size. Arrival is counted as the reports count it: from the request to the first
 * locksmith's "arrived", the wait the customer lives through (the office's minutes and an
 * offer nobody took count too). Leads nobody arrived at are left out.
 */

const regionByCity = new Map(serviceAreas.map((area) => [area.name, area.region]));

/** A report city (a service area's name): Chicago's neighbourhoods or the suburbs. */
export function promiseAreaOf(city: string | null): PromiseArea | null {
  const region = city === null ? undefined : regionByCity.get(city);
  if (!region) return null;
  return region === "Chicago" ? "chicago" : "suburbs";
}

/** A request's promise area, from its city as the reports read it (ZIP, request page). */
export function promiseAreaOfLead(
  lead: Pick<LeadFact, "zip" | "requestPage" | "landingPage">,
): PromiseArea | null {
  return promiseAreaOf(cityOf(lead));
}

export interface ArrivalHistograms {
  all: Histogram;
  emergency: Histogram;
  chicago: Histogram;
  suburbs: Histogram;
}

export const ARRIVAL_GROUP_LABELS: Record<keyof ArrivalHistograms, string> = {
  all: "All requests",
  emergency: "Emergency lockouts",
  chicago: "Chicago neighborhoods",
  suburbs: "Suburbs",
};

/**
 * The minutes each group is held to, as an estimate is: Chicago 15 and the suburbs 20 (the
 * city pages' upper ends), all requests and the emergencies the 30 every page promises.
 */
export const ARRIVAL_GROUP_PROMISE: Record<keyof ArrivalHistograms, number> = {
  all: areaPromiseMinutes(null),
  emergency: areaPromiseMinutes(null),
  chicago: areaPromiseMinutes("chicago"),
  suburbs: areaPromiseMinutes("suburbs"),
};

/** The period's tallies by service and by city (the rollups' groups), as four histograms. */
export function arrivalHistograms(
  byService: ReadonlyMap<string | null, Tally>,
  byCity: ReadonlyMap<string | null, Tally>,
): ArrivalHistograms {
  const merged = (tallies: Iterable<Tally>) => {
    const into = emptyTally();
    for (const tally of tallies) mergeTally(into, tally);
    return into.arrivalMinutes;
  };
  const inArea = (area: PromiseArea) =>
    [...byCity].filter(([city]) => promiseAreaOf(city) === area).map(([, tally]) => tally);
  const emergency = byService.get("emergency");
  return {
    // Every lead has one service: the service groups add up to all leads.
    all: merged(byService.values()),
    emergency: merged(emergency ? [emergency] : []),
    chicago: merged(inArea("chicago")),
    suburbs: merged(inArea("suburbs")),
  };
}

export interface ArrivalFigures {
  arrivals: number;
  /** Whole minutes, rounded; null when nobody arrived. */
  averageMinutes: number | null;
  medianMinutes: number | null;
  p90Minutes: number | null;
  /** Arrivals within `limit` minutes, and their share. */
  withinLimit: number;
  withinShare: number | null;
}

/** The figures of a histogram of arrival minutes. */
export function arrivalFigures(
  histogram: Histogram,
  limit: number = site.emergencyMaxMinutes,
): ArrivalFigures {
  let arrivals = 0;
  let total = 0;
  let withinLimit = 0;
  for (const [minutes, count] of histogram) {
    arrivals += count;
    total += minutes * count;
    if (minutes <= limit) withinLimit += count;
  }
  return {
    arrivals,
    averageMinutes: arrivals ? Math.round(total / arrivals) : null,
    medianMinutes: histogramPercentile(histogram, 50),
    p90Minutes: histogramPercentile(histogram, 90),
    withinLimit,
    withinShare: arrivals ? withinLimit / arrivals : null,
  };
}

export interface PromiseCheck {
  /** What the site says: "Site: average arrival 15 minutes". */
  claim: string;
  /** What was measured: "measured: 19 minutes over 212 jobs". */
  measured: string;
  /** false: the measure breaks the claim; null: nothing to measure yet. */
  kept: boolean | null;
}

const jobs = (count: number) => `${count} ${count === 1 ? "job" : "jobs"}`;
const NOTHING = "measured: no arrivals recorded";

/** Each claim beside its measure: the site's average, the emergency limit, each area. */
export function sitePromiseChecks(histograms: ArrivalHistograms): PromiseCheck[] {
  const all = arrivalFigures(histograms.all);
  const emergency = arrivalFigures(histograms.emergency);
  const limit = site.emergencyMaxMinutes;
  const areaCheck = (area: PromiseArea, name: string, range: string): PromiseCheck => {
    const figures = arrivalFigures(histograms[area], ARRIVAL_GROUP_PROMISE[area]);
    const claim = `Site: ${name} ${range.replace("-", "–")} minutes`;
    if (figures.medianMinutes === null) return { claim, measured: NOTHING, kept: null };
    return {
      claim,
      measured: `measured: median ${figures.medianMinutes} minutes, p90 ${figures.p90Minutes} minutes over ${jobs(figures.arrivals)}, ${Math.round(figures.withinShare! * 100)}% within ${ARRIVAL_GROUP_PROMISE[area]}`,
      kept: figures.medianMinutes <= upperEnd(range),
    };
  };
  const averageClaim = `Site: average arrival ${site.averageArrivalMinutes} minutes`;
  const emergencyClaim = `Site: emergency lockouts never more than ${limit} minutes`;
  return [
    all.averageMinutes === null
      ? { claim: averageClaim, measured: NOTHING, kept: null }
      : {
          claim: averageClaim,
          measured: `measured: ${all.averageMinutes} minutes over ${jobs(all.arrivals)}`,
          kept: all.averageMinutes <= site.averageArrivalMinutes,
        },
    emergency.withinShare === null
      ? { claim: emergencyClaim, measured: "measured: no emergency arrivals recorded", kept: null }
      : {
          claim: emergencyClaim,
          measured: `measured: ${Math.round(emergency.withinShare * 100)}% of ${emergency.arrivals} emergency arrivals within ${limit} minutes, p90 ${emergency.p90Minutes} minutes`,
          kept: emergency.withinLimit === emergency.arrivals,
        },
    areaCheck("chicago", "Chicago neighborhoods", site.chicagoArrival),
    areaCheck("suburbs", "suburbs", site.suburbArrival),
  ];
}

/** How far back Settings → Site promises looks. */
export const SITE_PROMISE_DAYS = 90;
