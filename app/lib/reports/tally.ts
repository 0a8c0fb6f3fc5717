/*
 * A group of leads as counts, sums and histograms (issue 30, decision 0039): what a day's
 * rollup keeps per group, and what days add up to. Medians and p90s are read off the
 * histograms of whole minutes, so a year of days gives exactly what its leads would.
 */

/** Whole minutes → how many leads took that long. */
export type Histogram = Map<number, number>;

export interface Tally {
  leads: number;
  dispatched: number;
  accepted: number;
  booked: number;
  completed: number;
  cancelled: number;
  revenueCents: number;
  businessCutCents: number;
  /** Guarantee call-backs among the leads (issue 45): work done again at no charge. */
  guaranteeCallbacks: number;
  /** Minutes from the request to the first offer, and to the first arrival. */
  dispatchMinutes: Histogram;
  arrivalMinutes: Histogram;
}

export function emptyTally(): Tally {
  return {
    leads: 0,
    dispatched: 0,
    accepted: 0,
    booked: 0,
    completed: 0,
    cancelled: 0,
    revenueCents: 0,
    businessCutCents: 0,
    guaranteeCallbacks: 0,
    dispatchMinutes: new Map(),
    arrivalMinutes: new Map(),
  };
}

/** Whole minutes between two instants, to the nearest minute. */
export function wholeMinutesBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / 60_000);
}

export function addToHistogram(histogram: Histogram, value: number, count = 1): void {
  histogram.set(value, (histogram.get(value) ?? 0) + count);
}

/** Adds `tally` into `into` (which it changes). */
export function mergeTally(into: Tally, tally: Tally): Tally {
  into.leads += tally.leads;
  into.dispatched += tally.dispatched;
  into.accepted += tally.accepted;
  into.booked += tally.booked;
  into.completed += tally.completed;
  into.cancelled += tally.cancelled;
  into.revenueCents += tally.revenueCents;
  into.businessCutCents += tally.businessCutCents;
  into.guaranteeCallbacks += tally.guaranteeCallbacks;
  for (const [value, count] of tally.dispatchMinutes)
    addToHistogram(into.dispatchMinutes, value, count);
  for (const [value, count] of tally.arrivalMinutes)
    addToHistogram(into.arrivalMinutes, value, count);
  return into;
}

/**
 * The nearest-rank percentile of a histogram: the smallest value with at least p% of the
 * values at or below it (p90 of 10 values is the 9th). p50 is the usual median: the mean of
 * the two middle values when their count is even. Null when it holds nothing.
 */
export function histogramPercentile(histogram: Histogram, p: number): number | null {
  const values = [...histogram.keys()].sort((a, b) => a - b);
  const total = values.reduce((sum, value) => sum + histogram.get(value)!, 0);
  if (total === 0) return null;
  // The value at a 1-based rank.
  const at = (rank: number) => {
    let seen = 0;
    for (const value of values) {
      seen += histogram.get(value)!;
      if (seen >= rank) return value;
    }
    return values[values.length - 1]!;
  };
  if (p === 50) {
    const middle = Math.floor(total / 2);
    return total % 2 ? at(middle + 1) : (at(middle) + at(middle + 1)) / 2;
  }
  return at(Math.max(1, Math.ceil((p / 100) * total)));
}

function histogramOf(values: readonly number[]): Histogram {
  const histogram: Histogram = new Map();
  for (const value of values) addToHistogram(histogram, value);
  return histogram;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  return histogramPercentile(histogramOf(values), 50);
}

/** The nearest-rank percentile of a list of values (see histogramPercentile). */
export function percentile(values: readonly number[], p: number): number | null {
  return histogramPercentile(histogramOf(values), p);
}

/** A histogram as stored (JSON object keys are strings), and back. */
export function histogramToJson(histogram: Histogram): Record<string, number> {
  return Object.fromEntries(histogram);
}

export function histogramFromJson(json: unknown): Histogram {
  const histogram: Histogram = new Map();
  if (json && typeof json === "object") {
    for (const [value, count] of Object.entries(json)) {
      addToHistogram(histogram, Number(value), Number(count));
    }
  }
  return histogram;
}
