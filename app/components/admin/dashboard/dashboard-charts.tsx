import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDayKey, summarizeSeries } from "~/lib/chart-buckets";
import { formatCents } from "~/lib/money";
import { BarChart } from "./bar-chart";

export interface DayCount {
  key: string;
  value: number;
}

export interface WeekRevenue {
  key: string;
  value: number;
  jobs: number;
}

const number = (value: number) => value.toLocaleString("en-US");
const plural = (count: number, one: string, many = `${one}s`) =>
  `${number(count)} ${count === 1 ? one : many}`;
const compactDollars = new Intl.NumberFormat("en-US", {
  notation: "compact",
  maximumFractionDigits: 1,
});

export function LeadsPerDayChart({ days }: { days: readonly DayCount[] }) {
  const { total, peak, average } = summarizeSeries(days);
  const last = days.length - 1;
  const label = (day: DayCount, index: number) =>
    `${formatDayKey(day.key)}${index === last ? " (today so far)" : ""}`;
  const summary =
    total === 0
      ? `No leads in the last ${days.length} days.`
      : `${plural(total, "lead")} in the last ${days.length} days, ${average.toFixed(1)} a day on average; the busiest day was ${formatDayKey(peak!.key)} with ${number(peak!.value)}.`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Leads per day</CardTitle>
        <CardDescription>Last {days.length} days, by UTC date</CardDescription>
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

export function RevenuePerWeekChart({ weeks }: { weeks: readonly WeekRevenue[] }) {
  const { total, peak } = summarizeSeries(weeks);
  const jobs = weeks.reduce((sum, week) => sum + week.jobs, 0);
  const last = weeks.length - 1;
  const label = (week: WeekRevenue, index: number) =>
    `Week of ${formatDayKey(week.key)}${index === last ? " (so far)" : ""}`;
  const summary =
    total === 0
      ? `No completed, priced jobs in the last ${weeks.length} weeks.`
      : `${formatCents(total)} from ${plural(jobs, "completed job")} over ${weeks.length} weeks; the best was the week of ${formatDayKey(peak!.key)} with ${formatCents(peak!.value)}.`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Revenue per week</CardTitle>
        <CardDescription>
          Final prices of jobs completed each week (Monday to Sunday, UTC), last 90 days
        </CardDescription>
        <p className="text-2xl font-bold tracking-tight tabular-nums">{formatCents(total)}</p>
      </CardHeader>
      <CardContent>
        <BarChart
          buckets={weeks}
          bucketLabel={label}
          formatValue={(week) => `${formatCents(week.value)} (${plural(week.jobs, "job")})`}
          formatTick={(cents) => `$${compactDollars.format(cents / 100)}`}
          summary={summary}
          columns={["Week", "Revenue"]}
          tableLabel="Revenue per week"
        />
      </CardContent>
    </Card>
  );
}
