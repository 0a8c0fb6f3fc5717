/**
 * Public pages are the same for every visitor (docs/decisions/0018). Browsers keep them
 * but ask again on every load (max-age=0, must-revalidate; the ETag makes that a 304 of a
 * few hundred bytes), so a review published in the back office is there on the next load.
 * A shared cache (CDN) may keep a page five minutes (s-maxage). Stale-while-revalidate
 * would let browsers show the old page first, so it goes only to CDNs, in the header
 * they read instead (RFC 9213).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=300";
export const PUBLIC_PAGE_CDN_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=3600";

export function publicPageHeaders() {
  return {
    "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL,
    "CDN-Cache-Control": PUBLIC_PAGE_CDN_CACHE_CONTROL,
  };
}
