import { isPhoneRequest } from "./phone-request";

/** Rows per page on every back-office list. */
export const PAGE_SIZE = 25;
/**
 * Rows per page on a phone, which gets the list as cards (phone-request.ts): about three
 * screens of them. A cheap phone's work to show and hydrate a list grows with its cards;
 * 25 of them doubled the main thread's work on Leads (decision 0080).
 */
export const PHONE_PAGE_SIZE = 10;
/** A search text longer than this is cut: nobody types more, and it bounds the query. */
export const MAX_QUERY_LENGTH = 100;
/** Bounds OFFSET: page 10,000 of 25 rows is already 250,000 rows deep. */
export const MAX_PAGE = 10_000;

export interface ListParams<S extends string> {
  /** The search text, trimmed; "" when none. */
  q: string;
  /** The status filter; undefined for all (an unknown value reads as all). */
  status: S | undefined;
  /** 1-based. */
  page: number;
}

export interface ListQuery<S extends string> {
  q?: string;
  status?: S;
  page?: number;
  pageSize?: number;
}

/**
 * Lists count matches only up to this many: counting is the part of a search that grows with
 * its matches, and nobody pages 20 pages deep. Beyond it the pager says "500+" (decision 0022).
 */
export const COUNT_CAP = 500;

/** One page of a list, and what the pager needs. */
export interface Page<T> {
  rows: T[];
  /** Matching rows, exact up to COUNT_CAP; when `totalCapped`, there are more. */
  total: number;
  totalCapped?: boolean;
  /** The page actually returned: clamped to the last page when asked for one past it. */
  page: number;
  pageSize: number;
  pageCount: number;
}

/**
 * A page number from the URL, 1 to MAX_PAGE; 1 for anything that is not a finite number.
 * Plain code, not a zod schema: the lists' pagination runs in the browser too, and zod would
 * come with it (decision 0040).
 */
function pageNumber(raw: string): number {
  const value = Number(raw);
  return Number.isFinite(value) ? Math.min(MAX_PAGE, Math.max(1, Math.trunc(value))) : 1;
}

/** Reads ?q=&status=&page= from a URL: never fails, bad values fall back to the defaults. */
export function parseListParams<const S extends string>(
  searchParams: URLSearchParams,
  statuses: readonly S[],
): ListParams<S> {
  return {
    q: (searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH),
    status: parseChoice(searchParams, "status", statuses),
    page: pageNumber(searchParams.get("page") ?? "1"),
  };
}

/** A filter from the URL that must be one of `choices`: anything else reads as "all". */
export function parseChoice<const C extends string>(
  searchParams: URLSearchParams,
  name: string,
  choices: readonly C[],
): C | undefined {
  const value = searchParams.get(name);
  return choices.find((choice) => choice === value);
}

/** No rows: what a list shows when its rows could not be read. */
export function emptyPage<T>(): Page<T> {
  return { rows: [], total: 0, page: 1, pageSize: PAGE_SIZE, pageCount: 1 };
}

/** The rows per page a list sends to the device that asked. */
export function pageSizeFor(headers: Headers): number {
  return isPhoneRequest(headers) ? PHONE_PAGE_SIZE : PAGE_SIZE;
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page number within 1..pageCount. */
export function clampPage(page: number, total: number, pageSize = PAGE_SIZE): number {
  const wanted = Number.isFinite(page) ? Math.trunc(page) : 1;
  return Math.min(Math.max(1, wanted), pageCount(total, pageSize));
}

/** The same URL search with another page ("?q=smith&page=2"); page 1 is left out. */
export function withPage(searchParams: URLSearchParams, page: number): string {
  const next = new URLSearchParams(searchParams);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  const text = next.toString();
  return text ? `?${text}` : "";
}
