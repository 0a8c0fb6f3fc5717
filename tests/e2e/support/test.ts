import { test as base } from "@playwright/test";
import { sitePort, twilioApiPort } from "../../../playwright.config";
import { FAKE_ACCOUNT_SID, FAKE_AUTH_TOKEN, FakeTwilio } from "../../helpers/fake-twilio";
import { FakeStripe } from "../../helpers/fake-stripe";
import { newClient, ownerState, type Client, type StorageState } from "./auth-helpers";
import { DESKTOP } from "./browser";
import { startSiteServer, type SiteServer } from "./site-server";

export * from "@playwright/test";

/**
 * Playwright's `test`, plus:
 * - `siteServer`: each worker's own server, over a copy of the run's data directory
 *   (global-setup.ts, site-server.ts), started before its first test; every test's `baseURL` (so `page`, `request` and relative URLs)
 *   points at it.
 * - `owner`: the seeded owner's signed-in state, made once per worker, for contexts that
 *   only need "an owner is looking" (`newClient(browser, { storageState: owner })`).
 * - `office`: the owner at the office desk: a fresh client (a context and its page, 1280 px)
 *   made from `owner`, for the tests whose walk starts "the office, signed in, ...".
 * - `stripe`: a fake Stripe this test's server reaches through the SDK (STRIPE_API_BASE),
 *   listening for the test's length: the sessions made, payments and refunds.
 * - every browser context a test opened by hand is closed when the test ends. Left open,
 *   each one keeps its live-update stream and reloads its page on every write, and a whole
 *   run's worth of them piles up on the worker's server.
 */
export const test = base.extend<
  { closeOpenContexts: void; office: Client; stripe: FakeStripe },
  {
    siteServer: SiteServer;
    owner: StorageState;
    texting: boolean;
    phones: FakeTwilio;
  }
>({
  /**
   * `test.use({ texting: true })`: the file's server texts through Twilio's SDK to a fake
   * Twilio served in the worker (TWILIO_API_BASE), and `phones` reads what each phone got,
   * as a customer reads their texts (issue 44: staff never see a customer's link or code).
   */
  texting: [false, { scope: "worker", option: true }],
  phones: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => provide(new FakeTwilio()),
    { scope: "worker" },
  ],
  siteServer: [
    async ({ texting, phones }, provide, workerInfo) => {
      const port = sitePort(workerInfo.parallelIndex);
      const twilioPort = twilioApiPort(port);
      const closeTwilio = texting ? await phones.listen(twilioPort) : undefined;
      const site = await startSiteServer(
        port,
        process.env.E2E_SITE_TEMPLATE,
        texting
          ? {
              TWILIO_ACCOUNT_SID: FAKE_ACCOUNT_SID,
              TWILIO_AUTH_TOKEN: FAKE_AUTH_TOKEN,
              TWILIO_FROM_NUMBER: "+17085550100",
              TWILIO_API_BASE: `http://127.0.0.1:${twilioPort}`,
            }
          : {},
      );
      await provide(site.server);
      await site.dispose();
      await closeTwilio?.();
    },
    // From the run's template (global-setup.ts): a copy and a start, 5-30 s on a busy machine.
    { scope: "worker", auto: true, timeout: 180_000 },
  ],
  owner: [
    async ({ browser, siteServer }, provide) => {
      void siteServer; // signs in against this worker's server, so it must be up first
      await provide(await ownerState(browser));
    },
    { scope: "worker" },
  ],
  baseURL: async ({ siteServer }, provide) => provide(siteServer.origin),
  office: async ({ browser, owner }, provide) =>
    provide(await newClient(browser, { storageState: owner, viewport: DESKTOP })),
  stripe: async ({ siteServer }, provide) => {
    const stripe = new FakeStripe();
    const close = await stripe.listen(siteServer.stripeApiPort);
    await provide(stripe);
    await close();
  },
  closeOpenContexts: [
    async ({ browser }, use) => {
      await use();
      await Promise.all(browser.contexts().map((context) => context.close()));
    },
    { auto: true },
  ],
});
