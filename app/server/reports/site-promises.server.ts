import {
  arrivalFigures,
  arrivalHistograms,
  ARRIVAL_GROUP_LABELS,
  ARRIVAL_GROUP_PROMISE,
  SITE_PROMISE_DAYS,
  sitePromiseChecks,
  type ArrivalFigures,
  type ArrivalHistograms,
  type PromiseCheck,
} from "~/lib/reports/site-promises";
import { lastDaysPeriod, type Day } from "~/lib/time/chicago-period";
import type { Db } from "../db/database.server";
import { readPeriodTallies } from "./report-rollups.server";

/*
 * Arrival against the site's promises (issue 45), read off the reports' own rollups by
 * service and by city (decision 0039): for a period on Reports, and over the last 90 days in
 * Settings → Site promises, each claim beside its measure (app/lib/reports).
 */

async function readArrivalHistograms(
  db: Db,
  period: { first: Day; last: Day },
): Promise<ArrivalHistograms> {
  const tallies = await readPeriodTallies(db, period, ["service", "city"]);
  return arrivalHistograms(tallies.get("service")!, tallies.get("city")!);
}

export interface ArrivalGroup {
  label: string;
  /** The minutes this group's "within" counts to: 30, Chicago 15, the suburbs 20. */
  promise: number;
  figures: ArrivalFigures;
}

/** A period's arrivals: all, the emergencies, Chicago and the suburbs. */
export async function readArrivalGroups(
  db: Db,
  period: { first: Day; last: Day },
): Promise<ArrivalGroup[]> {
  const histograms = await readArrivalHistograms(db, period);
  return (Object.keys(ARRIVAL_GROUP_LABELS) as (keyof ArrivalHistograms)[]).map((group) => ({
    label: ARRIVAL_GROUP_LABELS[group],
    promise: ARRIVAL_GROUP_PROMISE[group],
    figures: arrivalFigures(histograms[group], ARRIVAL_GROUP_PROMISE[group]),
  }));
}

export async function readSitePromises(db: Db, now = new Date()): Promise<PromiseCheck[]> {
  return sitePromiseChecks(await readArrivalHistograms(db, lastDaysPeriod(now, SITE_PROMISE_DAYS)));
}
