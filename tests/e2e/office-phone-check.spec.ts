import { expect, test } from "./support/test";
import { expectToast, newClient } from "./support/auth-helpers";
import { gotoHydrated, MOBILE } from "./support/browser";
import { expectFitsAndPassesAxe, expectNoAxeViolations } from "./support/screen-checks";
import { dispatchNewLead, fillDoorCheck } from "./support/dispatch-helpers";

const LOCKED =
  "No door check is recorded for this job yet: record the check the locksmith reads out by phone, then price or complete it";

// Each test walks a whole job in the browser: three times the usual timeout.
test.slow();

/*
 * The office's side of the door check (decision 0075), at 1280 px: a home lockout accepted by a
 * locksmith who cannot use the job page shows why it cannot be priced; Edit Pricing, forced
 * open, is refused with the sentence; the office records the check the locksmith reads out by
 * phone (a missing tick refused in words first), and the price then saves. The form at 375 px.
 */
test("the office records a check read out by phone, and only then prices the lockout", async ({
  browser,
  office,
  owner,
}) => {
  const desk = office.page;
  const { jobPath, leadPath } = await dispatchNewLead(desk, { serviceType: "residential" });
  // The locksmith accepts on the job page, and goes no further there: the check comes by phone.
  const smithPhone = await newClient(browser, { viewport: MOBILE });
  await smithPhone.page.goto(jobPath);
  await smithPhone.page.getByRole("button", { name: "Accept the job" }).click();
  await expect(
    smithPhone.page.getByRole("heading", { level: 1, name: "Job accepted" }),
  ).toBeVisible();
  await smithPhone.context.close();

  // The lead page names the job; Jobs says why there is no Edit Pricing.
  await gotoHydrated(desk, leadPath);
  const phoneLink = desk.getByRole("link", { name: /^Record it by phone for job/ }).first();
  const phoneCheckPath = await phoneLink.getAttribute("href");
  const jobId = phoneCheckPath!.split("/")[3]!;
  await gotoHydrated(desk, `/admin/jobs?q=${jobId.slice(0, 8)}`);
  const row = desk.getByRole("row", { name: new RegExp(jobId.slice(0, 8)) });
  await expect(row.getByText(`${LOCKED}.`)).toBeVisible();
  await expect(row.getByRole("button", { name: /Edit Pricing/ })).toHaveCount(0);
  await expect(
    row.getByRole("option", { name: "Completed (after the door check)" }),
  ).toBeDisabled();

  // Forced open by its address, Edit Pricing is refused on the server, in words.
  await gotoHydrated(desk, `/admin/jobs?q=${jobId.slice(0, 8)}&open=pricing&id=${jobId}`);
  const dialog = desk.getByRole("dialog");
  await dialog.getByLabel("Final price ($)").fill("185");
  await dialog.getByRole("button", { name: "Save pricing" }).click();
  await expect(dialog.getByText(LOCKED)).toBeVisible();

  // The form at 375 px, before anything is recorded.
  const phone = await newClient(browser, { storageState: owner, viewport: MOBILE });
  await gotoHydrated(phone.page, phoneCheckPath!);
  await expect(
    phone.page.getByRole("heading", { level: 1, name: /^Door check by phone, job/ }),
  ).toBeVisible();
  await expectFitsAndPassesAxe(phone.page, "door check by phone, 375 px");
  await phone.page.screenshot({
    path: test.info().outputPath("phone-check-375.png"),
    fullPage: true,
  });
  await phone.context.close();

  // The office types what the locksmith reads out; without the tick it is refused, in words.
  await gotoHydrated(desk, phoneCheckPath!);
  await fillDoorCheck(desk, { asker: "Cara Customer" });
  await desk
    .getByLabel("The customer's full name, as the locksmith reads it out")
    .fill("Cara Customer");
  await desk.getByRole("button", { name: "Record the check by phone" }).click();
  await expect(
    desk.getByText("Tick the box once the locksmith says the customer gave the statement out loud"),
  ).toBeVisible();
  await expectNoAxeViolations(desk, "door check by phone with an error, 1280 px");
  await desk.screenshot({ path: test.info().outputPath("phone-check-1280.png"), fullPage: true });

  await fillDoorCheck(desk, { asker: "Cara Customer" });
  await desk.getByRole("checkbox", { name: /agreed to it out loud/ }).check();
  await desk.getByRole("button", { name: "Record the check by phone" }).click();
  await expectToast(desk, "Door check recorded");
  await expect(desk).toHaveURL(/\/admin\/jobs\?q=/);
  await expect(row.getByText(/given out loud, not signed; reported by phone to/)).toBeVisible();
  await expectNoAxeViolations(desk, "jobs after a check by phone, 1280 px");

  // Now Edit Pricing is offered, and the price saves.
  await row.getByRole("button", { name: /Edit Pricing/ }).click();
  await dialog.getByLabel("Final price ($)").fill("185");
  await dialog.getByRole("button", { name: "Save pricing" }).click();
  await expectToast(desk, "Pricing saved");
  await expect(row.getByText("$185.00").first()).toBeVisible();
  await desk.screenshot({ path: test.info().outputPath("jobs-priced-1280.png") });
});
