/**
 * Speculation Rules for the public pages: Chromium prefetches a same-site page when the
 * pointer rests on its link (or presses it), so the next ordinary page load starts from
 * bytes already here. The back office and anything that is not a plain page are left out.
 * The text is the inline script's content byte for byte; the CSP lists its SHA-256.
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      source: "document",
      where: {
        and: [
          { href_matches: "/*" },
          {
            not: {
              href_matches: [
                "/admin",
                "/admin/*",
                "/auth",
                "/auth/*",
                "/api/*",
                "/j/*",
                "/review/*",
                "/*.xml",
                "/*.txt",
              ],
            },
          },
          { not: { selector_matches: "[rel~=nofollow], [download]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});
