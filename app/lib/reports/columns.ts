import { centsToInput, formatCents } from "../money/money";
import type { ReportRow } from "./report";
import { formatCount } from "~/lib/format";

/*
 * The columns of every report table, once: the page shows `show`, the CSV writes `csv`
 * (dollars without a symbol, rates as fractions, minutes with one decimal, so a spreadsheet
 * reads numbers). What is not known is "—" on the page and an empty cell in the CSV.
 */

export const DASH = "—";

export interface ReportColumn {
  key: string;
  /** The page's header, short; the CSV's is `key`. */
  header: string;
  /** Said to screen readers and in the header's title, where `header` is terse. */
  description?: string;
  show: (row: ReportRow) => string;
  csv: (row: ReportRow) => string;
}

const count = formatCount;

export function formatRate(value: number | null): string {
  return value === null ? DASH : `${Math.round(value * 100)}%`;
}

export function formatMoneyOrDash(cents: number | null): string {
  return cents === null ? DASH : formatCents(cents);
}

/** 20 → "20 min", 95 → "1 h 35 min", 0.5 → "1 min" (rounded up from seconds). */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return DASH;
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${Math.max(whole, minutes > 0 ? 1 : 0)} min`;
  const rest = whole % 60;
  return `${Math.floor(whole / 60)} h${rest ? ` ${rest} min` : ""}`;
}

const csvNumber = (value: number | null, digits: number) =>
  value === null ? "" : String(Number(value.toFixed(digits)));
const csvCents = (cents: number | null) => (cents === null ? "" : centsToInput(cents));

type NumberKey = {
  [K in keyof ReportRow]: ReportRow[K] extends number ? K : never;
}[keyof ReportRow];
type MaybeKey = {
  [K in keyof ReportRow]: ReportRow[K] extends number | null ? K : never;
}[keyof ReportRow];

const counted = (key: NumberKey, header: string): ReportColumn => ({
  key,
  header,
  show: (row) => count(row[key]),
  csv: (row) => String(row[key]),
});
const money = (key: MaybeKey, header: string, description?: string): ReportColumn => ({
  key,
  header,
  description,
  show: (row) => formatMoneyOrDash(row[key]),
  csv: (row) => csvCents(row[key]),
});
const rated = (key: MaybeKey, header: string, description: string): ReportColumn => ({
  key,
  header,
  description,
  show: (row) => formatRate(row[key]),
  csv: (row) => csvNumber(row[key], 4),
});
const minutes = (key: MaybeKey, header: string, description: string): ReportColumn => ({
  key,
  header,
  description,
  show: (row) => formatMinutes(row[key]),
  csv: (row) => csvNumber(row[key], 1),
});

export const REPORT_COLUMNS: readonly ReportColumn[] = [
  counted("leads", "Leads"),
  counted("dispatched", "Dispatched"),
  counted("accepted", "Accepted"),
  counted("booked", "Booked"),
  counted("completed", "Completed"),
  counted("cancelled", "Cancelled"),
  money("revenueCents", "Revenue", "Completed jobs' prices"),
  money("businessCutCents", "Business's cut"),
  money("averageTicketCents", "Avg ticket", "Revenue per completed job"),
  rated("dispatchRate", "Dispatched %", "Leads dispatched"),
  rated("acceptRate", "Accepted %", "Dispatched leads a locksmith accepted"),
  rated("completeRate", "Completed %", "Accepted leads completed"),
  rated("leadToCompleted", "Lead → done", "Leads completed"),
  money("spendCents", "Spend", "Spend entered for the period, by source"),
  money("costPerLeadCents", "Cost / lead"),
  money("costPerBookedJobCents", "Cost / booked job"),
  minutes("dispatchMinutesMedian", "To dispatch", "Median minutes from request to first offer"),
  minutes("dispatchMinutesP90", "To dispatch p90", "90th percentile, request to first offer"),
  minutes("arrivalMinutesMedian", "To arrival", "Median minutes from request to arrival"),
  minutes("arrivalMinutesP90", "To arrival p90", "90th percentile, request to arrival"),
  // Last, so a spreadsheet reading the columns before it by position still reads them.
  {
    ...counted("guaranteeCallbacks", "Call-backs"),
    description: "Guarantee call-backs: leads opened under a completed job's guarantee",
  },
];
