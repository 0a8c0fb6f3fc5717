/**
 * The back office and its endpoints: React-hydrated pages, a fresh CSP nonce per response,
 * never kept by the page cache. Every other path is the public site, shipped as fixed bytes
 * (docs/decisions/0018-public-pages-as-fixed-bytes.md).
 */
const BACK_OFFICE_PREFIXES = ["/admin", "/auth", "/api", "/j", "/review", "/healthz", "/readyz"];

export function isBackOfficePath(pathname: string): boolean {
  // A client navigation fetches "/admin.data": the same route, the same rule.
  const route = pathname.replace(/\.data$/, "");
  return BACK_OFFICE_PREFIXES.some((prefix) => route === prefix || route.startsWith(`${prefix}/`));
}
