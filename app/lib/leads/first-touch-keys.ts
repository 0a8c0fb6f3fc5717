/*
 * The names a first touch travels under (decision 0039), apart from its rules in
 * first-touch.ts: the first-touch island imports these, and must not bring zod along.
 */

export const FIRST_TOUCH_KEYS = [
  "landingPage",
  "referrerHost",
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "utmTerm",
  "utmContent",
  "gclid",
] as const;
export type FirstTouchKey = (typeof FIRST_TOUCH_KEYS)[number];
export type FirstTouch = Partial<Record<FirstTouchKey, string>>;

/** The hidden field of each key: "ft_landingPage". */
export const firstTouchField = (key: FirstTouchKey) => `ft_${key}`;

/** The URL parameter each utm key and gclid is read from. */
export const TOUCH_PARAMS = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  utmTerm: "utm_term",
  utmContent: "utm_content",
  gclid: "gclid",
} as const satisfies Partial<Record<FirstTouchKey, string>>;
