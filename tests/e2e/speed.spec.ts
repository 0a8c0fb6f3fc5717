import { expect, test } from "./support/test";
import { newClient, siteOrigin } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";

/*
 * Real-user speed figures (issue 48, decision 0058): the pages this test visits measure
 * themselves (web-vitals and the "hydrated" mark) and send their figures when left; Settings →
 * Speed then shows them, p75 per screen and device class.
 */

test("pages visited report their figures, and Settings → Speed shows them", async ({
  browser,
  owner,
}) => {
  const { page, context } = await newClient(browser, { storageState: owner, viewport: MOBILE });
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/speed")) sent.push(request.url());
  });
  await gotoHydrated(page, "/admin/leads");
  // The reporter (web-vitals) loads once the page has hydrated.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .some((entry) => entry.name.includes("speed-report")),
      ),
    )
    .toBe(true);
  // A tap, so there is an interaction to time (INP); moving on sends what the screen measured.
  await page.getByRole("heading", { level: 1 }).click();
  const nav = page.getByRole("navigation", { name: "Admin" });
  await page.getByRole("button", { name: "Toggle sidebar" }).first().click();
  await nav.getByRole("link", { name: "Jobs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await page.getByRole("button", { name: "Toggle sidebar" }).first().click();
  await nav.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  // Leads' figures (its hydrated mark at least) go when the app moves to the next screen.
  await expect.poll(() => sent.length).toBeGreaterThanOrEqual(1);
  // Playwright cannot read a beacon's Blob body; the Speed page below shows what arrived.
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // The beacons are on their way while the page loads: read it until they have counted.
    // Other tests of this worker may have reported Leads from a desktop: the phone's row is ours.
    const week = page.getByRole("table", { name: /Last 7 days/ });
    const leadsOnPhone = week
      .getByRole("row")
      .filter({ hasText: /^leads/ })
      .filter({ hasText: "phone" });
    await expect(async () => {
      await gotoHydrated(page, "/admin/settings/speed");
      await expect(leadsOnPhone.first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(leadsOnPhone.first()).toContainText(/\d+ ms|\d+\.\d s/);
    await expectNoAxeViolations(page, `Settings → Speed at ${viewport.width} px`);
  }
  await context.close();
});

test("the endpoint refuses the signed-out and what is not a speed report", async ({
  browser,
  owner,
}) => {
  test.slow();
  const anonymous = await newClient(browser);
  const report = {
    screen: "routes/admin/leads/index",
    device: "desktop",
    samples: [{ metric: "LCP", value: 900 }],
  };
  // As the browser's beacon sends it: same-site, with its Origin (the CSRF check wants it).
  const headers = { origin: siteOrigin() };
  const signedOut = await anonymous.request.post("/api/speed", { data: report, headers });
  expect(signedOut.status()).not.toBe(204);
  const { request } = await newClient(browser, { storageState: owner });
  // The worker's owner is every test's owner: their pages' own reports may have spent this
  // minute's budget (a 429, the per-person limit); the next minute takes this one.
  await expect
    .poll(async () => (await request.post("/api/speed", { data: report, headers })).status(), {
      timeout: 75_000,
      intervals: [5_000],
    })
    .toBe(204);
  const bad = await request.post("/api/speed", {
    data: { ...report, screen: "/admin/leads/1" },
    headers,
  });
  expect(bad.status()).toBe(400);
});
