import { COUNT_CAP } from "../../app/lib/admin/pagination";
import { expect, test, type Locator, type Page } from "./support/test";
import { newClient, postForm } from "./support/auth-helpers";
import { listTotal, parseCount, statDetail, statValue } from "./support/dashboard-helpers";
import { siteDatabaseKind } from "./support/site-server";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectFitsAndPassesAxe, expectNoAxeViolations } from "./support/screen-checks";

/*
 * The dashboard as the operator opens it every morning, against the built server and its demo data:
 * the four cards of docs/spec/back-office.md §2, the charts, quick actions, real system checks,
 * live reload on a new lead, phones, and axe.
 */

async function openDashboard(page: Page) {
  await gotoHydrated(page, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
}

function chart(page: Page, title: string): Locator {
  return page.getByRole("heading", { level: 2, name: title }).locator("xpath=../..");
}

/** The values in a chart's "Show the numbers" table. */
async function chartTable(card: Locator): Promise<string[][]> {
  const details = card.locator("details");
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await details.locator("summary").click();
  }
  const table = card.getByRole("table");
  await expect(table).toBeVisible();
  return table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => cell.textContent ?? "")),
    );
}

test.describe("desktop", () => {
  test.use({ viewport: DESKTOP });

  test("title, subtitle and the spec's four cards with their second numbers", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openDashboard(page);
    await expect(page.getByText("Manage your locksmith business")).toBeVisible();
    await expect(page).toHaveTitle(/Dashboard/);

    const locksmiths = await statValue(page, "Total Locksmiths");
    expect(locksmiths).toBeGreaterThanOrEqual(40);
    await expect(statDetail(page, "Total Locksmiths")).toHaveText(/^[\d,]+ active$/);
    expect(
      parseCount(await statDetail(page, "Total Locksmiths").textContent()),
    ).toBeLessThanOrEqual(locksmiths);

    const leads = await statValue(page, "Total Leads");
    expect(leads).toBeGreaterThanOrEqual(5_000);
    await expect(statDetail(page, "Total Leads")).toHaveText(/^[\d,]+ new$/);

    const active = await statValue(page, "Active Jobs");
    await expect(statDetail(page, "Active Jobs")).toHaveText(/^[\d,]+ jobs in total$/);
    const jobs = parseCount(await statDetail(page, "Active Jobs").textContent());
    expect(jobs).toBeGreaterThanOrEqual(2_000);
    expect(active).toBeLessThanOrEqual(jobs);

    const today = await statValue(page, "Call Activity");
    await expect(statDetail(page, "Call Activity")).toHaveText(
      /^today \(UTC\) · [\d,]+ calls in total$/,
    );
    const calls = parseCount(
      (await statDetail(page, "Call Activity").textContent())!.split("·")[1]!,
    );
    expect(calls).toBeGreaterThanOrEqual(10_000);
    expect(today).toBeLessThanOrEqual(calls);

    // The same numbers as the lists they summarise.
    await gotoHydrated(page, "/admin/call-logs");
    expect(await statValue(page, "Total Calls")).toBe(calls);
    // The list counts up to the cap ("500+").
    expect(await listTotal(page)).toBe(Math.min(calls, COUNT_CAP));
    await context.close();
  });

  test("leads per day and revenue per week: 90 days, zeros shown, totals that add up", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openDashboard(page);

    const leadsChart = chart(page, "Leads per day");
    const leadsImage = leadsChart.getByRole("img");
    await expect(leadsImage).toHaveAccessibleName(/lead.* in the last 90 days/);
    await expect(leadsImage.locator("rect")).toHaveCount(90);
    const headline = parseCount(await leadsChart.locator("p.text-2xl").textContent());
    const days = await chartTable(leadsChart);
    expect(days).toHaveLength(90);
    expect(days[0]![0]).toMatch(/\(today so far\)$/);
    for (const [, value] of days) expect(value).toMatch(/^[\d,]+ leads?$/);
    expect(days.reduce((sum, [, value]) => sum + parseCount(value!), 0)).toBe(headline);

    const revenueChart = chart(page, "Revenue per week");
    const revenueImage = revenueChart.getByRole("img");
    await expect(revenueImage).toHaveAccessibleName(/completed job|No completed/);
    const weeks = await chartTable(revenueChart);
    expect(weeks.length).toBeGreaterThanOrEqual(13);
    expect(weeks.length).toBeLessThanOrEqual(14);
    await expect(revenueImage.locator("rect")).toHaveCount(weeks.length);
    expect(weeks[0]![0]).toMatch(/^Week of [A-Z][a-z]{2} \d{1,2} \(so far\)$/);
    let cents = 0;
    for (const [, value] of weeks) {
      const match = /^\$([\d,]+)\.(\d{2}) \([\d,]+ jobs?\)$/.exec(value!);
      expect(match, value).not.toBeNull();
      cents += Number(match![1]!.replace(/,/g, "")) * 100 + Number(match![2]);
    }
    const total = (await revenueChart.locator("p.text-2xl").textContent())!;
    expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(cents).toBe(parseCount(total));
    await expectNoAxeViolations(page, "dashboard with the chart tables open at 1280");
    await context.close();
  });

  test("quick actions open locksmiths, new leads and jobs in progress", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openDashboard(page);
    const actions = page
      .getByRole("heading", { level: 2, name: "Quick Actions" })
      .locator("xpath=../..");
    await expect(actions.getByRole("link", { name: /Manage locksmiths/ })).toHaveAttribute(
      "href",
      "/admin/locksmiths",
    );
    await expect(actions.getByRole("link", { name: /New leads/ })).toHaveAttribute(
      "href",
      "/admin/leads?status=new",
    );
    await expect(actions.getByRole("link", { name: /Jobs in progress/ })).toHaveAttribute(
      "href",
      "/admin/jobs?status=in_progress",
    );
    // The team hint from the interim dashboard stays, small.
    await expect(actions.getByText(/^Team: \d+ accounts?/)).toBeVisible();
    await expect(
      actions.getByRole("link", { name: /View the team|Review sign-ups/ }),
    ).toHaveAttribute("href", "/admin/settings");

    await actions.getByRole("link", { name: /Manage locksmiths/ }).click();
    await expect(page).toHaveURL(/\/admin\/locksmiths$/);
    await context.close();
  });

  test("System Status reports real checks", async ({ browser, owner }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openDashboard(page);
    const status = page
      .getByRole("heading", { level: 2, name: "System Status" })
      .locator("xpath=../..");
    const check = (term: string) => status.locator("dt", { hasText: term }).locator("~ dd");

    await expect(check("Database").first()).toHaveText("Online");
    await expect(check("Database").nth(1)).toHaveText(/round trip [\d.,]+ ms/);
    await expect(check("Live updates (server)").first()).toHaveText("Connected");
    // The browser's own stream: connected once the page has opened it.
    await expect(check("Live updates (this browser)").first()).toHaveText("Connected");
    // The test server has never backed up: on PGlite it runs with BACKUP_INTERVAL_HOURS=0;
    // PostgreSQL is left to the database server's own tools.
    await expect(check("Last backup").first()).toHaveText("Never");
    await expect(check("Last backup").nth(1)).toHaveText(
      siteDatabaseKind() === "postgres"
        ? "PostgreSQL is backed up by the database server's own tools."
        : /Automatic backups are off/,
    );
    await expect(status.getByText(/^Checked [A-Z][a-z]{2} \d{1,2}, \d{4}/)).toBeVisible();

    // The round trip is measured afresh on every load.
    await status.getByRole("link", { name: "Check again" }).click();
    await expect(check("Database").first()).toHaveText("Online");
    await context.close();
  });

  test("live: a new lead from the website updates Total Leads without a reload", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openDashboard(page);
    const status = page
      .getByRole("heading", { level: 2, name: "System Status" })
      .locator("xpath=../..");
    await expect(
      status.locator("dt", { hasText: "Live updates (this browser)" }).locator("~ dd").first(),
    ).toHaveText("Connected");
    const before = await statValue(page, "Total Leads");
    const newBefore = parseCount(await statDetail(page, "Total Leads").textContent());
    const todayBefore = (await chartTable(chart(page, "Leads per day")))[0]![1]!;

    // A visitor sends the website's request form (its own IP: the form is rate-limited).
    const visitor = await newClient(browser);
    const response = await postForm(visitor.request, "/request", {
      name: "Live Dashboard Test",
      phone: "(312) 555-0199",
      serviceType: "emergency",
      zip: "60601",
      details: "",
      website: "",
    });
    expect(response.status(), await response.text()).toBe(303);
    await visitor.context.close();

    await expect.poll(() => statValue(page, "Total Leads")).toBe(before + 1);
    expect(parseCount(await statDetail(page, "Total Leads").textContent())).toBe(newBefore + 1);
    const todayAfter = (await chartTable(chart(page, "Leads per day")))[0]![1]!;
    expect(parseCount(todayAfter)).toBe(parseCount(todayBefore) + 1);
    await context.close();
  });

  test("the charts follow the picked period in Chicago days: a preset, a custom range, and back to 90 days", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openDashboard(page);
    const periods = page.getByRole("navigation", { name: "Period" });
    await expect(periods.getByRole("link", { name: "Last 90 days" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await periods.getByRole("link", { name: "Last week" }).click();
    await expect(page).toHaveURL(/\/admin\?period=last_week$/);
    const leadsChart = chart(page, "Leads per day");
    await expect(leadsChart.getByRole("img").locator("rect")).toHaveCount(7);
    const days = await chartTable(leadsChart);
    expect(days).toHaveLength(7);
    // Last week is over: no bar is "so far".
    for (const [label] of days) expect(label).not.toMatch(/so far/);
    const revenue = await chartTable(chart(page, "Revenue per week"));
    expect(revenue).toHaveLength(1);
    expect(revenue[0]![0]).toMatch(/^Week of [A-Z][a-z]{2} \d{1,2}$/);

    // A custom range of ten days, typed into the form (a GET: it works without JavaScript).
    await page.getByLabel("From", { exact: true }).fill("2026-03-01");
    await page.getByLabel("To", { exact: true }).fill("2026-03-10");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/from=2026-03-01&to=2026-03-10/);
    await expect(page.getByText("Mar 1 – Mar 10, 2026", { exact: true })).toBeVisible();
    await expect(leadsChart.getByRole("img").locator("rect")).toHaveCount(10);
    const custom = await chartTable(leadsChart);
    expect(custom.map(([label]) => label)).toContain("Mar 8");
    // Mondays Feb 23, Mar 2 and Mar 9 start the weeks those days touch.
    expect(await chartTable(chart(page, "Revenue per week"))).toHaveLength(3);

    await periods.getByRole("link", { name: "Last 90 days" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(leadsChart.getByRole("img").locator("rect")).toHaveCount(90);
    await context.close();
  });

  test("axe at 1280 px", async ({ browser, owner }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openDashboard(page);
    await expectNoAxeViolations(page, "dashboard at 1280");
    await context.close();
  });
});

test.describe("phone", () => {
  test.use({ viewport: MOBILE });

  test("one column, charts fit the screen, no sideways scrolling; axe at 375 px", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner, viewport: MOBILE });
    await openDashboard(page);
    for (const title of ["Leads per day", "Revenue per week"]) {
      const box = await chart(page, title).getByRole("img").boundingBox();
      expect(box, title).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      expect(box!.height).toBeGreaterThan(100);
    }
    await expectFitsAndPassesAxe(page, "dashboard at 375");
    await context.close();
  });
});

test("without JavaScript the dashboard still shows every number", async ({ browser, owner }) => {
  const { page, context } = await newClient(browser, {
    storageState: owner,
    javaScriptEnabled: false,
  });
  await page.goto("/admin");
  expect(await statValue(page, "Total Leads")).toBeGreaterThan(0);
  await expect(page.getByRole("img", { name: /lead.* in the last 90 days/ })).toBeVisible();
  // <details> opens without JavaScript too.
  await page.getByText("Show the numbers").first().click();
  await expect(page.getByRole("table", { name: /Leads per day/ })).toBeVisible();
  await context.close();
});
