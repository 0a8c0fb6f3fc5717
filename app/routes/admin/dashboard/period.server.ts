import {
  chicagoDay,
  formatDay,
  formatPeriod,
  mondayOf,
  periodFromSearch,
  type Period,
  type PeriodChoice,
} from "~/lib/time/chicago-period";
import type { ChartPeriod } from "~/components/admin/dashboard/dashboard-charts";
import { CHART_DAYS, defaultChartPeriod } from "~/server/screens/dashboard.server";

/** The charts' period from the dashboard's URL: a preset, a custom range, or the last 90 days. */
export function chartPeriod(request: Request, now: Date): Period & { preset: PeriodChoice } {
  return periodFromSearch(new URL(request.url).searchParams, now, defaultChartPeriod(now));
}

/** What the charts need to label their bars: the period, and which bars are still running. */
export function chartView(period: Period & { preset: PeriodChoice }, now: Date): ChartPeriod {
  const today = chicagoDay(now);
  return {
    defaultLabel: `Last ${CHART_DAYS} days`,
    preset: period.preset,
    first: period.first,
    last: period.last,
    firstDay: formatDay(period.first),
    lastDay: formatDay(period.last),
    label: formatPeriod(period),
    today: formatDay(today),
    thisWeek: formatDay(mondayOf(today)),
  };
}
