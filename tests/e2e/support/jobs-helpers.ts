import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { newClient, type StorageState } from "./auth-helpers";
import { gotoHydrated } from "./browser";

/*
 * Shared steps of the Jobs and Dispatch Codes specs: a signed-in page at a given width, the
 * visible copy of a row (the table where the list's column has 768 px, the cards below; the other copy is in
 * the DOM but hidden), and waiting out toasts before an axe run.
 */

/** A fresh context (own client IP) with the owner signed in, on `path`, hydrated. */
export async function ownerPage(
  browser: Browser,
  owner: StorageState,
  path: string,
  viewport: { width: number; height: number },
  options: { permissions?: string[] } = {},
): Promise<Page> {
  const { page, context } = await newClient(browser, { storageState: owner, viewport });
  if (options.permissions) await context.grantPermissions(options.permissions);
  await gotoHydrated(page, path);
  return page;
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

/**
 * A new request from another test's worker raises a toast that stays until dismissed, and it
 * can land on this test's next button; pages that are not about those alerts close it when
 * it gets in the way (Playwright runs the handler before an action it would block).
 */
export async function closeNewRequestToasts(page: Page): Promise<void> {
  await page.addLocatorHandler(
    page.locator("[data-sonner-toast]", {
      has: page.getByRole("button", { name: "Open the lead" }),
    }),
    () => dismissToasts(page),
  );
}

/** Closes every toast and waits until none is left (a toast mid-animation upsets axe). */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator("[data-sonner-toast]");
  // A toast still sliding in is outside the viewport and refuses the click: try again.
  await expect(async () => {
    for (const close of await page.locator("[data-sonner-toast] [data-close-button]").all()) {
      await close.click({ force: true, timeout: 1_000 }).catch(() => {});
    }
    await expect(toasts).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  // Off the toaster: a pointer resting on it pauses the next toasts' timers for good.
  await page.mouse.move(0, 0);
}
