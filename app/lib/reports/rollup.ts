import { chicagoDay, formatDay } from "../time/chicago-period";
import { DIMENSIONS, tallyByKey, type Dimension, type LeadFact } from "./report";
import { emptyTally, mergeTally, type Tally } from "./tally";

/*
 * The reports' daily rollups (decision 0039): the leads of each Chicago day, tallied by every
 * dimension's key. A period's report adds its days' rows together, which gives exactly what
 * tallying its leads at once would (report.test.ts holds the two to each other).
 */

export interface RollupRow {
  /** The Chicago day the leads came in, "2026-11-27". */
  day: string;
  dimension: Dimension;
  /** The group's key; null: not known. */
  key: string | null;
  tally: Tally;
}

/** Every day's rows for some leads: one per day, dimension and key present that day. */
export function rollUpByDay(facts: readonly LeadFact[]): RollupRow[] {
  const byDay = new Map<string, LeadFact[]>();
  for (const fact of facts) {
    const day = formatDay(chicagoDay(fact.createdAt));
    byDay.set(day, [...(byDay.get(day) ?? []), fact]);
  }
  return [...byDay].flatMap(([day, dayFacts]) =>
    DIMENSIONS.flatMap((dimension) =>
      [...tallyByKey(dayFacts, dimension)].map(([key, tally]) => ({ day, dimension, key, tally })),
    ),
  );
}

/** One dimension's rows of many days, added up by key. */
export function addUpRows(
  rows: Iterable<Pick<RollupRow, "key" | "tally">>,
): Map<string | null, Tally> {
  const groups = new Map<string | null, Tally>();
  for (const { key, tally } of rows) {
    groups.set(key, mergeTally(groups.get(key) ?? emptyTally(), tally));
  }
  return groups;
}
