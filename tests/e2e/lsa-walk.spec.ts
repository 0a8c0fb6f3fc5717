import { googleAdsApiPort } from "../../playwright.config";
import { startFakeGoogleAds } from "../helpers/fake-google-ads";
import { formatAdsDateTime } from "~/lib/lead-inbox/lsa";
import { expect, test } from "./support/test";
import { newClient } from "./support/auth-helpers";
import { MOBILE } from "./support/browser";
import {
  expectFitsAndPassesAxe,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
} from "./support/screen-checks";

/*
 * Google Local Services (issue 51, decision 0072) as the office meets it, against the local
 * fake of the Google Ads API: Connect in Settings → Sources, a message lead appearing live in
 * the leads list with its source, a reply and "Not a real lead" from its page, and the
 * report's charged and credited counts; at 1280 and 375 px, axe clean.
 */

test("a Local Services lead arrives live, is answered and disputed, and counts in the report", async ({
  browser,
  office,
  owner,
  siteServer,
}) => {
  test.slow();
  const fake = await startFakeGoogleAds({
    port: googleAdsApiPort(Number(new URL(siteServer.origin).port)),
  });
  const name = `Lena Local ${Date.now() % 100_000}`;
  try {
    const list = office.page;
    await list.goto(`/admin/leads?q=${encodeURIComponent(name)}`);

    const settings = await office.context.newPage();
    await settings.goto("/admin/settings/sources");
    fake.addLead({
      type: "MESSAGE",
      at: formatAdsDateTime(new Date(), fake.timeZone),
      phone: `+1312555${String(Date.now() % 10_000).padStart(4, "0")}`,
      name,
      text: "Locked out of my apartment on Clark St",
      charged: true,
    });
    await settings.getByLabel("Google Ads customer ID").fill("123-456-7890");
    await settings.getByLabel("OAuth refresh token").fill("1//e2e-refresh-token");
    await settings.getByRole("button", { name: "Connect", exact: true }).click();
    await expect(settings.getByText(/^Connected \(account 123-456-7890/)).toBeVisible();
    await expectNoAxeViolations(
      settings,
      "Settings → Sources with Local Services connected, 1280 px",
    );

    // The pull runs at once: the lead shows in the open list without a reload, with its source.
    const row = list.getByRole("link", { name: new RegExp(`^${name}`) }).first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(list.locator("tr, li").filter({ has: row }).first()).toContainText(
      "Google Local Services",
    );
    await expectNoAxeViolations(list, "the leads list with a Local Services lead, 1280 px");
    await row.click();
    await expect(
      list.getByRole("heading", { level: 2, name: "Google Local Services messages" }),
    ).toBeVisible();
    const leadPath = new URL(list.url()).pathname;
    await office.context.close();

    const phone = await newClient(browser, { storageState: owner, viewport: MOBILE });
    const page = phone.page;
    await page.goto(leadPath);
    await expect(
      page.getByText("Locked out of my apartment on Clark St", { exact: true }),
    ).toBeVisible();
    await page.getByLabel("Reply on Google").fill("On our way, about 20 minutes.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByText("Sent through Google")).toBeVisible({ timeout: 15_000 });
    expect(fake.appended).toEqual([
      {
        localServicesLead: fake.leads[0]!.resourceName,
        text: "On our way, about 20 minutes.",
      },
    ]);

    await page.getByLabel("Why it was not a real lead").selectOption("GEO_MISMATCH");
    await page.getByRole("button", { name: "Not a real lead" }).click();
    await expect(page.getByTestId("lsa-credit")).toHaveText(/Google will credit this lead/);
    expect(fake.feedback).toHaveLength(1);
    await expectNoAxeViolations(
      page,
      "a Local Services lead's page, answered and disputed, 375 px",
    );
    await expectNoSidewaysScroll(page, "a Local Services lead's page at 375 px");

    await page.goto("/admin/reports");
    const counts = page
      .getByRole("heading", { level: 2, name: "Google Local Services" })
      .locator("xpath=ancestor::div[contains(@class,'rounded-xl')][1]");
    // This lead: charged by Google, and disputed (its credit is pending).
    const figure = (label: string) =>
      counts
        .locator("dl > div")
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator("dd");
    for (const label of ["Leads", "Charged", "Credit pending"]) {
      await expect(figure(label)).toHaveText(/^[1-9]\d*$/);
    }
    await expect(figure("Credited")).toHaveText(/^\d+$/);
    await expectFitsAndPassesAxe(page, "the reports with Local Services counts, 375 px");

    // Disconnected again: the worker's server pulls no more from a fake that is gone.
    await page.goto("/admin/settings/sources");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Disconnect" }).click();
    await expect(page.getByText("Not connected.")).toBeVisible();
  } finally {
    await fake.close();
  }
});
