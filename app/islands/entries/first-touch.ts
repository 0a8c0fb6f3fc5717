import { FIRST_TOUCH_KEYS, TOUCH_PARAMS, type FirstTouch } from "~/lib/leads/first-touch-keys";

/*
 * First touch (issue 30, decision 0039): on the visit's first page, where the visitor came
 * from (that page's path, the referring site, utm_* and gclid) is kept in sessionStorage,
 * this tab's, until it closes; on a page with the request form, the form's hidden
 * `data-first-touch` fields are filled from it, again just before it is sent (the request
 * form's island may have replaced them with the server's answer). First-party only:
 * nothing leaves the browser except with the form.
 */
const KEY = "lockline:first-touch";

function firstTouch(): FirstTouch {
  const kept = sessionStorage.getItem(KEY);
  if (kept) return JSON.parse(kept) as FirstTouch;
  const touch: FirstTouch = { landingPage: location.pathname };
  const params = new URLSearchParams(location.search);
  for (const [key, param] of Object.entries(TOUCH_PARAMS)) {
    const value = params.get(param);
    if (value) touch[key as keyof typeof TOUCH_PARAMS] = value;
  }
  if (document.referrer) {
    const host = new URL(document.referrer).host;
    if (host !== location.host) touch.referrerHost = host;
  }
  sessionStorage.setItem(KEY, JSON.stringify(touch));
  return touch;
}

function fill(touch: FirstTouch) {
  for (const input of document.querySelectorAll<HTMLInputElement>("input[data-first-touch]")) {
    const key = input.dataset.firstTouch as (typeof FIRST_TOUCH_KEYS)[number];
    input.value = touch[key] ?? "";
  }
}

try {
  const touch = firstTouch();
  fill(touch);
  // Capture: before the request form's own submit listener reads the fields.
  document.addEventListener("submit", () => fill(touch), true);
} catch {
  // Storage refused (private mode, a blocked cookie setting): the request goes without.
}
