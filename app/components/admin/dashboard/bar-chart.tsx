import { useId } from "react";
import { niceScale } from "~/lib/time/chart-buckets";

export interface ChartBucket {
  key: string;
  value: number;
}

interface BarChartProps<B extends ChartBucket> {
  buckets: readonly B[];
  /** "Mar 3", "Week of Mar 2": under the chart, in tooltips and in the table. */
  bucketLabel: (bucket: B, index: number) => string;
  /** A value in full, for tooltips and the table: "12 leads", "$1,234.00". */
  formatValue: (bucket: B) => string;
  /** A value on the axis, kept short: "12", "$1.5K". */
  formatTick: (value: number) => string;
  /** One or two sentences a screen reader hears instead of the bars; shown under them too. */
  summary: string;
  /** The table's column headers: the bucket, then the value. */
  columns: [string, string];
  /** What the table is, for its caption and its scroll region's name. */
  tableLabel: string;
  /** The table lists buckets newest first (a time series) unless this says they are in order. */
  inOrder?: boolean;
}

// viewBox units per bar: the SVG stretches to the card's width, so 90 bars fit a 375 px
// phone (about 3 px each) and 14 bars fill a laptop card alike.
const SLOT = 10;
const BAR = 7;
const HEIGHT = 100;

/**
 * A small bar chart drawn as inline SVG (no chart library: the dashboard stays light).
 * Bars are decoration for sighted users; the summary is the chart's accessible name and
 * "Show the numbers" holds every value as a table. Zero buckets get a hairline at the
 * baseline, so "none that day" reads as a zero rather than a gap in the data.
 */
export function BarChart<B extends ChartBucket>({
  buckets,
  bucketLabel,
  formatValue,
  formatTick,
  summary,
  columns,
  tableLabel,
  inOrder = false,
}: BarChartProps<B>) {
  const summaryId = useId();
  const scale = niceScale(Math.max(0, ...buckets.map((bucket) => bucket.value)));
  const width = Math.max(1, buckets.length) * SLOT;
  const middle = Math.floor((buckets.length - 1) / 2);
  const tableRows = buckets.map((bucket, index) => ({ bucket, index }));
  if (!inOrder) tableRows.reverse();
  const xLabels = buckets.length
    ? [0, middle, buckets.length - 1].filter((index, i, all) => all.indexOf(index) === i)
    : [];

  return (
    <figure className="grid gap-2">
      <div className="flex gap-2">
        {/* The y axis: HTML text, so it keeps its size while the SVG stretches. */}
        <div
          className="relative h-40 w-12 shrink-0 text-right text-xs text-muted-foreground tabular-nums"
          aria-hidden="true"
        >
          {scale.ticks.map((tick) => (
            <span
              key={tick}
              className="absolute right-0 translate-y-1/2 leading-none"
              style={{ bottom: `${(tick / scale.max) * 100}%` }}
            >
              {formatTick(tick)}
            </span>
          ))}
        </div>
        {/* Sized by its box, not by its viewBox: the SVG must never widen the card. */}
        <div className="relative h-40 min-w-0 flex-1">
          <svg
            role="img"
            aria-labelledby={summaryId}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full overflow-visible"
          >
            {scale.ticks.map((tick) => {
              const y = HEIGHT - (tick / scale.max) * HEIGHT;
              return (
                <line
                  key={tick}
                  x1={0}
                  x2={width}
                  y1={y}
                  y2={y}
                  className={tick === 0 ? "stroke-slate-400" : "stroke-slate-200"}
                  strokeWidth={1}
                  vectorEffect="non-scaling-stroke"
                />
              );
            })}
            {buckets.map((bucket, index) => {
              const height = (bucket.value / scale.max) * HEIGHT;
              const x = index * SLOT + (SLOT - BAR) / 2;
              const tooltip = `${bucketLabel(bucket, index)}: ${formatValue(bucket)}`;
              return bucket.value > 0 ? (
                <rect
                  key={bucket.key}
                  x={x}
                  y={HEIGHT - height}
                  width={BAR}
                  height={height}
                  className="fill-brand-600 hover:fill-accent-500"
                >
                  <title>{tooltip}</title>
                </rect>
              ) : (
                <rect
                  key={bucket.key}
                  x={x}
                  y={HEIGHT - 1}
                  width={BAR}
                  height={1}
                  className="fill-slate-300"
                >
                  <title>{tooltip}</title>
                </rect>
              );
            })}
          </svg>
        </div>
      </div>
      <div
        className="flex justify-between gap-2 pl-14 text-xs text-muted-foreground"
        aria-hidden="true"
      >
        {xLabels.map((index) => (
          <span key={index}>{bucketLabel(buckets[index]!, index)}</span>
        ))}
      </div>
      <figcaption id={summaryId} className="text-sm text-muted-foreground">
        {summary}
      </figcaption>
      <details className="group text-sm">
        <summary className="inline-flex cursor-pointer items-center gap-1 rounded font-semibold text-brand-700 hover:underline">
          <span className="group-open:hidden">Show the numbers</span>
          <span className="hidden group-open:inline">Hide the numbers</span>
        </summary>
        <div
          className="mt-2 max-h-72 overflow-y-auto rounded-lg border border-border"
          role="region"
          aria-label={tableLabel}
          tabIndex={0}
        >
          <table className="w-full text-sm">
            <caption className="sr-only">
              {tableLabel}
              {inOrder ? "" : ", newest first"}
            </caption>
            <thead className="sticky top-0 bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  {columns[0]}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {columns[1]}
                </th>
              </tr>
            </thead>
            <tbody>
              {tableRows.map(({ bucket, index }) => (
                <tr key={bucket.key} className="border-t border-border">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    {bucketLabel(bucket, index)}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatValue(bucket)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
