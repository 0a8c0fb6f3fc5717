import { expect, test } from "./support/test";
import { newClient } from "./support/auth-helpers";
import {
  DESKTOP,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  MOBILE,
} from "./support/browser";

/*
 * "Needs closing" (issue 45, decision 0066): the demo business's old open jobs (on a job since
 * months ago, no progress for more than 12 hours) are listed on the dashboard for the office to
 * close, oldest first, each opening its lead; Jobs flags them too. The dashboard also shows the
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
    await expectNoAxeViolations(page, `dashboard with jobs to close at ${label}`);
    await expectNoSidewaysScroll(page, `dashboard with jobs to close at ${label}`);
    await list.screenshot({ path: test.info().outputPath(`needs-closing-${viewport.width}.png`) });
    await rows.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/admin\/leads\/[0-9a-f-]{36}$/);

    // The Jobs list flags the same jobs under their status, oldest created first.
    await gotoHydrated(page, "/admin/jobs?status=in_progress&sort=date&dir=asc");
    await expect(page.getByText(/^Needs closing: no progress since /).first()).toBeVisible();
    await expectNoAxeViolations(page, `Jobs with a job to close at ${label}`);
    await context.close();
  });
}
