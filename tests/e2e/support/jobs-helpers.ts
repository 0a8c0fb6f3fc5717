import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { gotoHydrated, newClient, type StorageState } from "./auth-helpers";

/*
 * Shared steps of the Jobs and Dispatch Codes specs: a signed-in page at a given width, the
 * visible copy of a row (the table from 768 px up, the cards below; the other copy is in
 * the DOM but hidden), and waiting out toasts before an axe run.
 */

/**
 * A fresh context (own client IP) with the owner signed in, on `path`, hydrated.
 *
 * Live updates are off unless asked for: a change event that arrives while a fetcher's
 * own revalidation is in flight makes the page revalidate again, which interrupts the
 * first one after it has already consumed the one-shot toast cookie, so the toast is
 * lost now and then (reported; the fix belongs in use-live-updates.ts). The live tests
 * turn them on and check the list follows changes made elsewhere.
 */
export async function ownerPage(
  browser: Browser,
  owner: StorageState,
  path: string,
  viewport: { width: number; height: number },
  options: { live?: boolean; permissions?: string[] } = {},
): Promise<Page> {
  const { page, context } = await newClient(browser, { storageState: owner, viewport });
  if (options.permissions) await context.grantPermissions(options.permissions);
  if (!options.live) await withoutLiveUpdates(page);
  await gotoHydrated(page, path);
  return page;
}

/** Answers the live-update stream with 204, which tells EventSource not to reconnect. */
export async function withoutLiveUpdates(page: Page): Promise<void> {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
}

/** Text nobody else's test data contains, to find what this test made. */
export function uniqueTag(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** The visible row or card that contains `text`. */
export function visibleItem(page: Page, text: string | RegExp): Locator {
  return page
    .locator("table tbody tr, main ul > li")
    .filter({ hasText: text })
    .filter({ visible: true });
}

/** Types into the list's search box and waits for the URL (and list) to follow. */
export async function search(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label).fill(text);
  await expect(page).toHaveURL(
    new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, "\\+")}`),
  );
}

/** Closes every toast and waits until none is left (a toast mid-animation upsets axe). */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator("[data-sonner-toast]");
  for (const close of await page.locator("[data-sonner-toast] [data-close-button]").all()) {
    await close.click({ force: true }).catch(() => {});
  }
  await expect(toasts).toHaveCount(0, { timeout: 10_000 });
}
