import { expect, type Page } from "@playwright/test";
import { VISIT_POLL_MS } from "../../../app/lib/site/visit-live";

/*
 * Where every browser test looks, public site and back office alike: the two viewports the
 * project checks, waiting for hydration, and the token pages' next look at the server. What
 * it checks there is in ./screen-checks.
 */

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 800 } as const;

/** Both, with the names the checks give them: `for (const [label, viewport] of VIEWPORTS)`. */
export const VIEWPORTS = [
  ["1280 px", DESKTOP],
  ["375 px", MOBILE],
] as const;

/**
 * Opens a page and waits until React has hydrated it. React Router's <ScrollRestoration>
 * switches history.scrollRestoration to "manual" in a passive effect, i.e. only once the
 * hydrated tree has committed and its effects ran: a marker that needs no app change.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => window.history.scrollRestoration === "manual");
}

/**
 * A token page's next look at the server (the customer's page, the locksmith's: the
 * `visit-live` island), now: the test moves the page's clock, which it installed before the
 * page loaded (`page.clock.install()`), to when the poll comes due rather than waiting it
 * out. The page must be ready to look: its script attached on the document now showing.
 */
export async function nextVisitPoll(page: Page): Promise<void> {
  await expect(page.locator('[data-island="visit-live"]')).toHaveAttribute("data-island-ready", "");
  await page.clock.fastForward(VISIT_POLL_MS);
}
