import { describe, expect, it } from "vitest";
import type { ServiceType } from "../business-enums";
import { tallyByKey, type LeadFact } from "./report";
import {
  arrivalFigures,
  arrivalHistograms,
  promiseAreaOf,
  sitePromiseChecks,
} from "./site-promises";

/*
 * Hand-worked jobs (request → arrived, in minutes):
 *
 *   area      ZIP    service      waited
 *   Chicago   60629  emergency    12
 *   Chicago   60629  emergency    25
 *   Chicago   60629  residential  14
 *   Chicago   60629  emergency    40   (over 30)
 *   suburbs   60453  emergency    18
 *   suburbs   60453  automotive   22
 *   suburbs   60453  emergency    31   (over 30)
 *   unknown   —      automotive    9
 *   Chicago   60629  emergency    —    (nobody arrived: left out)
 *
 * All 8 arrivals: 171 minutes, average 21.4 → 21. Sorted 9 12 14 18 22 25 31 40: median
 * (18 + 22) / 2 = 20, p90 the ceil(7.2) = 8th = 40.
 * Emergency: 12 18 25 31 40, 3 of 5 within 30 = 60 %, p90 the ceil(4.5) = 5th = 40.
 * Chicago 12 14 25 40: median (14 + 25) / 2 = 19.5, p90 the ceil(3.6) = 4th = 40; 2 of 4
 * within Chicago's 15 = 50 %.
 * Suburbs 18 22 31: median 22, p90 the ceil(2.7) = 3rd = 31; 1 of 3 within 20 = 33 %.
 */

const start = new Date("2026-11-10T08:00:00Z");
function job(zip: string | null, serviceType: ServiceType, waited: number | null): LeadFact {
  return {
    createdAt: start,
    sourceName: null,
    landingPage: null,
    requestPage: null,
    zip,
    serviceType,
    locksmith: null,
    dispatchedAt: start,
    accepted: true,
    arrivedAt: waited === null ? null : new Date(start.getTime() + waited * 60_000),
    booked: true,
    guaranteeCallback: false,
    completed: false,
    cancelled: false,
    revenueCents: 0,
    businessCutCents: 0,
  };
}

const JOBS = [
  job("60629", "emergency", 12),
  job("60629", "emergency", 25),
  job("60629", "residential", 14),
  job("60629", "emergency", 40),
  job("60453", "emergency", 18),
  job("60453", "automotive", 22),
  job("60453", "emergency", 31),
  job(null, "automotive", 9),
  job("60629", "emergency", null),
];

/** Through the reports' own groups, as the rollups keep them. */
const histogramsOf = (facts: readonly LeadFact[]) =>
  arrivalHistograms(tallyByKey(facts, "service"), tallyByKey(facts, "city"));

describe("measured arrival", () => {
  it("places a report city in Chicago or the suburbs", () => {
    expect(promiseAreaOf("Chicago Lawn")).toBe("chicago");
    expect(promiseAreaOf("Oak Lawn")).toBe("suburbs");
    expect(promiseAreaOf(null)).toBeNull();
    expect(promiseAreaOf("Springfield")).toBeNull();
  });

  it("all arrivals, the emergencies and each area: average, median, p90, within 30 minutes", () => {
    const histograms = histogramsOf(JOBS);
    expect(arrivalFigures(histograms.all)).toEqual({
      arrivals: 8,
      averageMinutes: 21,
      medianMinutes: 20,
      p90Minutes: 40,
      withinLimit: 6,
      withinShare: 0.75,
    });
    expect(arrivalFigures(histograms.emergency)).toMatchObject({
      arrivals: 5,
      medianMinutes: 25,
      p90Minutes: 40,
      withinLimit: 3,
      withinShare: 0.6,
    });
    expect(arrivalFigures(histograms.chicago)).toMatchObject({
      arrivals: 4,
      medianMinutes: 19.5,
      p90Minutes: 40,
    });
    expect(arrivalFigures(histograms.suburbs)).toMatchObject({
      arrivals: 3,
      medianMinutes: 22,
      p90Minutes: 31,
    });
  });

  it("each site claim beside the measure, flagged where it differs", () => {
    expect(sitePromiseChecks(histogramsOf(JOBS))).toEqual([
      {
        claim: "Site: average arrival 15 minutes",
        measured: "measured: 21 minutes over 8 jobs",
        kept: false,
      },
      {
        claim: "Site: emergency lockouts never more than 30 minutes",
        measured: "measured: 60% of 5 emergency arrivals within 30 minutes, p90 40 minutes",
        kept: false,
      },
      {
        claim: "Site: Chicago neighborhoods 10–15 minutes",
        measured: "measured: median 19.5 minutes, p90 40 minutes over 4 jobs, 50% within 15",
        kept: false,
      },
      {
        claim: "Site: suburbs 15–20 minutes",
        measured: "measured: median 22 minutes, p90 31 minutes over 3 jobs, 33% within 20",
        kept: false,
      },
    ]);
  });

  it("kept claims are not flagged; an area with no arrivals is not measured", () => {
    const kept = sitePromiseChecks(
      histogramsOf([job("60629", "emergency", 12), job("60629", "rekeying", 15)]),
    );
    expect(kept.map((check) => [check.measured, check.kept])).toEqual([
      ["measured: 14 minutes over 2 jobs", true],
      ["measured: 100% of 1 emergency arrivals within 30 minutes, p90 12 minutes", true],
      ["measured: median 13.5 minutes, p90 15 minutes over 2 jobs, 100% within 15", true],
      ["measured: no arrivals recorded", null],
    ]);
    expect(sitePromiseChecks(histogramsOf([])).every((check) => check.kept === null)).toBe(true);
  });
});
