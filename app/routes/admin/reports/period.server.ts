import { DIMENSIONS, type Dimension } from "~/lib/reports/report";
import { periodFromSearch } from "~/lib/time/chicago-period";

/**
 * The period and the table a reports URL asks for: the picker's period (this month when it
 * names none) and `by` (source when it names none or something else).
 */
export function reportRequest(request: Request, now = new Date()) {
  const search = new URL(request.url).searchParams;
  if (!search.has("period") && !(search.has("from") && search.has("to"))) {
    search.set("period", "this_month");
  }
  const by = search.get("by");
  const dimension: Dimension = (DIMENSIONS as readonly string[]).includes(by ?? "")
    ? (by as Dimension)
    : "source";
  return { period: periodFromSearch(search, now), dimension };
}
