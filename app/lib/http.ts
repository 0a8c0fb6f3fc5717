/**
 * Public pages are the same for every visitor: browsers keep them a minute, a CDN five,
 * and may serve a stale copy for an hour while it fetches a fresh one.
 */
export const PUBLIC_PAGE_CACHE_CONTROL =
  "public, max-age=60, s-maxage=300, stale-while-revalidate=3600";

export function publicPageHeaders() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}
