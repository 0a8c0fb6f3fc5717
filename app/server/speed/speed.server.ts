import { gte, sql } from "drizzle-orm";
import type { Db } from "../db/database.server";
import { speedHistograms } from "../db/speed-tables.server";
import { bucketOf, percentile75, type SpeedMetric } from "~/lib/speed/histogram";
import type { SpeedReport } from "~/lib/schemas/speed";

/** Counts a report's samples in today's histograms (one upsert per sample). */
export async function recordSpeed(db: Db, day: string, report: SpeedReport): Promise<void> {
  const rows = report.samples.map((sample) => ({
    day,
    screen: report.screen,
    device: report.device,
    metric: sample.metric,
    bucket: bucketOf(sample.metric, sample.value),
    count: 1,
  }));
  await db
    .insert(speedHistograms)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        speedHistograms.day,
        speedHistograms.screen,
        speedHistograms.device,
        speedHistograms.metric,
        speedHistograms.bucket,
      ],
      set: { count: sql`${speedHistograms.count} + 1` },
    });
}

export interface SpeedRow {
  screen: string;
  device: string;
  metric: SpeedMetric;
  p75: number | null;
  samples: number;
}

/** p75 and sample counts per screen, device class and metric, from `since` (a day) on. */
export async function speedSince(db: Db, since: string): Promise<SpeedRow[]> {
  const rows = await db
    .select({
      screen: speedHistograms.screen,
      device: speedHistograms.device,
      metric: speedHistograms.metric,
      bucket: speedHistograms.bucket,
      count: sql<number>`sum(${speedHistograms.count})::int`,
    })
    .from(speedHistograms)
    .where(gte(speedHistograms.day, since))
    .groupBy(
      speedHistograms.screen,
      speedHistograms.device,
      speedHistograms.metric,
      speedHistograms.bucket,
    );
  const groups = new Map<string, { key: Omit<SpeedRow, "p75" | "samples">; counts: typeof rows }>();
  for (const row of rows) {
    const id = `${row.screen}\n${row.device}\n${row.metric}`;
    const group = groups.get(id) ?? {
      key: { screen: row.screen, device: row.device, metric: row.metric as SpeedMetric },
      counts: [],
    };
    group.counts.push(row);
    groups.set(id, group);
  }
  return [...groups.values()]
    .map(({ key, counts }) => ({
      ...key,
      p75: percentile75(key.metric, counts),
      samples: counts.reduce((sum, row) => sum + Number(row.count), 0),
    }))
    .sort((a, b) => a.screen.localeCompare(b.screen) || a.device.localeCompare(b.device));
}
