import { Link, useSearchParams } from "react-router";
import { ShowForm } from "~/components/admin/show-form";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { OPEN_ID_PARAM, OPEN_PARAM } from "~/lib/admin/dialog-address";
import {
  formatPeriod,
  PERIOD_PRESET_LABELS,
  PERIOD_PRESETS,
  type Day,
  type PeriodChoice,
  type PeriodPreset,
} from "~/lib/time/chicago-period";
import { cn } from "~/lib/utils";

const pill = (current: boolean) =>
  cn(
    "rounded-full border px-3 py-1.5 text-sm font-medium",
    current ? "border-brand-700 bg-brand-700 text-white" : "border-border bg-white hover:bg-muted",
  );

/**
 * The period a screen shows: presets as links, a custom range as a GET form, both in the
 * URL (works without JavaScript), and the boundaries said in words and in Chicago time.
 * A screen with a default of its own (the dashboard's last 90 days) names it first.
 */
export function PeriodPicker({
  preset,
  first,
  last,
  defaultLabel,
}: {
  preset: PeriodChoice;
  first: string;
  last: string;
  defaultLabel?: string;
}) {
  const [params] = useSearchParams();
  const link = (value: PeriodPreset | "default") => {
    const next = new URLSearchParams(params);
    next.delete("from");
    next.delete("to");
    // A dialog open on the page is for the period being left.
    next.delete(OPEN_PARAM);
    next.delete(OPEN_ID_PARAM);
    if (value === "default") next.delete("period");
    else next.set("period", value);
    return { search: next.size ? `?${next}` : "" };
  };
  return (
    <div className="grid gap-3 print:hidden">
      <nav aria-label="Period" className="flex flex-wrap gap-2">
        {defaultLabel && (
          <Link
            to={link("default")}
            aria-current={preset === "default" ? "page" : undefined}
            className={pill(preset === "default")}
          >
            {defaultLabel}
          </Link>
        )}
        {PERIOD_PRESETS.map((value) => (
          <Link
            key={value}
            to={link(value)}
            aria-current={preset === value ? "page" : undefined}
            className={pill(preset === value)}
          >
            {PERIOD_PRESET_LABELS[value]}
          </Link>
        ))}
      </nav>
      {/* Keyed by the period: a preset link changes the dates the fields start from. */}
      <ShowForm key={`${first}/${last}`}>
        <div className="grid gap-1">
          <Label htmlFor="period-from">From</Label>
          <Input id="period-from" name="from" type="date" defaultValue={first} className="w-40" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="period-to">To</Label>
          <Input id="period-to" name="to" type="date" defaultValue={last} className="w-40" />
        </div>
      </ShowForm>
    </div>
  );
}

/** "Nov 16 – Nov 22, 2026 (Chicago time, from midnight Monday to midnight after Sunday)". */
export function PeriodCaption({ first, last }: { first: Day; last: Day }) {
  return (
    <p className="text-sm text-muted-foreground">
      <span className="font-semibold text-foreground">{formatPeriod({ first, last })}</span>,
      Chicago time: from 12:00 AM on the first day to 12:00 AM after the last.
    </p>
  );
}
