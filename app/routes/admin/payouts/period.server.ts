import { formatDay, periodFromSearch } from "~/lib/time/chicago-period";
import type { PeriodRange } from "~/server/money/payouts.server";

/** The period a money screen's URL asks for, with what the models and the page need. */
export function requestedPeriod(request: Request, now = new Date()) {
  const period = periodFromSearch(new URL(request.url).searchParams, now);
  const range: PeriodRange = {
    start: period.start,
    end: period.end,
    firstDay: formatDay(period.first),
    lastDay: formatDay(period.last),
  };
  return { period, range };
}
