import { expect, test, type Browser, type Page, type ViewportSize } from "./support/test";
import { newClient, type StorageState } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";

/*
 * The back office starts without a connection (issue 32, decision 0040): after a first
 * visit its service worker (public/office-sw.js) keeps the app's hashed files and an offline
 * page; a page that cannot reach the server shows that page instead of the browser's error,
 * and comes back by itself. No page, data or API answer of the back office is kept.
 */

/** The owner on a client where the worker may register (the others have none: decision 0083). */
function ownerWithWorker(browser: Browser, owner: StorageState, viewport: ViewportSize = DESKTOP) {
  return newClient(browser, { storageState: owner, viewport, serviceWorkers: "allow" });
}

/** Waits until the service worker controls the page and has kept the page's own files. */
async function shellKept(page: Page): Promise<string[]> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The files the page loaded (React Router drops its script tags once hydrated).
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.startsWith("/assets/")),
  );
  expect(scripts.length).toBeGreaterThan(0);
  await expect
    .poll(() =>
      page.evaluate(
        async (urls) => (await Promise.all(urls.map((url) => caches.match(url)))).every(Boolean),
        scripts,
      ),
    )
    .toBe(true);
  return scripts;
}

/** Every URL the page's origin keeps in CacheStorage, with its content type. */
function cachedEntries(page: Page) {
  return page.evaluate(async () => {
    const entries: { cache: string; path: string; type: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({
          cache: name,
          path: new URL(request.url).pathname,
          type: response?.headers.get("content-type") ?? "",
        });
      }
    }
    return entries;
  });
}

test.describe("the back office without a connection", () => {
  test("a reload offline shows the offline page, served files come from the cache, and the page comes back with the connection", async ({
    browser,
    owner,
  }) => {
    const { context, page } = await ownerWithWorker(browser, owner, MOBILE);
    await gotoHydrated(page, "/admin/leads");
    const scripts = await shellKept(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Offline — retrying", level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/leads$/);
    // No customer's data is on it: the page is the same for everyone.
    await expect(page.getByRole("heading", { name: "Leads" })).toHaveCount(0);
    await expectNoAxeViolations(page, "offline page at 375 px");

    // The app's files answer without the network, from the worker's cache.
    const offlineFetch = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { ok: response.ok, type: response.headers.get("content-type") };
    }, scripts[0]!);
    expect(offlineFetch.ok).toBe(true);
    expect(offlineFetch.type).toContain("javascript");
    // What the server alone can answer fails as it should: loader data is never kept.
    const data = await page.evaluate(() =>
      fetch("/admin/leads.data").then(
        (response) => response.status,
        () => "network error",
      ),
    );
    expect(data).toBe("network error");

    // The connection comes back: the page it stands for opens by itself.
    await context.setOffline(false);
    await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible({
      timeout: 20_000,
    });
    await context.close();
  });

  test("CacheStorage holds only the shell: hashed files and the offline page, never a back-office page or its data", async ({
    browser,
    owner,
  }) => {
    const { context, page } = await ownerWithWorker(browser, owner);
    await gotoHydrated(page, "/admin");
    await shellKept(page);
    // A few screens under the worker's control: pages, loader data, the live stream.
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Leads" })
      .click();
    await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
    await page.goto("/admin/jobs");
    await expect(page.getByRole("heading", { name: "Jobs", level: 1 })).toBeVisible();
    await page.goto("/admin/messages");
    await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();

    const entries = await cachedEntries(page);
    expect(entries.some((entry) => entry.path.startsWith("/assets/"))).toBe(true);
    expect(entries.map((entry) => entry.path)).toContain("/office-offline.html");
    const shell = ["/office-offline.html", "/office-offline.js", "/office-icon-192.png"];
    const private_ = entries.filter(
      (entry) => !entry.path.startsWith("/assets/") && !shell.includes(entry.path),
    );
    expect(private_).toEqual([]);
    // The one HTML kept is the offline page.
    expect(
      entries.filter((entry) => entry.type.includes("html")).map((entry) => entry.path),
    ).toEqual(["/office-offline.html"]);
    await context.close();
  });
});
