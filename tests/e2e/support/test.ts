import { test as base } from "@playwright/test";
import { sitePort } from "../../../playwright.config";
import { ownerState, type StorageState } from "./auth-helpers";
import { startSiteServer, type SiteServer } from "./site-server";

export * from "@playwright/test";

/**
 * Playwright's `test`, plus:
 * - `siteServer`: each worker's own server, over a copy of the run's data directory
 *   (global-setup.ts, site-server.ts), started before its first test; every test's `baseURL` (so `page`, `request` and relative URLs)
 *   points at it.
 * - `owner`: the seeded owner's signed-in state, made once per worker, for contexts that
 *   only need "an owner is looking" (`newClient(browser, { storageState: owner })`).
 * - every browser context a test opened by hand is closed when the test ends. Left open,
 *   each one keeps its live-update stream and reloads its page on every write, and a whole
 *   run's worth of them piles up on the worker's server.
 */
export const test = base.extend<
  { closeOpenContexts: void },
  { siteServer: SiteServer; owner: StorageState }
>({
  siteServer: [
    // Playwright reads a fixture's dependencies from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const site = await startSiteServer(
        sitePort(workerInfo.parallelIndex),
        process.env.E2E_SITE_TEMPLATE,
      );
      await provide(site.server);
      await site.dispose();
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
  closeOpenContexts: [
    async ({ browser }, use) => {
      await use();
      await Promise.all(browser.contexts().map((context) => context.close()));
    },
    { auto: true },
  ],
});
