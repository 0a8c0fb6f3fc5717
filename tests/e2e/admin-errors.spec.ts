import { expect, test, type Page } from "./support/test";
import { newClient } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";

/*
 * A back-office screen that fails says so in words inside the shell (routes/admin/layout.tsx's
 * ErrorBoundary): the sidebar stays, and "Try again" loads the screen anew. The failure is
 * made by the test alone: the Jobs screen's code, as the browser fetches it, replaced by a
 * component that throws while rendering.
 */

const JOBS_ROUTE = "routes/admin/jobs/index";

type Manifest = { __reactRouterManifest: { routes: Record<string, { module: string }> } };

/** Once React Router knows the Jobs route (it discovers the routes of the links shown). */
async function breakJobsScreen(page: Page): Promise<() => Promise<void>> {
  const moduleUrl = await (
    await page.waitForFunction(
      (id) => (window as unknown as Manifest).__reactRouterManifest.routes[id]?.module,
      JOBS_ROUTE,
    )
  ).jsonValue();
  const url = new URL(moduleUrl!, page.url()).href;
  await page.route(url, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: "export default function Jobs() { throw new Error('Jobs failed to render (test)'); }",
    }),
  );
  return () => page.unroute(url);
}

async function expectFailedScreen(page: Page) {
  const alert = page.getByRole("alert").filter({ hasText: "This page could not be shown" });
  await expect(alert.getByRole("heading", { name: "This page could not be shown" })).toBeVisible();
  await expect(alert).toContainText("Something went wrong on our side while loading it.");
  return alert;
}

async function retryAndSeeJobs(
  page: Page,
  alert: Awaited<ReturnType<typeof expectFailedScreen>>,
  mend: () => Promise<void>,
) {
  await mend();
  await alert.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  await expect(page.getByText("This page could not be shown")).toHaveCount(0);
}

test("at 1280 px a failed screen keeps the sidebar, says what happened, and tries again", async ({
  browser,
  owner,
}) => {
  const { page } = await newClient(browser, {
    storageState: owner,
    viewport: DESKTOP,
    // The office service worker would answer the screen's code from its cache, past page.route.
    serviceWorkers: "block",
  });
  await gotoHydrated(page, "/admin");
  const mend = await breakJobsScreen(page);
  const nav = page.getByRole("navigation", { name: "Admin" });
  await nav.getByRole("link", { name: "Jobs" }).click();
  const alert = await expectFailedScreen(page);
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  // The shell is still there: another screen is one click away.
  await expect(nav.getByRole("link", { name: "Leads" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expectNoAxeViolations(page, "a failed screen, 1280 px");
  await retryAndSeeJobs(page, alert, mend);
});

test("at 375 px a failed screen keeps the menu and its drawer, and tries again", async ({
  browser,
  owner,
}) => {
  const { page } = await newClient(browser, {
    storageState: owner,
    viewport: MOBILE,
    serviceWorkers: "block",
  });
  await gotoHydrated(page, "/admin");
  await page.getByRole("button", { name: "Toggle sidebar" }).click();
  const mend = await breakJobsScreen(page);
  await page.getByRole("dialog", { name: "Admin" }).getByRole("link", { name: "Jobs" }).click();
  const alert = await expectFailedScreen(page);
  await expectNoAxeViolations(page, "a failed screen, 375 px");
  await page.getByRole("button", { name: "Toggle sidebar" }).click();
  await expect(
    page.getByRole("dialog", { name: "Admin" }).getByRole("link", { name: "Leads" }),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await retryAndSeeJobs(page, alert, mend);
});
