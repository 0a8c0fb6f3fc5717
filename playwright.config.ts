import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, FULL_CHROMIUM, HEADLESS_SHELL } from "./scripts/chromium";

/**
 * Each worker runs its own server (tests/e2e/support/test.ts): worker n on E2E_PORT + 10n,
 * with a data directory of its own, so tests of two workers never share rows or limits.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
export function sitePort(parallelIndex: number): number {
  return BASE_PORT + 10 * parallelIndex;
}

/*
 * The demo business around the tests' own rows (tests/e2e/fixtures) changes every day: a
 * test that leans on one draw of it fails soon, not on some later machine. A failing run
 * prints its seed; E2E_DEMO_SEED=<seed> replays it.
 */
const demoSeed = process.env.E2E_DEMO_SEED ?? String(Math.floor(Date.now() / 86_400_000));
// Workers inherit the runner's environment: every worker's server gets the same demo business.
process.env.E2E_DEMO_SEED = demoSeed;
// Said once per run: by the runner, not its workers, nor tools that read this file (knip).
if (!process.env.TEST_WORKER_INDEX && process.argv.some((arg) => arg.includes("playwright")))
  console.log(`[e2e] demo data seed ${demoSeed} (E2E_DEMO_SEED)`);

/**
 * The mail server a worker's server sends to: a test that reads mail starts an in-process
 * one on this port (tests/helpers/smtp-catcher.ts); otherwise mail just fails.
 */
export function smtpPort(sitePort: number): number {
  return sitePort + 20_000;
}

/**
 * The local Web Push service a worker's server may push to (WEB_PUSH_TEST_SERVICE): a test
 * that reads pushes starts one on this port (tests/helpers/push-service.ts).
 */
export function pushServicePort(sitePort: number): number {
  return sitePort + 21_000;
}

/**
 * The fake Stripe API a worker's server makes pay links through (STRIPE_API_BASE): a test
 * that pays by card link serves one on this port (FakeStripe.listen in
 * tests/helpers/fake-stripe.ts); otherwise making a link fails as with Stripe down.
 */
export function stripeApiPort(sitePort: number): number {
  return sitePort + 22_000;
}

/**
 * The fake Twilio API a worker's server texts through when its tests ask for texting
 * (`test.use({ texting: true })`, tests/e2e/support/test.ts).
 */
export function twilioApiPort(sitePort: number): number {
  return sitePort + 23_000;
}

/**
 * The fake Thumbtack API a worker's server sends replies to Thumbtack leads through
 * (THUMBTACK_API_BASE): a test that replies serves one on this port (lead-inbox.spec.ts).
 */
export function thumbtackApiPort(sitePort: number): number {
  return sitePort + 25_000;
}

/**
 * The fake Google Ads API and OAuth token endpoint a worker's server pulls Local Services
 * leads from (GOOGLE_ADS_API_BASE_URL): a test that connects serves one on this port
 * (lsa-walk.spec.ts, with tests/helpers/fake-google-ads.ts).
 */
export function googleAdsApiPort(sitePort: number): number {
  return sitePort + 26_000;
}

/** The Thumbtack webhook's and Angi inbound parse's passwords on the browser tests' servers. */
export const E2E_THUMBTACK_SECRET = "e2e-thumbtack-webhook-secret";
export const E2E_ANGI_SECRET = "e2e-angi-inbound-parse-secret";
export const E2E_ANGI_DOMAIN = "inbound.lockline.test";

/** A known owner for the browser tests (a fixture of a throwaway database, not a secret). */
export const E2E_OWNER = {
  email: "e2e-owner@example.com",
  name: "Olivia Owner",
  password: "E2e-Owner-Pass1",
};

/*
 * Most tests run on Chromium's headless shell; it has no notification permission, so the
 * tests of Web Push and notifications run on the full browser (decision 0038).
 */
const NEEDS_FULL_BROWSER = /night-alerts\.spec\.ts$/;

/**
 * The files whose server texts through a fake Twilio (`test.use({ texting: true })`): a
 * worker option, so a worker that goes from such a file to another one is restarted with a
 * new server. In file order they alternate two dozen times; a project of their own runs them
 * one after the other, and a worker restarts about once.
 */
const TEXTING_SPECS = fs
  .readdirSync("tests/e2e")
  .filter((name) => name.endsWith(".spec.ts"))
  .filter((name) =>
    /^test\.use\(\{ texting: true\b/m.test(fs.readFileSync(`tests/e2e/${name}`, "utf8")),
  )
  .map((name) => `**/tests/e2e/${name}`);

function onChromium(executablePath: string) {
  return {
    ...devices["Desktop Chrome"],
    channel: undefined,
    launchOptions: {
      executablePath,
      args: CHROMIUM_FLAGS,
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  // The data directory each worker's server starts from a copy of.
  globalSetup: "tests/e2e/support/global-setup.ts",
  fullyParallel: false,
  // Two workers on a 2-core machine: while one waits on its server or browser the other
  // runs (E2E_WORKERS=1 for one at a time).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "list" : "line",
  // The walks through a whole job (request → dispatch → job page → review, two browsers, axe
  // at each step) take 20-30 s on a busy 2-core machine, and 40-60 s on a slow one (a full
  // run of 2026-11-30, where one such walk ran out of 60 s twice at its last step).
  timeout: 90_000,
  // An assertion waits up to 10 s, not Playwright's 5: two browsers and two servers share two
  // cores, and a live update or a hydration can take seconds there. Password hashing waits
  // longer still (HASHING, tests/e2e/support/auth-helpers.ts).
  expect: { timeout: 10_000 },
  use: {
    // Each test's baseURL is its worker's server (tests/e2e/support/test.ts).
    // A trace only when a failed test runs again: recording every test costs time.
    trace: "on-first-retry",
    // No service worker unless a test is about it: installed in every fresh context, it
    // fetched each page's files a second time (decision 0083).
    serviceWorkers: "block",
    // What a failed run leaves to look at: the page as it was (a retry also records a trace).
    screenshot: "only-on-failure",
  },
  projects: [
    // Everything but notifications: on the headless shell, the texting files together.
    {
      name: "chromium",
      testIgnore: [NEEDS_FULL_BROWSER, ...TEXTING_SPECS],
      use: onChromium(HEADLESS_SHELL),
    },
    { name: "chromium-texting", testMatch: TEXTING_SPECS, use: onChromium(HEADLESS_SHELL) },
    { name: "chromium-full", testMatch: NEEDS_FULL_BROWSER, use: onChromium(FULL_CHROMIUM) },
  ],
});
