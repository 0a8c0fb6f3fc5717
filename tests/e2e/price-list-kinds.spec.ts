import { expect, test } from "./support/test";
import { expectToast, newClient } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectFitsAndPassesAxe, expectNoAxeViolations } from "./support/screen-checks";
import { acceptOnPhone, dispatchNewLead } from "./support/dispatch-helpers";
import { gotoPublicPage } from "./support/site";

/*
 * The price list decides what a quote may contain (issue 45, decision 0066): a trip charge is
 * refused on the locksmith's phone; an after-hours line is no choice until an owner turns the
 * rate on in Settings → Prices, and then the home page states it. One price per service: the
 * automotive page prices a car lockout as the lockout it is.
 */

const TRIP_REFUSED =
  "We promise no trip charges and free estimates: no line may charge for the trip. Price the work itself.";

test("a trip charge is refused; the after-hours rate is offered and published only once an owner turns it on", async ({
  browser,
  office,
}) => {
  test.slow();
  const { jobPath } = await dispatchNewLead(office.page);
  const job = await acceptOnPhone(browser, jobPath);

  // 375 px, the rate off: no after-hours choice, and a trip charge is refused beside its line.
  const kind = job.getByLabel("Line 1: for");
  await expect(kind.locator("option")).toHaveText(["Work", "Parts"]);
  await job.getByLabel("Line 1: what").fill("Trip charge");
  await job.getByLabel("Line 1: $").fill("50");
  await job.getByRole("button", { name: /^Save the (new )?quote$/ }).click();
  await expect(job.getByText(TRIP_REFUSED)).toBeVisible();
  await expect(job.getByLabel("Line 1: what")).toHaveAttribute("aria-invalid", "true");
  await expectFitsAndPassesAxe(job, "a refused trip charge, 375 px");
  await job.screenshot({ path: test.info().outputPath("trip-refused-375.png"), fullPage: true });

  // The home page promises one price around the clock while the rate is off.
  const visitor = await newClient(browser, { viewport: MOBILE });
  await gotoPublicPage(visitor.page, "/");
  await expect(
    visitor.page.getByText("One price around the clock: no after-hours rate."),
  ).toBeVisible();

  // 1280 px: the owner turns a $40 rate on; a missing amount is said next to the field.
  await gotoHydrated(office.page, "/admin/settings/prices");
  const card = office.page.locator("form").filter({ hasText: "After-hours rate" });
  await card.getByLabel("Charge an after-hours rate").check();
  await card.getByRole("button", { name: "Save the after-hours rate" }).click();
  await expect(card.getByText("Enter the after-hours rate, from $1 to $500")).toBeVisible();
  await card.getByLabel("After-hours rate ($)").fill("40");
  await card.getByRole("button", { name: "Save the after-hours rate" }).click();
  await expectToast(office.page, "After-hours rate saved", { type: "success" });
  await expectNoAxeViolations(office.page, "Settings → Prices with the after-hours rate, 1280 px");
  await office.page.screenshot({
    path: test.info().outputPath("after-hours-1280.png"),
    fullPage: true,
  });
  try {
    // The home page (its cache dropped by the change) states the rate and when it applies.
    await expect(async () => {
      await visitor.page.reload();
      await expect(
        visitor.page.getByText(
          "After-hours rate: work from 8 pm to 7 am adds $40, said with the price before any work starts.",
        ),
      ).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expectNoAxeViolations(visitor.page, "home page with the after-hours rate, 375 px");
    // The service and city pages say it beside their prices too.
    for (const path of ["/services/emergency", "/service-areas/oak-lawn-locksmith"]) {
      await gotoPublicPage(visitor.page, path);
      await expect(
        visitor.page.getByText(/After-hours rate: work from 8 pm to 7 am adds \$40/),
      ).toBeVisible();
      await expectFitsAndPassesAxe(visitor.page, `${path} with the after-hours rate, 375 px`);
      await visitor.page.screenshot({
        path: test.info().outputPath(`after-hours${path.replaceAll("/", "-")}-375.png`),
        fullPage: false,
      });
    }

    // The locksmith may now choose it, named with its amount.
    await job.reload();
    await expect(job.getByLabel("Line 1: for").locator("option")).toHaveText([
      "Work",
      "Parts",
      "After hours ($40.00)",
    ]);
  } finally {
    await gotoHydrated(office.page, "/admin/settings/prices");
    await card.getByLabel("Charge an after-hours rate").uncheck();
    await card.getByRole("button", { name: "Save the after-hours rate" }).click();
    await expectToast(office.page, "After-hours rate saved", { type: "success" });
  }
  await office.context.close();
  await visitor.context.close();
});

for (const [label, viewport] of [
  ["375 px", MOBILE],
  ["1280 px", DESKTOP],
] as const) {
  test(`at ${label}: the automotive page prices a car lockout as every lockout`, async ({
    browser,
  }) => {
    const { page, context } = await newClient(browser, { viewport });
    await gotoPublicPage(page, "/services/emergency");
    const hero = (text: string | RegExp) => page.locator("p").filter({ hasText: text }).first();
    const lockout = (await hero(/^Typical price: /).textContent())!.replace(
      /^Typical price: (\S+),.*$/,
      "$1",
    );
    expect(lockout).toMatch(/^\$\d+–\$\d+$/);
    await gotoPublicPage(page, "/services/automotive");
    await expect(hero(`Car lockouts: ${lockout},`)).toBeVisible();
    await expect(hero(/^Car keys: \$\d+–\$\d+,/)).toBeVisible();
    await expectFitsAndPassesAxe(page, `automotive page at ${label}`);
    await page.screenshot({
      path: test.info().outputPath(`automotive-${viewport.width}.png`),
      fullPage: true,
    });
    await context.close();
  });
}
