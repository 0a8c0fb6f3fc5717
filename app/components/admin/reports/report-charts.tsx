import { BarChart } from "~/components/admin/dashboard/bar-chart";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatMinutes, formatRate } from "~/lib/reports/columns";
import { funnel, hourLabel, type ReportRow } from "~/lib/reports/report";
import { formatCents } from "~/lib/money/money";
import { formatCount } from "~/lib/format";

/*
 * The reports' charts, each with its numbers as a table (BarChart's "Show the numbers"):
 * the conversion funnel, revenue by source, and how fast requests are answered by hour.
 */

const number = formatCount;
const compactDollars = new Intl.NumberFormat("en-US", {
  notation: "compact",
  maximumFractionDigits: 1,
});

/** A chart under its title; with `empty`, that sentence instead (bars of nothing say less). */
function ChartCard({
  title,
  description,
  empty,
  children,
}: {
  title: string;
  description: string;
  empty?: string;
  children?: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {empty ? <p className="text-sm text-muted-foreground">{empty}</p> : children}
      </CardContent>
    </Card>
  );
}

export function FunnelChart({ total }: { total: ReportRow }) {
  const steps = funnel(total);
  return (
    <ChartCard title="Conversion funnel" description="The period's leads, step by step">
      <BarChart
        buckets={steps}
        inOrder
        bucketLabel={(step) => step.label}
        formatValue={(step) => number(step.value)}
        formatTick={number}
        summary={`${number(total.leads)} leads: ${number(total.dispatched)} dispatched (${formatRate(total.dispatchRate)}), ${number(total.accepted)} accepted, ${number(total.completed)} completed (${formatRate(total.leadToCompleted)} of leads).`}
        columns={["Step", "Leads"]}
        tableLabel="Conversion funnel"
      />
    </ChartCard>
  );
}

export function RevenueBySourceChart({ rows }: { rows: readonly ReportRow[] }) {
  const buckets = [...rows]
    .sort((a, b) => b.revenueCents - a.revenueCents)
    .map((row) => ({ key: row.key ?? "not-known", label: row.label, value: row.revenueCents }));
  const top = buckets[0];
  if (!top || top.value === 0) {
    return (
      <ChartCard
        title="Revenue by source"
        description="Completed jobs of the period's leads"
        empty="No revenue from this period's leads yet."
      />
    );
  }
  return (
    <ChartCard title="Revenue by source" description="Completed jobs of the period's leads">
      <BarChart
        buckets={buckets}
        inOrder
        bucketLabel={(bucket) => bucket.label}
        formatValue={(bucket) => formatCents(bucket.value)}
        formatTick={(cents) => `$${compactDollars.format(cents / 100)}`}
        summary={`${top.label} brought the most revenue: ${formatCents(top.value)}.`}
        columns={["Source", "Revenue"]}
        tableLabel="Revenue by source"
      />
    </ChartCard>
  );
}

export function AnswerTimeChart({ rows }: { rows: readonly ReportRow[] }) {
  const byHour = new Map(rows.map((row) => [Number(row.key), row]));
  const buckets = Array.from({ length: 24 }, (_, hour) => {
    const row = byHour.get(hour);
    return {
      key: String(hour),
      hour,
      minutes: row?.dispatchMinutesMedian ?? null,
      leads: row?.leads ?? 0,
    };
  }).map((bucket) => ({ ...bucket, value: bucket.minutes ?? 0 }));
  const slowest = buckets
    .filter((bucket) => bucket.minutes !== null)
    .sort((a, b) => b.value - a.value)[0];
  const title = "Answer time by hour";
  const description =
    "Median minutes from a request to the first offer, by the hour it came in (Chicago)";
  if (!slowest) {
    return (
      <ChartCard
        title={title}
        description={description}
        empty="No lead of the period was dispatched."
      />
    );
  }
  return (
    <ChartCard title={title} description={description}>
      <BarChart
        buckets={buckets}
        inOrder
        bucketLabel={(bucket) => hourLabel(bucket.hour)}
        formatValue={(bucket) =>
          bucket.minutes === null
            ? bucket.leads === 0
              ? "— (no leads)"
              : "— (none dispatched)"
            : `${formatMinutes(bucket.minutes)} (${number(bucket.leads)} leads)`
        }
        formatTick={(minutes) => `${minutes}m`}
        summary={`Slowest hour: ${hourLabel(slowest.hour)}, ${formatMinutes(slowest.minutes)} to dispatch at the median.`}
        columns={["Hour", "Median to dispatch"]}
        tableLabel="Answer time by hour"
      />
    </ChartCard>
  );
}
