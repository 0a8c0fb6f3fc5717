import { z } from "zod";
import { FIRST_TOUCH_KEYS, firstTouchField, type FirstTouch } from "./first-touch-keys";

/*
 * A web request's first touch (issue 30, decision 0039): what the visit's first page said
 * about where the visitor came from, kept in sessionStorage by the first-touch island and
 * sent with the request form as hidden fields. The browser may send anything, so the server
 * keeps only what passes these rules and drops the rest without a word (the visitor cannot
 * fix a hidden field): the request itself never fails for its first touch.
 */

/** Longest kept values: a path, a host name, a campaign tag, a click id. */
export const TOUCH_LIMITS = { path: 300, host: 253, tag: 100, clickId: 200 } as const;

/** A value that fails its rule becomes undefined rather than an error. */
const kept = (rule: z.ZodType<string>) =>
  z
    .string()
    .optional()
    .transform((value) => {
      const trimmed = value?.trim();
      if (!trimmed) return undefined;
      const parsed = rule.safeParse(trimmed);
      return parsed.success ? parsed.data : undefined;
    });

const path = z
  .string()
  .max(TOUCH_LIMITS.path)
  .regex(/^\/[^\s]*$/);
const host = z
  .string()
  .max(TOUCH_LIMITS.host)
  .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i)
  .transform((value) => value.toLowerCase());
// Printable text without control characters, angle brackets or text-direction characters
// (U+202E and its kind would show a source name reversed in the reports).
const tag = z
  .string()
  .max(TOUCH_LIMITS.tag)
  .regex(/^[^\p{Cc}<>\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]+$/u);
const clickId = z
  .string()
  .max(TOUCH_LIMITS.clickId)
  .regex(/^[\w.~-]+$/);

export const firstTouchSchema = z.object({
  landingPage: kept(path),
  referrerHost: kept(host),
  utmSource: kept(tag),
  utmMedium: kept(tag),
  utmCampaign: kept(tag),
  utmTerm: kept(tag),
  utmContent: kept(tag),
  gclid: kept(clickId),
});

/** The first touch a form carries, its bad values left out. */
export function readFirstTouch(formData: FormData): FirstTouch {
  const raw: Record<string, string | undefined> = {};
  for (const key of FIRST_TOUCH_KEYS) {
    const value = formData.get(firstTouchField(key));
    raw[key] = typeof value === "string" ? value : undefined;
  }
  const parsed = firstTouchSchema.parse(raw);
  return Object.fromEntries(
    Object.entries(parsed).filter(([, value]) => value !== undefined),
  ) as FirstTouch;
}

/**
 * The page a request was sent from: the path and query of the Referer when it is this
 * site's own page, otherwise undefined.
 */
export function requestPageFrom(referer: string | null, ownUrl: string): string | undefined {
  if (!referer) return undefined;
  try {
    const from = new URL(referer);
    if (from.host !== new URL(ownUrl).host) return undefined;
    const page = `${from.pathname}${from.search}`;
    return path.safeParse(page).success ? page : undefined;
  } catch {
    return undefined;
  }
}

/** The source of a web lead with no first touch (no JavaScript, or a direct visit). */
export const WEBSITE_SOURCE = "Website";
/** A click on a Google ad: Google adds gclid to the landing page's address. */
export const GOOGLE_ADS_SOURCE = "Google Ads";

/**
 * A web request's source, from its first touch: a Google ad click (gclid), else the
 * campaign's own utm_source, else the site that linked to us, else the website itself
 * (typed address, bookmark, or nothing known).
 */
export function webSourceName(touch: FirstTouch): string {
  if (touch.gclid) return GOOGLE_ADS_SOURCE;
  if (touch.utmSource) return touch.utmSource;
  if (touch.referrerHost) return touch.referrerHost.replace(/^www\./, "");
  return WEBSITE_SOURCE;
}
