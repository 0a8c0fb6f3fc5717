import { FakeStripe } from "../helpers/fake-stripe";
import { expect, test } from "./support/test";
import { newClient } from "./support/auth-helpers";
import { gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";

/*
 * The reconciliation of a month (issue 44, decision 0054), against a fake Stripe served to
 * the worker's server (STRIPE_API_BASE) and listed through the real `stripe` SDK: money
 * Stripe took that no job recorded is listed as a difference, with totals on both sides.
 */

test("the month's reconciliation lists a payment and a refund Stripe has and the jobs do not", async ({
  browser,
  office,
  owner,
  siteServer,
}) => {
  const { page } = office;

  // Stripe down: said plainly, with what the jobs recorded.
  await gotoHydrated(page, "/admin/reconciliation");
  await expect(page.getByRole("heading", { level: 1, name: "Reconciliation" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText(
    "Stripe did not answer, so this month cannot be reconciled now.",
  );

  const stripe = new FakeStripe();
  const stray = stripe.charge(4_200);
  stripe.refunds.push({
    id: "re_dashboard_e2e",
    payment_intent: stray.payment_intent!,
    amount: 1_000,
    status: "succeeded",
    created: Math.floor(Date.now() / 1000),
  });
  const closeStripe = await stripe.listen(siteServer.stripeApiPort);
  try {
    // From the money screens' navigation.
    await gotoHydrated(page, "/admin/payouts");
    await page.getByRole("link", { name: "Reconcile with Stripe" }).click();
    await expect(page).toHaveURL(/\/admin\/reconciliation$/);
    const totals = page.getByRole("table", { name: "Totals: Stripe against the jobs" });
    await expect(totals.getByRole("row", { name: /^Paid/ })).toContainText("$42.00$0.00−$42.00");
    await expect(totals.getByRole("row", { name: /^Refunded/ })).toContainText(
      "$10.00$0.00−$10.00",
    );
    await expect(totals.getByRole("row", { name: /^Net/ })).toContainText("$32.00$0.00−$32.00");
    await expect(page.getByRole("heading", { level: 2, name: "2 differences" })).toBeVisible();
    const differences = page.getByTestId("reconciliation-differences").getByRole("listitem");
    await expect(differences).toHaveCount(2);
    await expect(differences.first()).toContainText("Payment only at Stripe");
    await expect(differences.first()).toContainText(
      "Stripe has a payment of $42.00 we have no record of.",
    );
    await expect(differences.first()).toContainText(stray.id);
    await expect(differences.nth(1)).toContainText(
      "Stripe has a refund of $10.00 we have no record of.",
    );
    await expectNoAxeViolations(page, "reconciliation with differences, 1280 px");
    await page.screenshot({
      path: test.info().outputPath("reconciliation-1280.png"),
      fullPage: true,
    });

    // Another month, through the form (a GET: the month is in the address).
    await page.getByLabel("Month").fill("2025-01");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/month=2025-01/);
    await expect(page.getByRole("heading", { level: 2, name: "January 2025" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "No differences" })).toBeVisible();

    const phone = await newClient(browser, { storageState: owner, viewport: MOBILE });
    await gotoHydrated(phone.page, "/admin/reconciliation");
    await expect(
      phone.page.getByRole("heading", { level: 2, name: "2 differences" }),
    ).toBeVisible();
    // The page and the totals table fit the phone: no sideways scrolling.
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    const table = phone.page.getByRole("table", { name: "Totals: Stripe against the jobs" });
    expect(
      await table.evaluate((element) => element.parentElement!.scrollWidth),
    ).toBeLessThanOrEqual(await table.evaluate((element) => element.parentElement!.clientWidth));
    await expectNoAxeViolations(phone.page, "reconciliation with differences, 375 px");
    await phone.page.screenshot({
      path: test.info().outputPath("reconciliation-375.png"),
      fullPage: true,
    });
  } finally {
    await closeStripe();
  }
});
