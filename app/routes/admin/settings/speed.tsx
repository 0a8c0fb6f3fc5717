import { PageHeader } from "~/components/admin/page-header";
import { SettingsBackLink } from "~/components/admin/settings/settings-back-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { SPEED_METRICS, type SpeedMetric } from "~/lib/speed/histogram";
import { formatFigure, meetsGoal, screenName } from "~/lib/speed/speed-view";
import { addDays, chicagoDay, formatDay } from "~/lib/time/chicago-period";
import { servicesContext } from "~/server/route-helpers/context.server";
import { speedSince, type SpeedRow } from "~/server/speed/speed.server";
import type { Route } from "./+types/speed";

/*
 * Settings → Speed (issue 48, decision 0058): what the office's own browsers measured, p75 per
 * screen and device class over the last 7 and 28 days, against the goals p75 INP < 200 ms and
 * p75 LCP < 2.5 s. Counts only: no person is named.
 */

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const today = chicagoDay(new Date());
  const [week, month] = await Promise.all([
    speedSince(db, formatDay(addDays(today, -6))),
    speedSince(db, formatDay(addDays(today, -27))),
  ]);
  return { week, month };
}

export const meta: Route.MetaFunction = () => [{ title: "Speed | Settings | Admin" }];

const METRIC_LABELS: Record<SpeedMetric, string> = {
  LCP: "LCP (largest paint)",
  INP: "INP (answer to a tap)",
  CLS: "CLS (layout shift)",
  hydrated: "Hydrated",
};

interface ScreenRow {
  screen: string;
  device: string;
  figures: Partial<Record<SpeedMetric, SpeedRow>>;
}

/** One row per screen and device class, a cell per metric. */
function byScreen(rows: SpeedRow[]): ScreenRow[] {
  const table = new Map<string, ScreenRow>();
  for (const row of rows) {
    const key = `${row.screen}\n${row.device}`;
    const entry = table.get(key) ?? { screen: row.screen, device: row.device, figures: {} };
    entry.figures[row.metric] = row;
    table.set(key, entry);
  }
  return [...table.values()];
}

function Figure({ row, metric }: { row: SpeedRow | undefined; metric: SpeedMetric }) {
  if (!row) return <span className="text-muted-foreground">—</span>;
  const meets = meetsGoal(metric, row.p75);
  return (
    <>
      <span className="tabular-nums">{formatFigure(metric, row.p75)}</span>
      {meets !== undefined && (
        <span className={meets ? "block text-xs text-green-800" : "block text-xs text-red-800"}>
          {meets ? "meets the goal" : "misses the goal"}
        </span>
      )}
      <span className="block text-xs text-muted-foreground">
        {row.samples} {row.samples === 1 ? "view" : "views"}
      </span>
    </>
  );
}

function SpeedTable({ title, rows }: { title: string; rows: SpeedRow[] }) {
  const screens = byScreen(rows);
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>
          The 75th percentile: three page views in four were faster.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {screens.length === 0 ? (
          <p className="text-muted-foreground">No figures yet.</p>
        ) : (
          // Focusable, so a keyboard can scroll the table sideways on a phone.
          <div
            className="overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label={`${title}, scrolls sideways`}
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}: p75 per screen and device</caption>
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="py-2 pr-4">
                    Screen
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Device
                  </th>
                  {SPEED_METRICS.map((metric) => (
                    <th key={metric} scope="col" className="py-2 pr-4">
                      {METRIC_LABELS[metric]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {screens.map((row) => (
                  <tr key={`${row.screen}-${row.device}`} className="border-b border-border">
                    <th scope="row" className="py-2 pr-4 font-medium">
                      {screenName(row.screen)}
                    </th>
                    <td className="py-2 pr-4">{row.device}</td>
                    {SPEED_METRICS.map((metric) => (
                      <td key={metric} className="py-2 pr-4 align-top">
                        <Figure row={row.figures[metric]} metric={metric} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export default function SpeedSettingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SettingsBackLink />
      <PageHeader
        title="Speed"
        description="How fast the back office is on the office's own phones and computers, as their browsers measured it. Goals: p75 INP under 200 ms, p75 LCP under 2.5 s."
      />
      <SpeedTable title="Last 7 days" rows={loaderData.week} />
      <SpeedTable title="Last 28 days" rows={loaderData.month} />
    </>
  );
}
