import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { newClient } from "./support/auth-helpers";
import { MOBILE } from "./support/browser";

/*
 * A phone writes the back office's dates without an Intl.DateTimeFormat while the page
 * hydrates (decision 0079): the first one a page makes, of any zone, loads the locale's data,
 * 55-65 ms of a 4x-throttled phone's main thread. Chicago times come from the offsets the
 * server sends with the page. Every date formatter the page makes, from its first script to
 * the hydrated mark, is recorded with its time zone.
 */

declare global {
  interface Window {
    dateFormatters?: string[];
  }
}

/** Runs before the page's own scripts: notes the zone of every date formatter made. */
function recordDateFormatters() {
  window.dateFormatters = [];
  const record = (options?: Intl.DateTimeFormatOptions) => {
    if (performance.getEntriesByName("hydrated", "mark").length === 0)
      window.dateFormatters!.push(options?.timeZone ?? "the device's zone");
  };
  // Called with or without `new`, as Intl.DateTimeFormat may be.
  Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
    construct(target, args: Parameters<typeof Intl.DateTimeFormat>) {
      record(args[1]);
      return Reflect.construct(target, args);
    },
    apply(target, self, args: Parameters<typeof Intl.DateTimeFormat>) {
      record(args[1]);
      return Reflect.apply(target, self, args);
    },
  });
}

async function formattersMadeUntilHydrated(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForFunction(() => performance.getEntriesByName("hydrated", "mark").length > 0);
  return page.evaluate(() => window.dateFormatters ?? []);
}

test("the back office's screens hydrate without making a date formatter, and write the server's dates", async ({
  browser,
  owner,
}) => {
  const { page, context } = await newClient(browser, { storageState: owner, viewport: MOBILE });
  await context.addInitScript(recordDateFormatters);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));

  expect(await formattersMadeUntilHydrated(page, "/admin/leads"), "Leads").toEqual([]);
  const lead = await page
    .getByRole("link", { name: /open the lead/ })
    .first()
    .getAttribute("href");
  for (const path of ["/admin", lead!, "/admin/jobs", "/admin/payouts"]) {
    expect(await formattersMadeUntilHydrated(page, path), path).toEqual([]);
  }
  // The dates written from the server's offsets are the server's: React found nothing to mend
  // (a text that differs from the server's is a recoverable error, logged).
  expect(errors).toEqual([]);
});
