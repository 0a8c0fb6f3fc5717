import type { Page } from "@playwright/test";

/*
 * Where every browser test looks, public site and back office alike: the two viewports the
 * project checks, and waiting for hydration. What it checks there is in ./screen-checks.
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
