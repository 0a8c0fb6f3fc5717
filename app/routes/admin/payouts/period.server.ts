import { periodFromSearch, periodRange } from "~/lib/time/chicago-period";

/** The period a money screen's URL asks for, with what the models and the page need. */
export function requestedPeriod(request: Request, now = new Date()) {
  const period = periodFromSearch(new URL(request.url).searchParams, now);
  return { period, range: periodRange(period) };
}
