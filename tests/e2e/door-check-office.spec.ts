import { expect, test } from "./support/test";
import { expectToast, newClient } from "./support/auth-helpers";
import { gotoHydrated, MOBILE } from "./support/browser";
import { expectFitsAndPassesAxe, expectNoAxeViolations } from "./support/screen-checks";
import { acceptOnPhone, dispatchNewLead, quoteAndComplete } from "./support/dispatch-helpers";

// The approval code goes to the customer's phone, the fake Twilio.
test.use({ texting: true });

/*
 * The door check as the office sees it (issue 49, decision 0069): the lead page says the job's
 * check in words, an owner opens the record (1280 px), Reports counts the opening for its
 * locksmith, and Settings → Door checks keeps records for the years the owner sets (375 px).
 */
test("the office reads the check, opens the record, counts it, and sets how long it is kept", async ({
  browser,
  office,
  owner,
  phones,
}) => {
  test.slow();
  const { jobPath, leadPath, smith } = await dispatchNewLead(office.page, {
    textConsent: true,
    serviceType: "residential",
  });
  const job = await acceptOnPhone(browser, jobPath);
  await quoteAndComplete(job, phones, "150");
  await expect(job.getByRole("heading", { level: 1, name: "Job completed" })).toBeVisible();

  // The lead page, 1280 px: checked, by whom, what in general terms; never the ID's digits.
  const desk = office.page;
  await gotoHydrated(desk, leadPath);
  await expect(desk.getByText("Door check: Checked")).toBeVisible();
  await expect(
    desk.getByText(new RegExp(`by ${smith} on .*: photo ID, a document of authority`)),
  ).toBeVisible();
  await expect(desk.getByText("4821")).toHaveCount(0);
  await expectNoAxeViolations(desk, "lead page with a door check, 1280 px");

  await desk.getByRole("link", { name: /^Open the record of job/ }).click();
  await expect(desk.getByRole("heading", { level: 1, name: /^Door check of job/ })).toBeVisible();
  await expect(desk.getByText("4821")).toBeVisible();
  await expect(desk.getByText("On the locksmith's screen")).toBeVisible();
  await expectNoAxeViolations(desk, "door-check record, 1280 px");

  // Reports, 1280 px: the opening counts as checked for its locksmith.
  await gotoHydrated(desk, "/admin/reports?period=today");
  const table = desk.getByRole("region", { name: "Door checks by locksmith (scrolls sideways)" });
  const row = table.getByRole("row", { name: new RegExp(smith) });
  await expect(row.getByRole("cell")).toHaveText(["1", "1", "0", "0"]);
  await expectNoAxeViolations(desk, "reports with door checks, 1280 px");

  // At 375 px: the report scrolls in its own frame; the retention form says what is wrong.
  const phone = await newClient(browser, { storageState: owner, viewport: MOBILE });
  const small = phone.page;
  await gotoHydrated(small, "/admin/reports?period=today");
  await expect(small.getByRole("heading", { name: "Door checks by locksmith" })).toBeVisible();
  await expectFitsAndPassesAxe(small, "reports with door checks, 375 px");

  await gotoHydrated(small, "/admin/settings/door-checks");
  await small.getByLabel("Legal minimum (years)").fill("4");
  await small.getByLabel("Keep records for (years)").fill("3");
  await small.getByRole("button", { name: "Save door check settings" }).click();
  await expect(small.getByText(/Keep records at least as long as the legal minimum/)).toBeVisible();
  await expect(small.getByLabel("Keep records for (years)")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expectNoAxeViolations(small, "door check settings with an error, 375 px");
  await small.getByLabel("Keep records for (years)").fill("5");
  await small.getByRole("button", { name: "Save door check settings" }).click();
  await expectToast(small, "Door check settings saved", {
    description: "Records are kept 5 years, then their contents are purged.",
  });
  await expectFitsAndPassesAxe(small, "door check settings, 375 px");
  // Back to the default, for the other walks.
  await small.getByLabel("Legal minimum (years)").fill("3");
  await small.getByLabel("Keep records for (years)").fill("3");
  await small.getByRole("button", { name: "Save door check settings" }).click();
  await expectToast(small, "Door check settings saved");
});
