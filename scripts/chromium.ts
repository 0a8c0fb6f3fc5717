import fs from "node:fs";

/*
 * The system Chromium (apt-get: chromium, chromium-headless-shell), for every tool here that
 * drives a browser: the browser tests, Lighthouse and the brand images. Nothing downloads a
 * browser.
 */

/** The full browser: what a visitor's Chrome runs (Lighthouse, notifications). */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Chromium's headless shell: the same Blink and V8 without the desktop browser around them,
 * a fifth less CPU per browser test (decision 0038); the full browser where it is missing.
 */
export const HEADLESS_SHELL = fs.existsSync("/usr/bin/chromium-headless-shell")
  ? "/usr/bin/chromium-headless-shell"
  : FULL_CHROMIUM;

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  // No internet here; these keep Chromium from reaching out (and from timing out trying).
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
