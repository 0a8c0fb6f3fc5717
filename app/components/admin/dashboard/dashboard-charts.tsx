import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  formatDayKey,
  summarizeSeries,
  type DayCount,
  type WeekRevenue,
} from "~/lib/time/chart-buckets";
import type { Day, PeriodChoice } from "~/lib/time/chicago-period";
import { madeAtFirstUse } from "~/lib/made-at-first-use";
import { formatCents } from "~/lib/money/money";
import { BarChart } from "./bar-chart";
import { formatCount } from "~/lib/format";

/** The period the charts show, and which of their bars are still running. */
export interface ChartPeriod {
  preset: PeriodChoice;
  first: Day;
  last: Day;
  /** "YYYY-MM-DD" of the first and last day. */
  firstDay: string;
  lastDay: string;
  /** "Aug 27 – Nov 24, 2026". */
  label: string;
  /** The picker's name for the default period ("Last 90 days"). */
  defaultLabel: string;
  /** Today's key and this week's Monday's key, in Chicago. */
  today: string;
  thisWeek: string;
}

/** "the last 90 days", or the picked period's dates. */
const spanOf = (period: ChartPeriod) =>
  period.preset === "default" ? `the ${period.defaultLabel.toLowerCase()}` : period.label;

const number = formatCount;
const plural = (count: number, one: string, many = `${one}s`) =>
  `${number(count)} ${count === 1 ? one : many}`;
// Made at first use, not as the module loads (made-at-first-use.ts).
const compactDollars = madeAtFirstUse(
  () => new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }),
);

export function LeadsPerDayChart({
  days,
  period,
}: {
  days: readonly DayCount[];
  period: ChartPeriod;
}) {
  const { total, peak, average } = summarizeSeries(days);
  const label = (day: DayCount) =>
    `${formatDayKey(day.key)}${day.key === period.today ? " (today so far)" : ""}`;
  const span = spanOf(period);
  const summary =
    total === 0
      ? `No leads in ${span}.`
      : `${plural(total, "lead")} in ${span}, ${average.toFixed(1)} a day on average; the busiest day was ${formatDayKey(peak!.key)} with ${number(peak!.value)}.`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Leads per day</CardTitle>
        <CardDescription>Each Chicago day of {spanOf(period)}</CardDescription>
        <p className="text-2xl font-bold tracking-tight tabular-nums">{plural(total, "lead")}</p>
      </CardHeader>
      <CardContent>
        <BarChart
          buckets={days}
          bucketLabel={label}
          formatValue={(day) => plural(day.value, "lead")}
          formatTick={number}
          summary={summary}
          columns={["Day", "Leads"]}
          tableLabel="Leads per day"
        />
      </CardContent>
    </Card>
  );
}

export function RevenuePerWeekChart({
  weeks,
  period,
}: {
  weeks: readonly WeekRevenue[];
  period: ChartPeriod;
}) {
  const { total, peak } = summarizeSeries(weeks);
  const jobs = weeks.reduce((sum, week) => sum + week.jobs, 0);
  const label = (week: WeekRevenue) =>
    `Week of ${formatDayKey(week.key)}${week.key === period.thisWeek ? " (so far)" : ""}`;
  const span = plural(weeks.length, "week");
  const summary =
    total === 0
      ? `No completed, priced jobs in ${span === "1 week" ? "that week" : `those ${span}`}.`
      : `${formatCents(total)} from ${plural(jobs, "completed job")} over ${span}; the best was the week of ${formatDayKey(peak!.key)} with ${formatCents(peak!.value)}.`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Revenue per week</CardTitle>
        <CardDescription>
          Final prices of jobs completed each week (Monday to Sunday, Chicago time), whole weeks
          touching {spanOf(period)}
        </CardDescription>
        <p className="text-2xl font-bold tracking-tight tabular-nums">{formatCents(total)}</p>
      </CardHeader>
      <CardContent>
        <BarChart
          buckets={weeks}
          bucketLabel={label}
          formatValue={(week) => `${formatCents(week.value)} (${plural(week.jobs, "job")})`}
          formatTick={(cents) => `$${compactDollars().format(cents / 100)}`}
          summary={summary}
          columns={["Week", "Revenue"]}
          tableLabel="Revenue per week"
        />
      </CardContent>
    </Card>
  );
}
