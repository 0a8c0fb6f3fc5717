import { expect, type Browser, type Page } from "@playwright/test";
import { expectToast, type StorageState } from "./auth-helpers";
import { gotoHydrated } from "./browser";
import { quietClient, webPhone } from "./roster-helpers";
import { gotoPublicPage } from "./site";
import { test } from "./test";

export interface NightWatchForm {
  mode: "off" | "window" | "always";
  offerSeconds?: string;
  maxOffers?: string;
  onCallName?: string;
  onCallPhone?: string;
}

/** Settings → Night watch, filled and saved (on a client whose toasts arrive: quietClient). */
export async function saveNightWatch(page: Page, form: NightWatchForm): Promise<void> {
  await gotoHydrated(page, "/admin/settings/night-watch");
  await page.getByLabel("Automatic offers").selectOption(form.mode);
  if (form.offerSeconds) await page.getByLabel("Offer timer (seconds)").fill(form.offerSeconds);
  if (form.maxOffers)
    await page.getByLabel("Offers before the office is alerted").fill(form.maxOffers);
  if (form.onCallName !== undefined)
    await page.getByLabel("On-call operator's name").fill(form.onCallName);
  if (form.onCallPhone !== undefined)
    await page.getByLabel("On-call operator's phone").fill(form.onCallPhone);
  await page.getByRole("button", { name: "Save night watch" }).click();
  await expectToast(page, "Night watch settings saved");
}

/**
 * Night watch back to off with nobody on call, after a test that turned it on: later specs
 * on this worker's server expect nothing to be offered behind their backs. Returns the
 * owner's page, on Settings → Night watch.
 */
export async function turnNightWatchOff(browser: Browser, owner: StorageState): Promise<Page> {
  const { page } = await quietClient(browser, { storageState: owner });
  await saveNightWatch(page, { mode: "off", onCallName: "", onCallPhone: "" });
  return page;
}

/** A group of tests that turn the night watch on: two minutes each, and it is off after each. */
export function describeWithNightWatch(title: string, tests: () => void): void {
  test.describe(title, () => {
    test.describe.configure({ timeout: 120_000 });
    test.afterEach(({ browser, owner }) => turnNightWatchOff(browser, owner));
    tests();
  });
}

/**
 * A visitor's request through the website's form (a ZIP outside the areas is still taken),
 * from a new webPhone() unless the test names the phone.
 */
export async function requestService(
  page: Page,
  request: { name: string; phone?: string; zip: string },
): Promise<void> {
  await gotoPublicPage(page, "/request");
  await page.getByLabel("Your name").fill(request.name);
  await page.getByLabel("Phone number").fill(request.phone ?? webPhone().typed);
  await page.getByLabel("Service needed").selectOption("automotive");
  await page.getByLabel("ZIP code").fill(request.zip);
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { name: "Request received" })).toBeVisible();
}
