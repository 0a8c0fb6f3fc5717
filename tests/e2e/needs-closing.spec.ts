import { expect, test } from "./support/test";
import { expectToast, newClient } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectFitsAndPassesAxe, expectNoAxeViolations } from "./support/screen-checks";

/*
 * "Needs closing" (issue 45, decision 0066): the demo business's old open jobs (on a job since
 * months ago, no progress for more than 12 hours) are listed on the dashboard for the office to
 * close, oldest first, each opening its lead, which flags it too, as Jobs does; the owner sets
 * the hours in Settings → Night watch. The dashboard also shows the
 * period's arrival against the site's promise (issue 45, part C).
 */

for (const [label, viewport] of [
  ["375 px", MOBILE],
  ["1280 px", DESKTOP],
] as const) {
  test(`at ${label}: the dashboard lists the jobs that need closing`, async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner, viewport });
    await gotoHydrated(page, "/admin");
    await expect(page.getByRole("heading", { level: 2, name: /^Needs closing/ })).toBeVisible();
    const list = page.getByRole("list", { name: "Jobs that need closing" });
    const rows = list.getByRole("listitem");
    expect(await rows.count()).toBeGreaterThan(0);
    await expect(rows.first()).toContainText("No progress since");
    // The charts' period's arrival against the site's promise, read off the reports' rollups.
    const arrival = page.getByRole("table", { name: /^Arrival against the site.s promise/ });
    await expect(arrival.getByRole("rowheader")).toHaveText([
      "All requests",
      "Emergency lockouts",
      "Chicago neighborhoods",
      "Suburbs",
    ]);
    await expectFitsAndPassesAxe(page, `dashboard with jobs to close at ${label}`);
    await list.screenshot({ path: test.info().outputPath(`needs-closing-${viewport.width}.png`) });
    await rows.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
    // The lead page flags it as Jobs does.
    await expect(page.getByText(/^Needs closing: no progress since /)).toBeVisible();
    await expectNoAxeViolations(page, `lead that needs closing at ${label}`);
    await page.screenshot({
      path: test.info().outputPath(`needs-closing-lead-${viewport.width}.png`),
    });

    // The Jobs list flags the same jobs under their status, oldest created first.
    await gotoHydrated(page, "/admin/jobs?status=in_progress&sort=date&dir=asc");
    await expect(page.getByText(/^Needs closing: no progress since /).first()).toBeVisible();
    await expectNoAxeViolations(page, `Jobs with a job to close at ${label}`);
    await context.close();
  });
}

test("Settings → Night watch: the owner sets when a job needs closing, 1 to 72 hours", async ({
  browser,
  owner,
}) => {
  for (const viewport of [MOBILE, DESKTOP]) {
    const { page, context } = await newClient(browser, { storageState: owner, viewport });
    await gotoHydrated(page, "/admin/settings/night-watch");
    const hours = page.getByLabel("No progress for (hours)");
    await expect(hours).toHaveValue("12");
    await hours.fill("73");
    await page.getByRole("button", { name: "Save needs closing" }).click();
    await expect(
      page.getByText("Needs closing after: enter whole hours from 1 to 72"),
    ).toBeVisible();
    await expect(hours).toHaveValue("73");
    await expectFitsAndPassesAxe(page, `Night watch, needs closing refused at ${viewport.width}`);
    // Saved at the default, so the demo's flags stay for the other tests.
    await hours.fill("12");
    await page.getByRole("button", { name: "Save needs closing" }).click();
    await expectToast(page, "Needs closing saved");
    await page
      .getByRole("heading", { name: "Needs closing" })
      .locator("xpath=ancestor::form")
      .screenshot({ path: test.info().outputPath(`needs-closing-setting-${viewport.width}.png`) });
    await context.close();
  }
});
