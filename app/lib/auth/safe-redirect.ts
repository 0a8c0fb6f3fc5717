/**
 * Where to go after signing in: only a path on this site under /admin. Anything else
 * (other hosts, protocol-relative //evil.example, backslash tricks, /auth loops) falls
 * back to /admin, so the sign-in page cannot be used as an open redirect.
 */
export function safeRedirect(target: unknown, fallback = "/admin"): string {
  if (typeof target !== "string" || target === "") return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return fallback;
  // Control characters can be stripped by browsers into something else entirely.
  if ([...target].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f))
    return fallback;
  let url: URL;
  try {
    url = new URL(target, "http://lockline.invalid");
  } catch {
    return fallback;
  }
  if (url.host !== "lockline.invalid") return fallback;
  if (url.pathname !== "/admin" && !url.pathname.startsWith("/admin/")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
