import { test as base } from "@playwright/test";

export * from "@playwright/test";

/**
 * Playwright's `test`, plus one rule: every browser context a test opened by hand is closed
 * when the test ends. Left open, each one keeps its live-update stream and reloads its page
 * on every write, and a whole run's worth of them piles up on the one test server.
 */
export const test = base.extend<{ closeOpenContexts: void }>({
  closeOpenContexts: [
    async ({ browser }, use) => {
      await use();
      await Promise.all(browser.contexts().map((context) => context.close()));
    },
    { auto: true },
  ],
});
