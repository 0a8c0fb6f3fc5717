import { expect, type Page } from "@playwright/test";
import { expectToast } from "./auth-helpers";
import { gotoHydrated } from "./browser";
import { openListedLead } from "./roster-helpers";
import { gotoPublicPage } from "./site";

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

/** A visitor's request through the website's form (a ZIP outside the areas is still taken). */
export async function requestService(
  page: Page,
  request: { name: string; phone: string; zip: string },
): Promise<void> {
  await gotoPublicPage(page, "/request");
  await page.getByLabel("Your name").fill(request.name);
  await page.getByLabel("Phone number").fill(request.phone);
  await page.getByLabel("Service needed").selectOption("automotive");
  await page.getByLabel("ZIP code").fill(request.zip);
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { name: "Request received" })).toBeVisible();
}

/** Opens the lead of `name` from the Leads page's search; returns its path. */
export async function openLeadNamed(page: Page, name: string): Promise<string> {
  await gotoHydrated(page, `/admin/leads?q=${encodeURIComponent(name)}`);
  return openListedLead(page, name);
}
