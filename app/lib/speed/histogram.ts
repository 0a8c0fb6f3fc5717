/*
 * Real-user speed figures as histograms (decision 0058): a value is counted in a bucket whose
 * bounds grow by 10 % each, so a day's figures for a screen are a few dozen counts whatever
 * the traffic, and a percentile read back from them is within 10 % of the true one.
 */

export const SPEED_METRICS = ["LCP", "INP", "CLS", "hydrated"] as const;
export type SpeedMetric = (typeof SPEED_METRICS)[number];

export const DEVICE_CLASSES = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

const GROWTH = 1.1;
/** The last bucket holds everything above about 10 minutes (ms), or CLS 600. */
export const LAST_BUCKET = 150;

/** CLS is a score (0.1 is "good"); counted in thousandths so it shares the buckets. */
const SCALE: Record<SpeedMetric, number> = { LCP: 1, INP: 1, CLS: 1000, hydrated: 1 };

/** The bucket a measured value falls in: 0 for anything under one unit. */
export function bucketOf(metric: SpeedMetric, value: number): number {
  const scaled = value * SCALE[metric];
  if (!(scaled >= 1)) return 0;
  return Math.min(LAST_BUCKET, 1 + Math.floor(Math.log(scaled) / Math.log(GROWTH)));
}

/** A bucket's upper bound, in the metric's own unit (ms, or the CLS score). */
export function bucketUpperBound(metric: SpeedMetric, bucket: number): number {
  return GROWTH ** bucket / SCALE[metric];
}

/**
 * The 75th percentile of counted buckets, as the upper bound of the bucket it falls in (so it
 * errs on the slow side, by at most 10 %); null when nothing was counted.
 */
export function percentile75(
  metric: SpeedMetric,
  counts: { bucket: number; count: number }[],
): number | null {
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(total * 0.75);
  let seen = 0;
  for (const row of [...counts].sort((a, b) => a.bucket - b.bucket)) {
    seen += row.count;
    if (seen >= rank) return bucketUpperBound(metric, row.bucket);
  }
  return null;
}

/** The goals the Speed page watches (issue 48): p75 INP under 200 ms, p75 LCP under 2.5 s. */
export const SPEED_GOALS: Partial<Record<SpeedMetric, number>> = { INP: 200, LCP: 2500 };

/**
 * A device's class from its screen's width in CSS pixels and whether the browser says it is a
 * mobile device (User-Agent Client Hints' `mobile`, where the browser gives it).
 */
export function deviceClass(width: number, mobile?: boolean): DeviceClass {
  if (mobile === true || width < 600) return "phone";
  if (width < 1024) return "tablet";
  return "desktop";
}
