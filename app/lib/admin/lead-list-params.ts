import { LEAD_SOURCES, LEAD_STATUSES, type LeadSource, type LeadStatus } from "../business-enums";
import { searchRange, type InstantRange } from "../time/chicago-period";
import { parseChoice, parseListParams, type ListParams } from "./pagination";

export interface LeadListParams extends ListParams<LeadStatus> {
  source: LeadSource | undefined;
  /** The marketing source's name (decision 0039), any case. */
  sourceName: string | undefined;
  /** Received in this range (Chicago days: `period` or `from`/`to`). */
  range: InstantRange | undefined;
}

/** The Leads list's URL (?q=&status=&source=&page=), shared by the page and its export. */
export function parseLeadListParams(
  searchParams: URLSearchParams,
  now = new Date(),
): LeadListParams {
  return {
    ...parseListParams(searchParams, LEAD_STATUSES),
    source: parseChoice(searchParams, "source", LEAD_SOURCES),
    sourceName: searchParams.get("source_name")?.trim().slice(0, 60) || undefined,
    range: searchRange(searchParams, now),
  };
}
